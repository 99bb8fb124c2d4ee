import { numberFormat } from 'shared/i18n';

/** Dates come from shared/ui, the same in every area. */
export { formatDate, formatDateTime } from 'shared/ui';

export function formatBytes(size: number, locale: string): string {
  const format = (value: number, unit: string) => `${numberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (size < 1024) return format(size, locale === 'fr' ? 'o' : 'B');
  if (size < 1024 * 1024) return format(size / 1024, locale === 'fr' ? 'Ko' : 'KB');
  return format(size / (1024 * 1024), locale === 'fr' ? 'Mo' : 'MB');
}

/** Today as `YYYY-MM-DD` in the admin's own time zone (the default date of a check). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
