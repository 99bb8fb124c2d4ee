import type { AdminMe, Me } from '../contract/accounts';

/** Role names of docs/product.md §3; a user without a role is treated as `unauthorized`. */
export type RoleName = 'client' | 'contractor' | 'expert' | 'unauthorized' | (string & {});

/** Either session's user: a client, specialist or expert (`GET /auth/me`), or an admin (`GET /admin/auth/me`). */
export type AuthUser = Me | AdminMe;

/** What the role and permission checks read of a user (of either session). */
export interface RoleHolder {
  id: string;
  role?: { name: RoleName } | null;
}

/**
 * `null` while the start-up flow has not finished, `false` when signed out,
 * the user when signed in (architecture §3).
 */
export type SessionState<TUser extends AuthUser = AuthUser> = TUser | false | null;
