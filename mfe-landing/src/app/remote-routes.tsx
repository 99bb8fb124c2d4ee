import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

/** The public pages, each loaded when its route is first opened. */
// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    Home: lazy(() => import('./home-page')),
    Contractors: lazy(() => import('../features/contractors/contractors-page')),
    TermsOfService: lazy(() => import('../features/legal/terms-page')),
    PrivacyPolicy: lazy(() => import('../features/legal/privacy-page')),
    Catalog: lazy(() => import('../features/catalog/catalog-notice-page')),
  },
}) satisfies RemoteModules['mfe_landing']['Routes'];
