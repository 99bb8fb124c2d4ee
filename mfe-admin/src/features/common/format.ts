/** Dates in the page's language; the API sends ISO strings. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatBytes(size: number, locale: string): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (size < 1024) return format(size, locale === 'fr' ? 'o' : 'B');
  if (size < 1024 * 1024) return format(size / 1024, locale === 'fr' ? 'Ko' : 'KB');
  return format(size / (1024 * 1024), locale === 'fr' ? 'Mo' : 'MB');
}

/** Today as `YYYY-MM-DD` in the admin's own time zone (the default date of a check). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
