import type { RoleHolder, RoleName } from '../session/types';

/** Permissions named by the spec (§6), and those the marketplace adds for specialists and experts. */
export const PERMISSIONS = {
  CAN_CREATE_PROJECT: 'CAN_CREATE_PROJECT',
  CAN_SEE_PROJECTS_VIEW: 'CAN_SEE_PROJECTS_VIEW',
  CAN_INVITE_SPECIALISTS: 'CAN_INVITE_SPECIALISTS',
  CAN_SELECT_QUOTE: 'CAN_SELECT_QUOTE',
  CAN_SEE_REQUESTS: 'CAN_SEE_REQUESTS',
  CAN_SUBMIT_QUOTE: 'CAN_SUBMIT_QUOTE',
  CAN_INSPECT: 'CAN_INSPECT',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS] | (string & {});

const REQUESTS = [PERMISSIONS.CAN_SEE_REQUESTS, PERMISSIONS.CAN_SUBMIT_QUOTE];

/**
 * Role → permissions, one table for API and UI alike. Spec §6 gives clients
 * CAN_CREATE_PROJECT and CAN_SEE_PROJECTS_VIEW; the marketplace adds what
 * each role needs to act on projects. A specialist's requests also depend on
 * being verified, which the server checks on top of this table.
 */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  client: [PERMISSIONS.CAN_CREATE_PROJECT, PERMISSIONS.CAN_SEE_PROJECTS_VIEW, PERMISSIONS.CAN_INVITE_SPECIALISTS, PERMISSIONS.CAN_SELECT_QUOTE],
  contractor: REQUESTS,
  vendor: REQUESTS,
  artisan: REQUESTS,
  expert: [PERMISSIONS.CAN_INSPECT],
  unauthorized: [],
};

/** The role name used for a user (or no user): a missing role counts as unauthorized. */
export function roleOf(user: RoleHolder | false | null | undefined): RoleName {
  return (user && user.role?.name) || 'unauthorized';
}

/** Spec §6: take the user's role name (unauthorized without a user) and test the role's list. */
export function hasPermission(user: RoleHolder | false | null | undefined, permission: Permission): boolean {
  const granted = ROLE_PERMISSIONS[roleOf(user)] ?? [];
  return granted.includes(permission);
}

/**
 * Pages of the signed-in area that only some roles can use, with the
 * permissions of which one is enough. A page not listed here works for every
 * signed-in role (dashboard, escrow, catalog, settings).
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  // A client's projects, a specialist's requests, or the projects an expert inspects.
  'main.projects': [PERMISSIONS.CAN_SEE_PROJECTS_VIEW, PERMISSIONS.CAN_SEE_REQUESTS, PERMISSIONS.CAN_INSPECT],
  'main.create': [PERMISSIONS.CAN_CREATE_PROJECT],
  // The directory is where a client finds specialists to invite.
  'main.specialists': [PERMISSIONS.CAN_INVITE_SPECIALISTS],
};

/** Whether a user's role can use the page of a route name (navigation entries, and the page itself). */
export function canOpenRoute(user: RoleHolder | false | null | undefined, routeName: string): boolean {
  const needed = ROUTE_PERMISSIONS[routeName];
  return !needed || needed.some((permission) => hasPermission(user, permission));
}
