import { registerCatalog, type CatalogLoader, type Locale } from 'shared/i18n';

export const CATALOG_NAME = 'mfe-landing';

const HOME_CATALOGS: Record<Locale, CatalogLoader> = {
  en: () => import('../locales/en'),
  fr: () => import('../locales/fr'),
};

/** The messages of the home page and of what every page shows (lingui.config.ts). */
export const loadCatalog: CatalogLoader = (locale) => HOME_CATALOGS[locale](locale);

const PAGE_CATALOGS: Record<Locale, CatalogLoader> = {
  en: () => import('../locales/pages-en'),
  fr: () => import('../locales/pages-fr'),
};

/**
 * A page other than home: its code and the second catalog load together, so
 * the page never renders before its messages and the home page (the first
 * visit's page) downloads neither. Registered, so a switch of language loads
 * it too.
 */
export function withPageMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), registerCatalog(`${CATALOG_NAME}-pages`, (locale) => PAGE_CATALOGS[locale](locale))]).then(([page]) => page);
}
