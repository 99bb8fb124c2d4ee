import { createRemoteRoutes, lazyPage } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

const dashboards = () => import('../features/users/dashboard-pages');

// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'admin.clients': lazyPage(() => dashboards().then((m) => ({ default: m.ClientsPage }))),
    'admin.contractors': lazyPage(() => dashboards().then((m) => ({ default: m.ContractorsPage }))),
    'admin.assessors': lazyPage(() => import('../features/users/assessors-page').then((m) => ({ default: m.AssessorsPage }))),
    'admin.user': lazyPage(() => import('../features/user-detail/user-page').then((m) => ({ default: m.UserPage }))),
    'admin.audit': lazyPage(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage }))),
    'admin.escrow': lazyPage(() => import('../features/escrow/escrow-page').then((m) => ({ default: m.EscrowPage }))),
    'admin.contract': lazyPage(() => import('../features/contract-detail/contract-page').then((m) => ({ default: m.ContractPage }))),
    'admin.disputes': lazyPage(() => import('../features/disputes/disputes-page').then((m) => ({ default: m.DisputesPage }))),
    'admin.dispute': lazyPage(() => import('../features/disputes/dispute-page').then((m) => ({ default: m.DisputePage }))),
    'admin.conversation': lazyPage(() => import('../features/conversations/conversation-page').then((m) => ({ default: m.ConversationPage }))),
    'admin.message-reports': lazyPage(() =>
      import('../features/conversations/message-reports-page').then((m) => ({ default: m.MessageReportsPage })),
    ),
    'admin.outbox': lazyPage(() => import('../features/outbox/outbox-page').then((m) => ({ default: m.OutboxPage }))),
    'admin.security': lazyPage(() => import('../features/account-security/security-page').then((m) => ({ default: m.SecurityPage }))),
  },
}) satisfies RemoteModules['mfe_admin']['Routes'];
