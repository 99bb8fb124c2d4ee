import type { CatalogLoader, Locale } from 'shared/i18n';

// One import per language rather than a template, which webpack maps in a chunk of its own.
const CATALOGS: Record<Locale, CatalogLoader> = {
  en: () => import('../locales/en'),
  fr: () => import('../locales/fr'),
};

export const loadShellCatalog: CatalogLoader = (locale) => CATALOGS[locale](locale);
