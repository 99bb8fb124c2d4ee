import type { CatalogLoader } from './catalogs';

/** The messages of the shared package itself (UI primitives, validation messages). */
export const loadSharedCatalog: CatalogLoader = (locale) => import(`../locales/${locale}.ts`);
