import type { CatalogLoader } from 'shared/i18n';

export const loadShellCatalog: CatalogLoader = (locale) => import(`../locales/${locale}.ts`);
