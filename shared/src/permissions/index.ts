import type { AuthUser, RoleName } from '../session/types';

/** Permissions named by the spec (§6). */
export const PERMISSIONS = {
  CAN_CREATE_PROJECT: 'CAN_CREATE_PROJECT',
  CAN_SEE_PROJECTS_VIEW: 'CAN_SEE_PROJECTS_VIEW',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS] | (string & {});

/**
 * Role → permissions. Spec §6 gives clients two permissions and expert,
 * contractor and unauthorized none; one table for API and UI alike.
 */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  client: [PERMISSIONS.CAN_CREATE_PROJECT, PERMISSIONS.CAN_SEE_PROJECTS_VIEW],
  expert: [],
  contractor: [],
  unauthorized: [],
};

/** The role name used for a user (or no user): a missing role counts as unauthorized. */
export function roleOf(user: AuthUser | false | null | undefined): RoleName {
  return (user && user.role?.name) || 'unauthorized';
}

/** Spec §6: take the user's role name (unauthorized without a user) and test the role's list. */
export function hasPermission(user: AuthUser | false | null | undefined, permission: Permission): boolean {
  const granted = ROLE_PERMISSIONS[roleOf(user)] ?? [];
  return granted.includes(permission);
}
