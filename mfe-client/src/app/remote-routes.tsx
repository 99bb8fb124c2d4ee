import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';

const screens = () => import('../features/screens/placeholder-screens');

export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'main.dashboard': lazy(() => screens().then((m) => ({ default: m.DashboardPage }))),
    'main.projects': lazy(() => screens().then((m) => ({ default: m.ProjectsPage }))),
    'main.create': lazy(() => screens().then((m) => ({ default: m.CreateProjectPage }))),
    'main.settings': lazy(() => screens().then((m) => ({ default: m.SettingsPage }))),
    'main.specialists': lazy(() => screens().then((m) => ({ default: m.SpecialistsPage }))),
    'main.escrow': lazy(() => screens().then((m) => ({ default: m.EscrowPage }))),
    'main.catalog': lazy(() => screens().then((m) => ({ default: m.ClientCatalogPage }))),
  },
});
