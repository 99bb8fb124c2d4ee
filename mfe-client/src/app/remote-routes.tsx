import { createRemoteRoutes, lazyPage } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'main.dashboard': lazyPage(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
    'main.projects': lazyPage(() => import('../features/projects/projects-page').then((m) => ({ default: m.ProjectsPage }))),
    'main.create': lazyPage(() => import('../features/create-project/create-project-page').then((m) => ({ default: m.CreateProjectPage }))),
    'main.settings': lazyPage(() => import('./settings-route').then((m) => ({ default: m.SettingsRoute }))),
    'main.project': lazyPage(() => import('../features/projects/project-detail-page').then((m) => ({ default: m.ProjectDetailPage }))),
    'main.specialist': lazyPage(() => import('../features/specialists/specialist-page').then((m) => ({ default: m.SpecialistPage }))),
    'main.specialists': lazyPage(() => import('../features/specialists/specialists-page').then((m) => ({ default: m.SpecialistsPage }))),
    'main.escrow': lazyPage(() => import('../features/escrow/escrow-page').then((m) => ({ default: m.EscrowPage }))),
    'main.contract': lazyPage(() => import('../features/escrow/contract-page').then((m) => ({ default: m.ContractPage }))),
    'main.catalog': lazyPage(() => import('../features/catalog/catalog-page').then((m) => ({ default: m.ClientCatalogPage }))),
    'main.messages': lazyPage(() => import('../features/conversations/messages-page').then((m) => ({ default: m.MessagesPage }))),
    'main.conversation': lazyPage(() => import('../features/conversations/messages-page').then((m) => ({ default: m.MessagesPage }))),
  },
}) satisfies RemoteModules['mfe_client']['Routes'];
