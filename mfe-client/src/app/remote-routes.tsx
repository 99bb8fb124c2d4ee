import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'main.dashboard': lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
    'main.projects': lazy(() => import('../features/projects/projects-page').then((m) => ({ default: m.ProjectsPage }))),
    'main.create': lazy(() => import('../features/create-project/create-project-page').then((m) => ({ default: m.CreateProjectPage }))),
    'main.settings': lazy(() => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
    'main.project': lazy(() => import('../features/projects/project-detail-page').then((m) => ({ default: m.ProjectDetailPage }))),
    'main.specialist': lazy(() => import('../features/specialists/specialist-page').then((m) => ({ default: m.SpecialistPage }))),
    'main.specialists': lazy(() => import('../features/specialists/specialists-page').then((m) => ({ default: m.SpecialistsPage }))),
    'main.escrow': lazy(() => import('../features/escrow/escrow-page').then((m) => ({ default: m.EscrowPage }))),
    'main.contract': lazy(() => import('../features/escrow/contract-page').then((m) => ({ default: m.ContractPage }))),
    'main.catalog': lazy(() => import('../features/catalog/catalog-page').then((m) => ({ default: m.ClientCatalogPage }))),
    'main.messages': lazy(() => import('../features/conversations/messages-page').then((m) => ({ default: m.MessagesPage }))),
    'main.conversation': lazy(() => import('../features/conversations/messages-page').then((m) => ({ default: m.MessagesPage }))),
  },
}) satisfies RemoteModules['mfe_client']['Routes'];
