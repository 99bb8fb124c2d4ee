import { dateTimeFormat } from '../i18n/intl-formats';

/**
 * Dates in the page's language; the API sends ISO 8601. A calendar date
 * ("2026-03-01") is a day, not an instant: it is read at noon UTC and shown in
 * UTC so no time zone moves it to the day before.
 */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale || 'en', { dateStyle: 'medium', timeZone: day ? 'UTC' : undefined }).format(date);
}

/** An instant with its time of day, in the reader's time zone. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
