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

export function storeLocale(locale: Locale, storage: KeyValueStorage = browserStorage()): void {
  storage.setItem(STORAGE_KEYS.locale, locale);
}
