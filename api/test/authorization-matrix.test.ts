import { createTestApp, type TestApp } from './test-app';
import { ADMIN, adminToken, TEST_ADMIN_SECRET as MATRIX_SECRET } from './admin-helpers';
import { giveUserSecondFactor } from './two-factor-helpers';
import { createSession } from '../src/accounts/sessions';
import { GOOD_PASSWORD, bearer, login } from './accounts-helpers';
import { createClient, createSpecialist, multipart, PDF_BYTES, projectFields, type Person } from './marketplace-helpers';
import { PNG_BYTES, assignExpert, complete, fund, type EscrowParties } from './escrow-helpers';

/**
 * Every API route × every kind of caller, with the answer each must get.
 * The routes come from the app itself: a route added without an entry here
 * fails the first test, so nobody ships an endpoint whose access was never
 * thought through.
 *
 * Expectations: a status code (the caller is turned away, exactly so), `ok`
 * (let through: any answer that is not 401, 403, 404 or a server error; a
 * 409 or 422 from an empty or repeated body still proves access), or
 * `public` (anyone: anything but 403 and server errors).
 */
type Expectation = number | 'ok' | 'public';

const CALLERS = ['anonymous', 'admin', 'clientB', 'unverified', 'expert', 'verified', 'clientA'] as const;
type Caller = (typeof CALLERS)[number];

interface Ctx {
  projectId: string;
  contractedProjectId: string;
  documentId: string;
  spareDocumentId: string;
  quoteId: string;
  openQuoteId: string;
  inviteId: string;
  verifiedId: string;
  targetUserId: string;
  contractId: string;
  milestoneId: string;
  photoId: string;
  entryId: string;
  /** The statement movement of the fixture's funding (its receipt). */
  fundingId: string;
  changeOrderId: string;
  disputeId: string;
  conversationId: string;
  messageId: string;
  spareMessageId: string;
  attachmentId: string;
}

interface Entry {
  /** Path with `:params` filled from the fixtures. */
  url: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => { payload: object | Buffer; headers?: Record<string, string> };
  expect: Record<Caller, Expectation>;
  /** The call ends the caller's session: use a session of its own. */
  freshSession?: boolean;
  /** The call ends every session of the caller: sign the caller in again afterwards. */
  endsEverySession?: boolean;
  /** The answer never ends (an event stream): its status is read, then the stream is let go. */
  stream?: boolean;
}

const everyone = (expectation: Expectation): Record<Caller, Expectation> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, expectation])) as Record<Caller, Expectation>;
/** Signed-in users of the client area, whatever their role; anonymous and admin tokens get 401. */
const anyUser = (overrides: Partial<Record<Caller, Expectation>> = {}): Record<Caller, Expectation> => ({
  ...everyone('ok'),
  anonymous: 401,
  admin: 401,
  ...overrides,
});
/** The admin area: 401 to everyone but the admin. */
const adminOnly: Record<Caller, Expectation> = { ...everyone(401), admin: 'ok' };
/** A project seen by its owner and by the specialist it is shared with; hidden (404) from everyone else. */
const sharedProject = (overrides: Partial<Record<Caller, Expectation>> = {}) => anyUser({ clientB: 404, unverified: 404, expert: 404, ...overrides });

/** Payouts are for specialists (contractors and experts): clients are refused. */
const payeeOnly = anyUser({ clientA: 403, clientB: 403 });
const emptyJson = () => ({ payload: {} });
/** Money calls carry an idempotency key, so the body's validation is what answers past the guard. */
const keyedJson = () => ({ payload: {}, headers: { 'idempotency-key': `matrix-${Math.random().toString(16).slice(2)}` } });
/**
 * The fixture contract: client A's, with the verified specialist as contractor and the expert
 * assigned. Others are strangers to it (404); parties in the wrong role are refused (403).
 */
const contractParty = (overrides: Partial<Record<Caller, Expectation>> = {}) => anyUser({ clientB: 404, unverified: 404, ...overrides });
const contractOf = (c: Ctx) => `/api/v1/contracts/${c.contractId}`;
const conversationOf = (c: Ctx) => `/api/v1/conversations/${c.conversationId}`;

const MATRIX: Record<string, Entry> = {
  'GET /api/v1/health': { url: () => '/api/v1/health', expect: everyone('public') },
  'GET /api/v1/ready': { url: () => '/api/v1/ready', expect: everyone('public') },

  'POST /api/v1/auth/sign-up': { url: () => '/api/v1/auth/sign-up', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/auth/verify-email': {
    url: () => '/api/v1/auth/verify-email',
    body: () => ({ payload: { token: 'nope' } }),
    expect: everyone('public'),
  },
  'POST /api/v1/auth/resend-verification': {
    url: () => '/api/v1/auth/resend-verification',
    body: () => ({ payload: { email: 'x@example.com' } }),
    expect: everyone('public'),
  },
  'POST /api/v1/auth/login': { url: () => '/api/v1/auth/login', body: emptyJson, expect: everyone('public') },
  'GET /api/v1/auth/me': { url: () => '/api/v1/auth/me', expect: anyUser() },
  'PUT /api/v1/auth/me': { url: () => '/api/v1/auth/me', body: emptyJson, expect: anyUser() },
  'PUT /api/v1/auth/password': { url: () => '/api/v1/auth/password', body: emptyJson, expect: anyUser() },
  'GET /api/v1/auth/sessions': { url: () => '/api/v1/auth/sessions', expect: anyUser() },
  // Nobody's session: a signed-in caller learns only that it is not theirs.
  'DELETE /api/v1/auth/sessions/:id': {
    url: () => '/api/v1/auth/sessions/00000000-0000-4000-8000-000000000000',
    expect: anyUser({ clientA: 404, clientB: 404, unverified: 404, expert: 404, verified: 404 }),
  },
  'POST /api/v1/auth/two-factor/sign-in': { url: () => '/api/v1/auth/two-factor/sign-in', body: emptyJson, expect: everyone('public') },
  // Passkeys: signing in with one is public (the challenge and the signature are the proof); managing them needs a session.
  'POST /api/v1/auth/passkeys/sign-in/options': { url: () => '/api/v1/auth/passkeys/sign-in/options', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/auth/passkeys/sign-in': { url: () => '/api/v1/auth/passkeys/sign-in', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/auth/passkeys/second-factor/options': {
    url: () => '/api/v1/auth/passkeys/second-factor/options',
    body: emptyJson,
    expect: everyone('public'),
  },
  'POST /api/v1/auth/passkeys/second-factor': { url: () => '/api/v1/auth/passkeys/second-factor', body: emptyJson, expect: everyone('public') },
  'GET /api/v1/auth/passkeys': { url: () => '/api/v1/auth/passkeys', expect: anyUser() },
  'POST /api/v1/auth/passkeys/registration/options': {
    url: () => '/api/v1/auth/passkeys/registration/options',
    body: emptyJson,
    expect: anyUser(),
  },
  'POST /api/v1/auth/passkeys/registration': { url: () => '/api/v1/auth/passkeys/registration', body: emptyJson, expect: anyUser() },
  'DELETE /api/v1/auth/passkeys/:id': {
    url: () => '/api/v1/auth/passkeys/00000000-0000-4000-8000-000000000000',
    body: emptyJson,
    expect: anyUser(),
  },
  'GET /api/v1/auth/two-factor': { url: () => '/api/v1/auth/two-factor', expect: anyUser() },
  'POST /api/v1/auth/two-factor/enrolment': { url: () => '/api/v1/auth/two-factor/enrolment', body: emptyJson, expect: anyUser() },
  'POST /api/v1/auth/two-factor/enrolment/confirm': {
    url: () => '/api/v1/auth/two-factor/enrolment/confirm',
    body: emptyJson,
    expect: anyUser(),
  },
  'POST /api/v1/auth/two-factor/recovery-codes': { url: () => '/api/v1/auth/two-factor/recovery-codes', body: emptyJson, expect: anyUser() },
  'DELETE /api/v1/auth/two-factor': { url: () => '/api/v1/auth/two-factor', body: emptyJson, expect: anyUser() },
  'POST /api/v1/auth/me/photo': { url: () => '/api/v1/auth/me/photo', body: emptyJson, expect: anyUser() },
  'POST /api/v1/auth/logout': { url: () => '/api/v1/auth/logout', expect: anyUser(), freshSession: true },
  'POST /api/v1/auth/logout-everywhere': {
    url: () => '/api/v1/auth/logout-everywhere',
    expect: anyUser(),
    freshSession: true,
    endsEverySession: true,
  },
  'POST /api/v1/auth/forgot-password': {
    url: () => '/api/v1/auth/forgot-password',
    body: () => ({ payload: { email: 'x@example.com' } }),
    expect: everyone('public'),
  },
  'PUT /api/v1/auth/reset-password': { url: () => '/api/v1/auth/reset-password', body: emptyJson, expect: everyone('public') },
  'GET /api/v1/auth/social/link': { url: () => '/api/v1/auth/social/link?provider=google', expect: everyone('public') },
  'POST /api/v1/auth/social/callback': { url: () => '/api/v1/auth/social/callback?provider=google&code=x&state=y', expect: everyone('public') },
  'GET /api/v1/auth/social/providers': { url: () => '/api/v1/auth/social/providers', expect: everyone('public') },
  'POST /api/v1/auth/social/pending-link/password': {
    url: () => '/api/v1/auth/social/pending-link/password',
    body: () => ({ payload: { token: 'nope', password: 'nope' } }),
    expect: everyone('public'),
  },
  'POST /api/v1/auth/social/pending-link/email': {
    url: () => '/api/v1/auth/social/pending-link/email',
    body: () => ({ payload: { token: 'nope' } }),
    expect: everyone('public'),
  },
  'POST /api/v1/auth/social/pending-link/confirm': {
    url: () => '/api/v1/auth/social/pending-link/confirm',
    body: () => ({ payload: { token: 'nope' } }),
    expect: everyone('public'),
  },

  'POST /api/v1/admin/auth/login': { url: () => '/api/v1/admin/auth/login', body: emptyJson, expect: everyone('public') },
  'GET /api/v1/admin/auth/me': { url: () => '/api/v1/admin/auth/me', expect: adminOnly },
  'GET /api/v1/admin/auth/two-factor': { url: () => '/api/v1/admin/auth/two-factor', expect: adminOnly },
  'POST /api/v1/admin/auth/two-factor/recovery-codes': {
    url: () => '/api/v1/admin/auth/two-factor/recovery-codes',
    body: emptyJson,
    expect: adminOnly,
  },
  'POST /api/v1/admin/auth/two-factor/sign-in': { url: () => '/api/v1/admin/auth/two-factor/sign-in', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/admin/auth/two-factor/enrolment': {
    url: () => '/api/v1/admin/auth/two-factor/enrolment',
    body: emptyJson,
    expect: everyone('public'),
  },
  'POST /api/v1/admin/auth/two-factor/enrolment/confirm': {
    url: () => '/api/v1/admin/auth/two-factor/enrolment/confirm',
    body: emptyJson,
    expect: everyone('public'),
  },
  'POST /api/v1/admin/auth/logout': { url: () => '/api/v1/admin/auth/logout', expect: adminOnly, freshSession: true },
  'POST /api/v1/admin/auth/logout-everywhere': {
    url: () => '/api/v1/admin/auth/logout-everywhere',
    expect: adminOnly,
    freshSession: true,
    endsEverySession: true,
  },
  'GET /api/v1/admin/users': { url: () => '/api/v1/admin/users', expect: adminOnly },
  'GET /api/v1/admin/users/summary': { url: () => '/api/v1/admin/users/summary?role=clients', expect: adminOnly },
  'GET /api/v1/admin/users/:id': { url: (c) => `/api/v1/admin/users/${c.targetUserId}`, expect: adminOnly },
  'PUT /api/v1/admin/users/:id/checks/:kind': {
    url: (c) => `/api/v1/admin/users/${c.targetUserId}/checks/identity_register`,
    body: emptyJson,
    expect: adminOnly,
  },
  'POST /api/v1/admin/users/:id/checks/:kind/evidence': {
    url: (c) => `/api/v1/admin/users/${c.targetUserId}/checks/identity_register/evidence`,
    body: emptyJson,
    expect: adminOnly,
  },
  'GET /api/v1/admin/users/:id/checks/:kind/evidence/:evidenceId': {
    url: (c) => `/api/v1/admin/users/${c.targetUserId}/checks/identity_register/evidence/00000000-0000-4000-8000-000000000000`,
    // Admin: an evidence id that does not exist, so 404 is the right answer past the guard.
    expect: { ...adminOnly, admin: 404 },
  },
  'PUT /api/v1/admin/users/:id/verify': { url: (c) => `/api/v1/admin/users/${c.targetUserId}/verify`, expect: adminOnly },
  'DELETE /api/v1/admin/users/:id/verify': {
    url: (c) => `/api/v1/admin/users/${c.targetUserId}/verify`,
    body: () => ({ payload: { reason: 'matrix' } }),
    expect: adminOnly,
  },
  'POST /api/v1/admin/users/:id/suspend': { url: (c) => `/api/v1/admin/users/${c.targetUserId}/suspend`, body: emptyJson, expect: adminOnly },
  'POST /api/v1/admin/users/:id/reactivate': { url: (c) => `/api/v1/admin/users/${c.targetUserId}/reactivate`, body: emptyJson, expect: adminOnly },
  'GET /api/v1/admin/experts': { url: () => '/api/v1/admin/experts', expect: adminOnly },
  'POST /api/v1/admin/experts': { url: () => '/api/v1/admin/experts', body: emptyJson, expect: adminOnly },
  'GET /api/v1/admin/admins': { url: () => '/api/v1/admin/admins', expect: adminOnly },
  'GET /api/v1/admin/audit': { url: () => '/api/v1/admin/audit', expect: adminOnly },

  'GET /api/v1/media/photos/:name': { url: () => '/api/v1/media/photos/missing.png', expect: everyone('public') },
  'GET /api/v1/dev/outbox': { url: () => '/api/v1/dev/outbox', expect: adminOnly },
  // Admin: nothing was sent to that address, so 404 is the right answer past the guard.
  'GET /api/v1/dev/outbox/latest': { url: () => '/api/v1/dev/outbox/latest?to=x@example.com', expect: { ...adminOnly, admin: 404 } },
  'GET /api/v1/designs': { url: () => '/api/v1/designs', expect: everyone('public') },
  'GET /api/v1/designs/images/:file': { url: () => '/api/v1/designs/images/missing.svg', expect: everyone('public') },
  'GET /api/v1/common/reference-book': { url: () => '/api/v1/common/reference-book', expect: everyone('public') },
  'GET /api/v1/plans': { url: () => '/api/v1/plans', expect: everyone('public') },
  'GET /api/v1/localization/info': { url: () => '/api/v1/localization/info', expect: everyone('public') },

  // Experts list the projects they inspect.
  'GET /api/v1/projects': { url: () => '/api/v1/projects', expect: anyUser() },
  'POST /api/v1/projects': { url: () => '/api/v1/projects', body: emptyJson, expect: anyUser({ unverified: 403, verified: 403, expert: 403 }) },
  'GET /api/v1/projects/:id': { url: (c) => `/api/v1/projects/${c.projectId}`, expect: sharedProject() },
  'PUT /api/v1/projects/:id': { url: (c) => `/api/v1/projects/${c.projectId}`, body: emptyJson, expect: sharedProject({ verified: 403 }) },
  // The project under contract: its owner is let through (and answered 409), the parties on it refused.
  'POST /api/v1/projects/:id/publish': {
    url: (c) => `/api/v1/projects/${c.contractedProjectId}/publish`,
    expect: anyUser({ clientB: 404, unverified: 404, expert: 404, verified: 403 }),
  },
  'POST /api/v1/projects/:id/cancel': {
    url: (c) => `/api/v1/projects/${c.contractedProjectId}/cancel`,
    expect: anyUser({ clientB: 404, unverified: 404, expert: 404, verified: 403 }),
  },
  // Whom a project reaches is its owner's to know: the specialists it reaches see the project, not the count.
  'GET /api/v1/projects/:id/reach': { url: (c) => `/api/v1/projects/${c.projectId}/reach`, expect: sharedProject({ verified: 403 }) },
  'GET /api/v1/projects/:id/documents': { url: (c) => `/api/v1/projects/${c.projectId}/documents`, expect: sharedProject() },
  'POST /api/v1/projects/:id/documents': {
    url: (c) => `/api/v1/projects/${c.projectId}/documents`,
    body: emptyJson,
    expect: sharedProject({ verified: 403 }),
  },
  'DELETE /api/v1/projects/:id/documents/:documentId': {
    url: (c) => `/api/v1/projects/${c.projectId}/documents/${c.spareDocumentId}`,
    expect: sharedProject({ verified: 403 }),
  },
  'GET /api/v1/projects/:id/documents/:documentId/download': {
    url: (c) => `/api/v1/projects/${c.projectId}/documents/${c.documentId}/download`,
    expect: sharedProject(),
  },
  'GET /api/v1/projects/:id/quotes': { url: (c) => `/api/v1/projects/${c.projectId}/quotes`, expect: sharedProject() },
  'POST /api/v1/projects/:id/quotes': {
    url: (c) => `/api/v1/projects/${c.projectId}/quotes`,
    body: emptyJson,
    expect: { ...everyone(403), anonymous: 401, admin: 401, verified: 'ok' },
  },
  'POST /api/v1/projects/:id/quotes/:quoteId/select': {
    url: (c) => `/api/v1/projects/${c.contractedProjectId}/quotes/${c.openQuoteId}/select`,
    expect: sharedProject({ verified: 403 }),
  },

  'POST /api/v1/invites': { url: () => '/api/v1/invites', body: emptyJson, expect: anyUser({ unverified: 403, verified: 403, expert: 403 }) },
  'GET /api/v1/invites': { url: () => '/api/v1/invites', expect: anyUser() },
  'POST /api/v1/invites/:id/accept': {
    url: (c) => `/api/v1/invites/${c.inviteId}/accept`,
    expect: anyUser({ clientA: 404, clientB: 404, unverified: 404, expert: 404 }),
  },
  'POST /api/v1/invites/:id/decline': {
    url: (c) => `/api/v1/invites/${c.inviteId}/decline`,
    expect: anyUser({ clientA: 404, clientB: 404, unverified: 404, expert: 404 }),
  },

  'GET /api/v1/specialists': { url: () => '/api/v1/specialists', expect: anyUser() },
  'GET /api/v1/specialists/:id': { url: (c) => `/api/v1/specialists/${c.verifiedId}`, expect: anyUser() },
  // The public directory: no session needed; the reviews a client still owes need theirs.
  'GET /api/v1/professionals': { url: () => '/api/v1/professionals', expect: everyone('public') },
  'GET /api/v1/professionals/:id': { url: (c) => `/api/v1/professionals/${c.verifiedId}`, expect: everyone('public') },
  'GET /api/v1/reviews/pending': { url: () => '/api/v1/reviews/pending', expect: anyUser() },
  'GET /api/v1/specialist-profile': { url: () => '/api/v1/specialist-profile', expect: anyUser({ clientA: 403, clientB: 403 }) },
  'PUT /api/v1/specialist-profile': { url: () => '/api/v1/specialist-profile', body: emptyJson, expect: anyUser({ clientA: 403, clientB: 403 }) },

  'GET /api/v1/contracts': { url: () => '/api/v1/contracts', expect: anyUser() },
  'GET /api/v1/contracts/:id': { url: (c) => contractOf(c), expect: contractParty() },
  'GET /api/v1/contracts/:id/statement': { url: (c) => `${contractOf(c)}/statement`, expect: contractParty() },
  'GET /api/v1/contracts/:id/files/:fileId': { url: (c) => `${contractOf(c)}/files/${c.photoId}`, expect: contractParty() },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/fund': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/fund`,
    body: keyedJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  // Where a payment stands: the client who pays, as for the fund call.
  'GET /api/v1/contracts/:id/milestones/:milestoneId/payment': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/payment`,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/release': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/release`,
    body: keyedJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/complete': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/complete`,
    body: emptyJson,
    expect: contractParty({ clientA: 403, expert: 403 }),
  },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/inspection': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/inspection`,
    body: emptyJson,
    expect: contractParty({ clientA: 403, verified: 403 }),
  },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/estimate': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/estimate`,
    body: emptyJson,
    expect: contractParty({ clientA: 403, verified: 403 }),
  },
  'POST /api/v1/contracts/:id/milestones/:milestoneId/disputes': {
    url: (c) => `${contractOf(c)}/milestones/${c.milestoneId}/disputes`,
    body: emptyJson,
    expect: contractParty({ expert: 403 }),
  },
  'POST /api/v1/contracts/:id/review': {
    url: (c) => `${contractOf(c)}/review`,
    body: emptyJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'GET /api/v1/contracts/:id/replacements': { url: (c) => `${contractOf(c)}/replacements`, expect: contractParty({ verified: 403, expert: 403 }) },
  'POST /api/v1/contracts/:id/settlement': {
    url: (c) => `${contractOf(c)}/settlement`,
    body: keyedJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  // Disputes are between client and contractor: the expert is no party to them.
  'GET /api/v1/contracts/:id/daily-logs': { url: (c) => `${contractOf(c)}/daily-logs`, expect: contractParty() },
  'POST /api/v1/contracts/:id/daily-logs': { url: (c) => `${contractOf(c)}/daily-logs`, body: emptyJson, expect: contractParty() },
  'PATCH /api/v1/contracts/:id/daily-logs/:entryId': {
    url: (c) => `${contractOf(c)}/daily-logs/${c.entryId}`,
    body: emptyJson,
    expect: contractParty(),
  },
  'POST /api/v1/contracts/:id/daily-logs/:entryId/annotations': {
    url: (c) => `${contractOf(c)}/daily-logs/${c.entryId}/annotations`,
    body: emptyJson,
    expect: contractParty(),
  },
  'GET /api/v1/contracts/:id/daily-logs/verify': { url: (c) => `${contractOf(c)}/daily-logs/verify`, expect: contractParty() },
  'GET /api/v1/contracts/:id/change-orders': { url: (c) => `${contractOf(c)}/change-orders`, expect: contractParty() },
  'POST /api/v1/contracts/:id/change-orders': {
    url: (c) => `${contractOf(c)}/change-orders`,
    body: emptyJson,
    expect: contractParty({ expert: 403 }),
  },
  // The contractor proposed it: only the client answers; the expert is refused, strangers never learn it exists.
  'POST /api/v1/change-orders/:id/approve': {
    url: (c) => `/api/v1/change-orders/${c.changeOrderId}/approve`,
    body: keyedJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'POST /api/v1/change-orders/:id/decline': {
    url: (c) => `/api/v1/change-orders/${c.changeOrderId}/decline`,
    body: keyedJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'GET /api/v1/admin/contracts/:id/site-record': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/site-record`, expect: adminOnly },
  'GET /api/v1/admin/contracts/:id/daily-logs/verify': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/daily-logs/verify`, expect: adminOnly },
  'GET /api/v1/disputes/:id': { url: (c) => `/api/v1/disputes/${c.disputeId}`, expect: contractParty({ expert: 404 }) },
  'POST /api/v1/disputes/:id/messages': {
    url: (c) => `/api/v1/disputes/${c.disputeId}/messages`,
    body: emptyJson,
    expect: contractParty({ expert: 404 }),
  },

  'GET /api/v1/admin/escrow/summary': { url: () => '/api/v1/admin/escrow/summary', expect: adminOnly },
  'GET /api/v1/admin/contracts': { url: () => '/api/v1/admin/contracts', expect: adminOnly },
  'GET /api/v1/admin/contracts/:id': { url: (c) => `/api/v1/admin/contracts/${c.contractId}`, expect: adminOnly },
  'GET /api/v1/admin/contracts/:id/statement': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/statement`, expect: adminOnly },
  'GET /api/v1/admin/contracts/:id/files/:fileId': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/files/${c.photoId}`, expect: adminOnly },
  'POST /api/v1/admin/contracts/:id/expert': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/expert`, body: emptyJson, expect: adminOnly },
  'GET /api/v1/admin/disputes': { url: () => '/api/v1/admin/disputes', expect: adminOnly },
  'GET /api/v1/admin/disputes/:id': { url: (c) => `/api/v1/admin/disputes/${c.disputeId}`, expect: adminOnly },
  'POST /api/v1/admin/disputes/:id/messages': { url: (c) => `/api/v1/admin/disputes/${c.disputeId}/messages`, body: emptyJson, expect: adminOnly },
  'POST /api/v1/admin/disputes/:id/mediation': { url: (c) => `/api/v1/admin/disputes/${c.disputeId}/mediation`, body: emptyJson, expect: adminOnly },
  'POST /api/v1/admin/disputes/:id/resolve': { url: (c) => `/api/v1/admin/disputes/${c.disputeId}/resolve`, body: keyedJson, expect: adminOnly },
  // An empty note is refused (422): the admin passes the guard without declaring anyone insolvent.
  'POST /api/v1/admin/contractors/:id/insolvency': {
    url: (c) => `/api/v1/admin/contractors/${c.verifiedId}/insolvency`,
    body: emptyJson,
    expect: adminOnly,
  },
  'GET /api/v1/admin/ledger/check': { url: () => '/api/v1/admin/ledger/check', expect: adminOnly },

  'GET /api/v1/contracts/:id/receipt': { url: (c) => `${contractOf(c)}/receipt`, expect: contractParty() },
  'GET /api/v1/contracts/:id/statement/:entryId/receipt': {
    url: (c) => `${contractOf(c)}/statement/${c.fundingId}/receipt`,
    expect: contractParty(),
  },
  'GET /api/v1/payout-methods': { url: () => '/api/v1/payout-methods', expect: payeeOnly },
  'POST /api/v1/payout-methods': { url: () => '/api/v1/payout-methods', body: emptyJson, expect: payeeOnly },
  'DELETE /api/v1/payout-methods/:id': {
    url: () => '/api/v1/payout-methods/00000000-0000-0000-0000-000000000000',
    body: () => ({ payload: { password: 'wrong' } }),
    expect: payeeOnly,
  },
  'GET /api/v1/payouts': { url: () => '/api/v1/payouts', expect: payeeOnly },
  'PUT /api/v1/payouts/settings': { url: () => '/api/v1/payouts/settings', body: emptyJson, expect: payeeOnly },
  'POST /api/v1/payouts': { url: () => '/api/v1/payouts', body: keyedJson, expect: payeeOnly },
  // Nobody's payout: 404 to every payee (the owner's check is on the payout itself), 403 to clients.
  'GET /api/v1/payouts/:id/receipt': {
    url: () => '/api/v1/payouts/00000000-0000-0000-0000-000000000000/receipt',
    expect: anyUser({ clientA: 403, clientB: 403, unverified: 404, expert: 404, verified: 404 }),
  },
  // A pay-in provider's webhook: no session, trusted only through its signature.
  'POST /api/v1/payments/webhooks/:provider': { url: () => '/api/v1/payments/webhooks/sandbox', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/payouts/callbacks/sandbox': { url: () => '/api/v1/payouts/callbacks/sandbox', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/dev/test-clock': { url: () => '/api/v1/dev/test-clock', body: emptyJson, expect: adminOnly },
  'GET /api/v1/admin/payouts': { url: () => '/api/v1/admin/payouts', expect: adminOnly },
  'GET /api/v1/admin/payouts/reconciliation': { url: () => '/api/v1/admin/payouts/reconciliation', expect: adminOnly },
  'POST /api/v1/admin/payouts/:id/hold': {
    url: () => '/api/v1/admin/payouts/00000000-0000-0000-0000-000000000000/hold',
    expect: { ...adminOnly, admin: 404 },
  },
  'POST /api/v1/admin/payouts/:id/release': {
    url: () => '/api/v1/admin/payouts/00000000-0000-0000-0000-000000000000/release',
    expect: { ...adminOnly, admin: 404 },
  },
  'POST /api/v1/admin/payouts/:id/retry': {
    url: () => '/api/v1/admin/payouts/00000000-0000-0000-0000-000000000000/retry',
    expect: { ...adminOnly, admin: 404 },
  },

  'GET /api/v1/notifications': { url: () => '/api/v1/notifications', expect: anyUser() },
  'GET /api/v1/notifications/unread-count': { url: () => '/api/v1/notifications/unread-count', expect: anyUser() },
  'POST /api/v1/notifications/:id/read': { url: () => '/api/v1/notifications/1/read', expect: anyUser() },
  'POST /api/v1/notifications/read-all': { url: () => '/api/v1/notifications/read-all', expect: anyUser() },
  'GET /api/v1/notifications/stream': { url: () => '/api/v1/notifications/stream', expect: anyUser(), stream: true },
  'GET /api/v1/email/preferences': { url: () => '/api/v1/email/preferences', expect: anyUser() },
  'PUT /api/v1/email/preferences': { url: () => '/api/v1/email/preferences', body: emptyJson, expect: anyUser() },
  // The signed link is the authority, not a session: a token that is not ours is refused (404) to everyone alike.
  'GET /api/v1/email/unsubscribe': { url: () => '/api/v1/email/unsubscribe?token=forged', expect: everyone('public') },
  'POST /api/v1/email/unsubscribe': { url: () => '/api/v1/email/unsubscribe?token=forged', body: emptyJson, expect: everyone('public') },
  'POST /api/v1/email/resubscribe': { url: () => '/api/v1/email/resubscribe?token=forged', body: emptyJson, expect: everyone('public') },

  // The fixture contract's conversation: client A, the verified contractor and the assigned expert take part.
  'GET /api/v1/conversations': { url: () => '/api/v1/conversations', expect: anyUser() },
  'GET /api/v1/conversations/unread-count': { url: () => '/api/v1/conversations/unread-count', expect: anyUser() },
  // Client A without a specialist is answered 422; the verified specialist who quoted opens or finds theirs.
  'POST /api/v1/projects/:id/conversations': {
    url: (c) => `/api/v1/projects/${c.projectId}/conversations`,
    body: emptyJson,
    expect: sharedProject(),
  },
  'GET /api/v1/conversations/:id': { url: (c) => conversationOf(c), expect: contractParty() },
  'POST /api/v1/conversations/:id/messages': { url: (c) => `${conversationOf(c)}/messages`, body: emptyJson, expect: contractParty() },
  // Only the author (client A) edits and deletes; the other participants are refused.
  'PATCH /api/v1/conversations/:id/messages/:messageId': {
    url: (c) => `${conversationOf(c)}/messages/${c.messageId}`,
    body: emptyJson,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'DELETE /api/v1/conversations/:id/messages/:messageId': {
    url: (c) => `${conversationOf(c)}/messages/${c.spareMessageId}`,
    expect: contractParty({ verified: 403, expert: 403 }),
  },
  'POST /api/v1/conversations/:id/read': { url: (c) => `${conversationOf(c)}/read`, body: emptyJson, expect: contractParty() },
  'GET /api/v1/conversations/:id/attachments/:attachmentId': {
    url: (c) => `${conversationOf(c)}/attachments/${c.attachmentId}`,
    expect: contractParty(),
  },
  // Pins are the parties' evidence: the expert is no party.
  'POST /api/v1/conversations/:id/messages/:messageId/pin': {
    url: (c) => `${conversationOf(c)}/messages/${c.messageId}/pin`,
    expect: contractParty({ expert: 403 }),
  },
  'DELETE /api/v1/conversations/:id/messages/:messageId/pin': {
    url: (c) => `${conversationOf(c)}/messages/${c.messageId}/pin`,
    expect: contractParty({ expert: 403 }),
  },
  'POST /api/v1/conversations/:id/messages/:messageId/report': {
    url: (c) => `${conversationOf(c)}/messages/${c.messageId}/report`,
    body: emptyJson,
    expect: contractParty(),
  },
  // A contract's conversation cannot be blocked (409 for the parties); the expert blocks nobody.
  'POST /api/v1/conversations/:id/block': { url: (c) => `${conversationOf(c)}/block`, expect: contractParty({ expert: 403 }) },
  'DELETE /api/v1/conversations/:id/block': { url: (c) => `${conversationOf(c)}/block`, expect: contractParty({ expert: 403 }) },
  'GET /api/v1/admin/conversations/:id': { url: (c) => `/api/v1/admin/conversations/${c.conversationId}`, expect: adminOnly },
  'GET /api/v1/admin/conversations/:id/attachments/:attachmentId': {
    url: (c) => `/api/v1/admin/conversations/${c.conversationId}/attachments/${c.attachmentId}`,
    expect: adminOnly,
  },
  'GET /api/v1/admin/contracts/:id/conversation': { url: (c) => `/api/v1/admin/contracts/${c.contractId}/conversation`, expect: adminOnly },
  'GET /api/v1/admin/message-reports': { url: () => '/api/v1/admin/message-reports', expect: adminOnly },
  'POST /api/v1/admin/messages/:messageId/hide': { url: (c) => `/api/v1/admin/messages/${c.messageId}/hide`, body: emptyJson, expect: adminOnly },
  // Admin: a report that does not exist, so 404 is the right answer past the guard.
  'POST /api/v1/admin/message-reports/:id/dismiss': {
    url: () => '/api/v1/admin/message-reports/00000000-0000-4000-8000-000000000000/dismiss',
    expect: { ...adminOnly, admin: 404 },
  },
};

/** Funds the contract's first milestone, completes it with a photo, assigns the expert and opens a dispute. */
async function createContractFixture(
  t: TestApp,
  contractId: string,
  who: { client: Person; contractor: Person; expert: Person; adminBearer: string },
): Promise<{ milestoneId: string; photoId: string; disputeId: string; entryId: string; changeOrderId: string; fundingId: string }> {
  const view = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}`, headers: who.client.headers });
  const milestoneId = (view.json() as { milestones: { id: string }[] }).milestones[0]!.id;
  await fund(t.app, who.client, contractId, milestoneId);
  const statement = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/statement`, headers: who.client.headers });
  const fundingId = (statement.json() as { entries: { id: string; kind: string }[] }).entries.find((e) => e.kind === 'funding')!.id;
  await assignExpert(t.app, { admin: { headers: bearer(who.adminBearer) }, expert: who.expert } as EscrowParties, contractId);
  const completed = await complete(t.app, who.contractor, contractId, milestoneId);
  const photoId = (completed.json() as { milestones: { photos: { id: string }[] }[] }).milestones[0]!.photos[0]!.id;
  // A site log entry and a change order, both the contractor's, before the dispute freezes the contract.
  const log = multipart([{ name: 'body', value: 'Formwork is up.' }]);
  const entry = await t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/daily-logs`,
    headers: { ...who.contractor.headers, ...log.headers },
    payload: log.payload,
  });
  const change = multipart([
    { name: 'title', value: 'A wider terrace' },
    { name: 'reason', value: 'The client asked for two more square metres.' },
    { name: 'lines', value: JSON.stringify([{ title: 'Terrace extension', amount_delta: 100_000 }]) },
  ]);
  const order = await t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/change-orders`,
    headers: { ...who.contractor.headers, ...change.headers },
    payload: change.payload,
  });
  const body = multipart([{ name: 'reason', value: 'The matrix needs an open dispute to test.' }]);
  const disputed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/disputes`,
    headers: { ...who.client.headers, ...body.headers },
    payload: body.payload,
  });
  return {
    milestoneId,
    photoId,
    disputeId: (disputed.json() as { dispute: { id: string } }).dispute.id,
    entryId: (entry.json() as { id: string }).id,
    changeOrderId: (order.json() as { id: string }).id,
    fundingId,
  };
}

let t: TestApp;
let ctx: Ctx;
const people = {} as Record<Exclude<Caller, 'anonymous' | 'admin'>, Person>;
let adminBearer: string;

async function freshToken(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'admin') return adminToken(t.app, t.db);
  // Payees have a second factor (payouts need one): a session is opened as the code step would.
  if (caller === 'verified' || caller === 'expert' || caller === 'unverified') return createSession(t.db, 'client', people[caller].id, 30);
  return login(t.app, people[caller].email, GOOD_PASSWORD);
}

// Every kind of caller and every record the routes need (contracts, a site record, payouts…): more than a test's 30 s on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  people.clientA = await createClient(t.app, t.db, 'Amina');
  people.clientB = await createClient(t.app, t.db, 'Brice');
  people.unverified = await createSpecialist(t.app, t.db, { first_name: 'Ursula', verified: false });
  people.verified = await createSpecialist(t.app, t.db, { first_name: 'Victor' });
  people.expert = await createSpecialist(t.app, t.db, { first_name: 'Xavier', kind: 'expert' });
  for (const payee of [people.unverified, people.verified, people.expert]) await giveUserSecondFactor(t.app, payee.id, MATRIX_SECRET);
  adminBearer = await adminToken(t.app, t.db, ADMIN);
  const target = await createSpecialist(t.app, t.db, { first_name: 'Tess', verified: false });

  const create = async (title: string, documents: number) => {
    const body = multipart([
      ...projectFields({ title }),
      ...Array.from({ length: documents }, (_, i) => ({
        name: 'documents',
        file: { name: `doc-${i}.pdf`, type: 'application/pdf', data: PDF_BYTES },
      })),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: body.payload,
      headers: { ...body.headers, ...people.clientA.headers },
    });
    return response.json() as { id: string; documents: Array<{ id: string }> };
  };
  const project = await create('Kitchen renovation for the matrix', 2);
  const second = await create('Bathroom renovation for the matrix', 0);
  const quote = { amount: 1000, currency: 'XAF', duration_days: 10, milestones: [{ title: 'All', amount: 1000 }] };
  const submit = (id: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/v1/projects/${id}/quotes`, headers: people.verified.headers, payload: quote })
      .then((r) => r.json() as { id: string });
  const firstQuote = await submit(project.id);
  const openQuote = await submit(second.id);
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/v1/invites',
    headers: people.clientA.headers,
    payload: { project_id: second.id, specialist_id: people.verified.id },
  });
  // The fixture contract: funded, its first milestone completed with a photo, then disputed.
  const third = await create('Terrace for the matrix', 0);
  const contractQuote = await submit(third.id);
  const selected = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${third.id}/quotes/${contractQuote.id}/select`,
    headers: people.clientA.headers,
    payload: {},
  });
  const contractId = (selected.json() as { contract_id: string }).contract_id;
  const fixture = await createContractFixture(t, contractId, {
    client: people.clientA,
    contractor: people.verified,
    expert: people.expert,
    adminBearer,
  });
  // The contract's conversation, opened by the contractor, with two messages of client A and a photo.
  const conversation = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${third.id}/conversations`,
    headers: people.verified.headers,
    payload: {},
  });
  const conversationId = (conversation.json() as { id: string }).id;
  const write = (who: Person, text: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/v1/conversations/${conversationId}/messages`, headers: who.headers, payload: { body: text } })
      .then((r) => r.json() as { id: string });
  const message = await write(people.clientA, 'The terrace tiles are included.');
  const spareMessage = await write(people.clientA, 'A message the matrix deletes.');
  const photo = multipart([{ name: 'attachments', file: { name: 'site.png', type: 'image/png', data: PNG_BYTES } }]);
  const withPhoto = await t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${conversationId}/messages`,
    headers: { ...people.verified.headers, ...photo.headers },
    payload: photo.payload,
  });
  ctx = {
    conversationId,
    messageId: message.id,
    spareMessageId: spareMessage.id,
    attachmentId: (withPhoto.json() as { attachments: { id: string }[] }).attachments[0]!.id,
    contractId,
    milestoneId: fixture.milestoneId,
    photoId: fixture.photoId,
    entryId: fixture.entryId,
    fundingId: fixture.fundingId,
    changeOrderId: fixture.changeOrderId,
    disputeId: fixture.disputeId,
    projectId: project.id,
    contractedProjectId: second.id,
    documentId: project.documents[0]!.id,
    spareDocumentId: project.documents[1]!.id,
    quoteId: firstQuote.id,
    openQuoteId: openQuote.id,
    inviteId: (invite.json() as { id: string }).id,
    verifiedId: people.verified.id,
    targetUserId: target.id,
  };
}, 120_000);
afterAll(async () => t.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('authorization matrix', () => {
  it('has an expectation for every API route, and no stale ones', () => {
    const routes = t.app.routeList.filter((route) => route.url.startsWith('/api/v1/')).map((route) => key(route.method, route.url));
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((entry) => !routes.includes(entry))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s answers each caller as expected', async (name) => {
    const entry = MATRIX[name]!;
    const [method] = name.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
    const outcomes: Record<string, number> = {};
    const mismatches: string[] = [];
    for (const caller of CALLERS) {
      const token =
        caller === 'anonymous' ? undefined : entry.freshSession ? await freshToken(caller) : caller === 'admin' ? adminBearer : people[caller].token;
      const body = entry.body?.(ctx);
      const response = await t.app.inject({
        method,
        url: entry.url(ctx),
        headers: { ...(token ? bearer(token) : {}), ...(body?.headers ?? {}) },
        ...(body ? { payload: body.payload } : {}),
        ...(entry.stream ? { payloadAsStream: true } : {}),
      });
      const status = response.statusCode;
      const text = entry.stream ? '' : response.body;
      if (entry.stream) response.stream().destroy();
      if (entry.endsEverySession && caller === 'admin') adminBearer = (await freshToken('admin'))!;
      if (entry.endsEverySession && caller !== 'anonymous' && caller !== 'admin') {
        const again = (await freshToken(caller))!;
        people[caller] = { ...people[caller], token: again, headers: bearer(again) };
      }
      outcomes[caller] = status;
      const expected = entry.expect[caller];
      const fine =
        expected === 'ok'
          ? ![401, 403, 404].includes(status) && status < 500
          : expected === 'public'
            ? status !== 403 && status < 500
            : status === expected;
      if (!fine) mismatches.push(`${caller}: expected ${expected}, got ${status} ${text.slice(0, 120)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
