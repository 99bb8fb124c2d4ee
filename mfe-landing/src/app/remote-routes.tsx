import { createRemoteRoutes, lazyPage } from 'shared/remote';
import { CATALOG_NAME, loadCatalog, withPageMessages } from './catalog';
import type { RemoteModules } from 'shared/federation';

/** The public pages, each loaded when its route is first opened; the pages besides home bring their own catalog. */
// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    Home: lazyPage(() => import('./home-page')),
    Contractors: lazyPage(withPageMessages(() => import('../features/contractors/contractors-page'))),
    TermsOfService: lazyPage(withPageMessages(() => import('../features/legal/terms-page'))),
    PrivacyPolicy: lazyPage(withPageMessages(() => import('../features/legal/privacy-page'))),
    Fees: lazyPage(withPageMessages(() => import('../features/fees/fees-page'))),
    Catalog: lazyPage(withPageMessages(() => import('../features/catalog/catalog-page'))),
    Professionals: lazyPage(withPageMessages(() => import('../features/professionals/professionals-page'))),
    Professional: lazyPage(withPageMessages(() => import('../features/professionals/professional-page'))),
    AddReview: lazyPage(withPageMessages(() => import('../features/reviews/add-review-page'))),
    Demo: lazyPage(withPageMessages(() => import('../features/demo/demo-page'))),
  },
}) satisfies RemoteModules['mfe_landing']['Routes'];
