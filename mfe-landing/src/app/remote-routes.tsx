import { createRemoteRoutes, lazyPage } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

/** The public pages, each loaded when its route is first opened. */
// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    Home: lazyPage(() => import('./home-page')),
    Contractors: lazyPage(() => import('../features/contractors/contractors-page')),
    TermsOfService: lazyPage(() => import('../features/legal/terms-page')),
    PrivacyPolicy: lazyPage(() => import('../features/legal/privacy-page')),
    Catalog: lazyPage(() => import('../features/catalog/catalog-notice-page')),
  },
}) satisfies RemoteModules['mfe_landing']['Routes'];
