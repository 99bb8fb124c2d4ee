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
  if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * The locale for a list of language tags in order of preference (the browser's
 * languages, or the Accept-Language header): the first one we translate into,
 * English when none. The server answers a first visit with the same choice.
 */
export function negotiateLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The remembered locale, else the browser's preferred languages, else English: the first visit follows the browser. */
export function initialLocale(storage: KeyValueStorage = browserStorage()): Locale {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return negotiateLocale(languages);
}
