import type { CatalogLoader } from 'shared/i18n';

export const CATALOG_NAME = 'mfe-client';

export const loadCatalog: CatalogLoader = (locale) => import(`../locales/${locale}.ts`);
