/**
 * Every cached server answer is named here, so a remote that changes
 * something invalidates what another remote shows with one line, and no two
 * screens cache the same answer under different names. A key's second part
 * says what it holds: `list` keys are refetched when the window regains
 * focus, others only when a change invalidates them.
 */
type Params = object;

const LIST = 'list';

export function isListKey(key: readonly unknown[]): boolean {
  return key.includes(LIST);
}

export const queryKeys = {
  /** The signed-in account's own security: its second factor, and its sessions (a list: refreshed on focus). */
  accountSecurity: {
    twoFactor: () => ['account-security', 'two-factor'] as const,
    sessions: () => ['account-security', LIST, 'sessions'] as const,
  },
  projects: {
    all: ['projects'] as const,
    /** Every page and filter of the list at once. */
    lists: ['projects', LIST] as const,
    list: (params: Params) => ['projects', LIST, params] as const,
    detail: (id: string) => ['projects', 'detail', id] as const,
    /** Under the project's own key: whatever reads the project again reads whom it reaches too. */
    reach: (id: string) => ['projects', 'detail', id, 'reach'] as const,
  },
  contracts: {
    all: ['contracts'] as const,
    list: () => ['contracts', LIST] as const,
    detail: (id: string) => ['contracts', 'detail', id] as const,
    statement: (id: string) => ['contracts', 'statement', id] as const,
    replacements: (id: string) => ['contracts', 'replacements', id] as const,
    /** The site record: the timeline of daily logs and the change orders. */
    dailyLogs: (id: string) => ['contracts', 'daily-logs', id] as const,
    changeOrders: (id: string) => ['contracts', 'change-orders', id] as const,
  },
  specialists: {
    all: ['specialists'] as const,
    list: (params: Params) => ['specialists', LIST, params] as const,
    detail: (id: string) => ['specialists', 'detail', id] as const,
    /** The signed-in specialist's own profile (services, verification). */
    own: () => ['specialists', 'own'] as const,
  },
  /** The public directory (anyone may read it); a new review changes a profile's rating and the client's pending list. */
  professionals: {
    all: ['professionals'] as const,
    list: (params: Params) => ['professionals', LIST, params] as const,
    detail: (id: string) => ['professionals', 'detail', id] as const,
  },
  reviews: {
    pending: () => ['reviews', 'pending'] as const,
  },
  /** The signed-in person's e-mail settings (on or off per kind). */
  emailPreferences: {
    own: () => ['email-preferences', 'own'] as const,
  },
  /** Designs come translated and priced by the API: the locale and currency are part of the question. */
  designs: {
    all: ['designs'] as const,
    list: (params: Params) => ['designs', LIST, params] as const,
    popular: (params: Params) => ['designs', 'popular', params] as const,
  },
  /** Invitations to quote: those a client sent, or those a specialist received. */
  invites: {
    all: ['invites'] as const,
    list: () => ['invites', LIST] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    client: () => ['dashboard', 'client'] as const,
    specialist: () => ['dashboard', 'specialist'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
    /** The texts come translated from the API. */
    list: (locale: string) => ['notifications', LIST, locale] as const,
  },
  /** The reader's conversations: the list and the badge move together when a message comes or is read. */
  conversations: {
    all: ['conversations'] as const,
    list: () => ['conversations', LIST] as const,
    unreadCount: () => ['conversations', 'unread-count'] as const,
    thread: (id: string) => ['conversations', 'thread', id] as const,
  },
  /** The back office reads the same records through other routes, with more fields: never the client's keys. */
  admin: {
    all: ['admin'] as const,
    users: {
      all: ['admin', 'users'] as const,
      list: (params: Params) => ['admin', 'users', LIST, params] as const,
      summary: (role: string) => ['admin', 'users', 'summary', role] as const,
      detail: (id: string) => ['admin', 'users', 'detail', id] as const,
    },
    experts: () => ['admin', 'experts', LIST] as const,
    admins: () => ['admin', 'admins'] as const,
    audit: (params: Params) => ['admin', 'audit', LIST, params] as const,
    outbox: (to: string) => ['admin', 'outbox', LIST, to] as const,
    escrow: {
      all: ['admin', 'escrow'] as const,
      summary: () => ['admin', 'escrow', 'summary'] as const,
      contracts: (params: Params) => ['admin', 'escrow', 'contracts', LIST, params] as const,
      contract: (id: string) => ['admin', 'escrow', 'contract', id] as const,
      statement: (id: string) => ['admin', 'escrow', 'statement', id] as const,
      disputes: (status: string) => ['admin', 'escrow', 'disputes', LIST, status] as const,
      dispute: (id: string) => ['admin', 'escrow', 'dispute', id] as const,
      siteRecord: (id: string) => ['admin', 'escrow', 'site-record', id] as const,
    },
    /** A thread as the admin reads it (hidden bodies included), by its id or by the contract it continues on. */
    conversations: {
      all: ['admin', 'conversations'] as const,
      detail: (id: string) => ['admin', 'conversations', 'detail', id] as const,
      ofContract: (contractId: string) => ['admin', 'conversations', 'contract', contractId] as const,
      reports: () => ['admin', 'conversations', 'reports', LIST] as const,
    },
  },
};
