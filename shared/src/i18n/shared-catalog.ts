import type { Locale } from './locale';
import type { CatalogLoader } from './catalogs';

// One import per language, not a template: webpack would add a chunk of its own, one more script on every page, to map the names.
const CATALOGS: Record<Locale, CatalogLoader> = {
  en: () => import('../locales/en'),
  fr: () => import('../locales/fr'),
};

/** The messages of the shared package itself (UI primitives, validation messages). */
export const loadSharedCatalog: CatalogLoader = (locale) => CATALOGS[locale](locale);
