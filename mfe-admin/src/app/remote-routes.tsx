import { lazy } from 'react';
import { createRemoteRoutes } from 'shared/remote';
import { CATALOG_NAME, loadCatalog } from './catalog';
import type { RemoteModules } from 'shared/federation';

const dashboards = () => import('../features/users/dashboard-pages');

// What the shell loads as ./Routes: its shape is the federation contract's (shared/src/federation/contract.ts).
export default createRemoteRoutes({
  name: CATALOG_NAME,
  loadCatalog,
  pages: {
    'admin.clients': lazy(() => dashboards().then((m) => ({ default: m.ClientsPage }))),
    'admin.contractors': lazy(() => dashboards().then((m) => ({ default: m.ContractorsPage }))),
    'admin.assessors': lazy(() => import('../features/users/assessors-page').then((m) => ({ default: m.AssessorsPage }))),
    'admin.user': lazy(() => import('../features/user-detail/user-page').then((m) => ({ default: m.UserPage }))),
    'admin.audit': lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage }))),
    'admin.escrow': lazy(() => import('../features/escrow/escrow-page').then((m) => ({ default: m.EscrowPage }))),
    'admin.contract': lazy(() => import('../features/contract-detail/contract-page').then((m) => ({ default: m.ContractPage }))),
    'admin.disputes': lazy(() => import('../features/disputes/disputes-page').then((m) => ({ default: m.DisputesPage }))),
    'admin.dispute': lazy(() => import('../features/disputes/dispute-page').then((m) => ({ default: m.DisputePage }))),
    'admin.conversation': lazy(() => import('../features/conversations/conversation-page').then((m) => ({ default: m.ConversationPage }))),
    'admin.message-reports': lazy(() => import('../features/conversations/message-reports-page').then((m) => ({ default: m.MessageReportsPage }))),
    'admin.outbox': lazy(() => import('../features/outbox/outbox-page').then((m) => ({ default: m.OutboxPage }))),
  },
}) satisfies RemoteModules['mfe_admin']['Routes'];
