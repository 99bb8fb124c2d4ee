import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';

const screens = () => import('../features/screens/placeholder-screens');

export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'admin.clients': lazy(() => screens().then((m) => ({ default: m.ClientsPage }))),
    'admin.contractors': lazy(() => screens().then((m) => ({ default: m.ContractorsAdminPage }))),
    'admin.assessors': lazy(() => screens().then((m) => ({ default: m.AssessorsPage }))),
  },
});
