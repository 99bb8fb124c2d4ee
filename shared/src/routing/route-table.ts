import type { RemoteName } from '../federation/remote-names';

/** Who may open a route (docs/product.md §2 "route meta auth"): everyone, signed-in clients, or admins. */
export type RouteAuth = false | 'client' | 'admin';

/** One entry of the route table of docs/product.md §2. */
export interface RouteEntry {
  /** Route name; the spec's names where it gives one (main.dashboard, SignUp, …). */
  readonly name: string;
  readonly path: string;
  readonly auth: RouteAuth;
  /** The remote whose routes component renders this page. */
  readonly remote?: RemoteName;
  /** A route that only forwards to another one (`/main` → `/main/dashboard`). */
  readonly redirectTo?: string;
}

/**
 * The whole route table. The shell builds its router from it and the guard
 * reads `auth` from it before a remote is even loaded; remotes map `name` to
 * their pages. Adding a page means adding its entry here.
 */
export const ROUTES: readonly RouteEntry[] = [
  { name: 'Home', path: '/', auth: false, remote: 'mfe_landing' },
  { name: 'Contractors', path: '/contractors', auth: false, remote: 'mfe_landing' },
  { name: 'TermsOfService', path: '/terms', auth: false, remote: 'mfe_landing' },
  { name: 'PrivacyPolicy', path: '/privacy', auth: false, remote: 'mfe_landing' },
  { name: 'Catalog', path: '/catalog', auth: false, remote: 'mfe_landing' },
  // What a client pays on a milestone, with an example (linked from the home page, the FAQ and the fund dialog).
  { name: 'Fees', path: '/fees', auth: false, remote: 'mfe_landing' },
  // The public directory of verified specialists, a profile each, reviews after a completed contract, and the product tour.
  { name: 'Professionals', path: '/professionals', auth: false, remote: 'mfe_landing' },
  { name: 'Professional', path: '/professionals/:id', auth: false, remote: 'mfe_landing' },
  { name: 'AddReview', path: '/add-review', auth: false, remote: 'mfe_landing' },
  { name: 'Demo', path: '/demo', auth: false, remote: 'mfe_landing' },
  { name: 'Login', path: '/login', auth: false, remote: 'mfe_auth' },
  { name: 'SignUp', path: '/sign-up', auth: false, remote: 'mfe_auth' },
  { name: 'SignUpSpecialists', path: '/sign-up-specialists', auth: false, remote: 'mfe_auth' },
  { name: 'ForgotPassword', path: '/forgot-password', auth: false, remote: 'mfe_auth' },
  { name: 'ResetPassword', path: '/reset-password', auth: false, remote: 'mfe_auth' },
  { name: 'Expired', path: '/expired', auth: false, remote: 'mfe_auth' },
  { name: 'AdminLogin', path: '/admin-login', auth: false, remote: 'mfe_auth' },
  // Opened from the verification e-mail; confirms the address, or forwards to /expired.
  { name: 'VerifyEmail', path: '/verify-email', auth: false, remote: 'mfe_auth' },
  // Opened from the footer of an e-mail that can be turned off: asks, then stops that kind (no sign-in needed).
  { name: 'Unsubscribe', path: '/unsubscribe', auth: false, remote: 'mfe_auth' },
  // Where Google and Facebook send the visitor back after consent.
  { name: 'SocialCallback', path: '/auth/callback', auth: false, remote: 'mfe_auth' },
  // Opened from the e-mail that confirms a provider sign-in for an existing account.
  { name: 'SocialLinkConfirm', path: '/auth/link-account', auth: false, remote: 'mfe_auth' },
  // The registration page the hero and header open ("register" on the app host).
  { name: 'Register', path: '/register', auth: false, redirectTo: '/sign-up' },
  { name: 'main', path: '/main', auth: 'client', redirectTo: '/main/dashboard' },
  { name: 'main.dashboard', path: '/main/dashboard', auth: 'client', remote: 'mfe_client' },
  { name: 'main.projects', path: '/main/projects', auth: 'client', remote: 'mfe_client' },
  { name: 'main.project', path: '/main/projects/:id', auth: 'client', remote: 'mfe_client' },
  { name: 'main.create', path: '/main/create', auth: 'client', remote: 'mfe_client' },
  { name: 'main.settings', path: '/main/settings', auth: 'client', remote: 'mfe_client' },
  { name: 'main.specialists', path: '/main/specialists', auth: 'client', remote: 'mfe_client' },
  { name: 'main.specialist', path: '/main/specialists/:id', auth: 'client', remote: 'mfe_client' },
  { name: 'main.escrow', path: '/main/escrow', auth: 'client', remote: 'mfe_client' },
  { name: 'main.contract', path: '/main/escrow/:id', auth: 'client', remote: 'mfe_client' },
  { name: 'main.catalog', path: '/main/catalog', auth: 'client', remote: 'mfe_client' },
  // Conversations between a project's owner and its specialists (and the contract's expert).
  { name: 'main.messages', path: '/main/messages', auth: 'client', remote: 'mfe_client' },
  { name: 'main.conversation', path: '/main/messages/:id', auth: 'client', remote: 'mfe_client' },
  { name: 'admin', path: '/admin', auth: 'admin', redirectTo: '/admin/clients' },
  { name: 'admin.clients', path: '/admin/clients', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.contractors', path: '/admin/contractors', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.assessors', path: '/admin/assessors', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.user', path: '/admin/users/:id', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.audit', path: '/admin/audit', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.escrow', path: '/admin/escrow', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.contract', path: '/admin/contracts/:id', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.disputes', path: '/admin/disputes', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.dispute', path: '/admin/disputes/:id', auth: 'admin', remote: 'mfe_admin' },
  // A conversation between a project's parties, read-only, and the messages they reported as abusive.
  { name: 'admin.conversation', path: '/admin/conversations/:id', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.message-reports', path: '/admin/message-reports', auth: 'admin', remote: 'mfe_admin' },
  // E-mail kept instead of sent when no mail server is configured; it holds account links, so admins only.
  { name: 'admin.outbox', path: '/admin/outbox', auth: 'admin', remote: 'mfe_admin' },
  { name: 'admin.security', path: '/admin/security', auth: 'admin', remote: 'mfe_admin' },
];

const byName = new Map(ROUTES.map((route) => [route.name, route]));

/** The path of a named route, with its `:params` filled in; throws on an unknown name (a programming error). */
export function pathFor(name: string, params: Record<string, string> = {}): string {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route.path.replace(/:(\w+)/g, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
}

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a pattern (`/main/projects/:id`) matches a path segment by segment; a `:param` takes one non-empty segment. */
function matches(pattern: string, path: string): boolean {
  const expected = pattern.split('/');
  const actual = path.split('/');
  return expected.length === actual.length && expected.every((segment, i) => (segment.startsWith(':') ? actual[i] !== '' : segment === actual[i]));
}

/** The table entry for a pathname (query and hash ignored), or undefined for an unknown page. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const path = normalise(pathname);
  return ROUTES.find((route) => route.path === path) ?? ROUTES.find((route) => route.path.includes(':') && matches(route.path, path));
}

/** The `auth` meta of the page at a pathname; unknown pages are public (they show the 404 page). */
export function authOf(pathname: string): RouteAuth {
  return findRoute(pathname)?.auth ?? false;
}
