import { STORAGE_KEYS, browserStorage, type KeyValueStorage } from '../session/storage-keys';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Names shown by the language switcher, each in its own language. */
export const LOCALE_LABELS: Record<Locale, string> = { en: 'English', fr: 'Français' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The remembered locale (`locale` in local storage), `en` when none or an unknown one is stored. */
export function readStoredLocale(storage: KeyValueStorage = browserStorage()): Locale {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The cookie that tells the server the visitor's language, so the page it
 * sends (prerendered public pages) is already in the language the shell picks.
 */
export const LOCALE_COOKIE = 'locale';

export function storeLocale(locale: Locale, storage: KeyValueStorage = browserStorage()): void {
  storage.setItem(STORAGE_KEYS.locale, locale);
  if (typeof document !== 'undefined') writeLocaleCookie(locale);
}

function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * The locale the shell starts in: the remembered choice, else English (the
 * spec's default, whatever the browser's language). The cookie is written
 * again so the server's next page agrees even for a choice remembered before
 * the cookie existed.
 */
export function initialLocale(storage: KeyValueStorage = browserStorage()): Locale {
  const locale = readStoredLocale(storage);
  if (typeof document !== 'undefined' && isLocale(storage.getItem(STORAGE_KEYS.locale))) writeLocaleCookie(locale);
  return locale;
}
