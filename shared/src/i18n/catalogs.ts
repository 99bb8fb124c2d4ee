import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, storeLocale, type Locale } from './locale';

/** Loads one package's compiled catalog for a locale (usually a dynamic import of `locales/<locale>.ts`). */
export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;

const loaders = new Map<string, CatalogLoader>();
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

const keyOf = (name: string, locale: Locale) => `${name}:${locale}`;

function ensure(name: string, loader: CatalogLoader, locale: Locale): Promise<void> {
  const key = keyOf(name, locale);
  let pending = loading.get(key);
  if (!pending) {
    pending = loader(locale).then(
      ({ messages }) => {
        // i18n.load merges, so every package adds its messages to the one instance.
        i18n.load(locale, messages);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The active locale, or the default before any is activated. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export function isCatalogLoaded(name: string, locale: Locale): boolean {
  return loaded.has(keyOf(name, locale));
}

/**
 * Registers a package's catalog with the page's i18n instance and loads it for
 * `locale`, the active one unless said otherwise. Later locale switches load
 * it before activating, so a mounted remote re-renders straight into the new
 * language. A start-up registers its catalogs before it activates the
 * visitor's language: it names that language, or a French visitor would also
 * download and read the English catalogs (the default until one is active).
 */
export function registerCatalog(name: string, loader: CatalogLoader, locale: Locale = currentLocale()): Promise<void> {
  loaders.set(name, loader);
  return ensure(name, loader, locale);
}

/** Loads every registered catalog for `locale`, then activates it and remembers it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...loaders].map(([name, loader]) => ensure(name, loader, locale)));
  i18n.activate(locale);
  storeLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
