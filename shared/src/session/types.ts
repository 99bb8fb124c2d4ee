/** Role names of spec §3; a user without a role is treated as `unauthorized`. */
export type RoleName = 'client' | 'contractor' | 'expert' | 'unauthorized' | (string & {});

/** The user returned by `GET /auth/me` (and `GET /admin/auth/me` for admins). */
export interface AuthUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: { name: RoleName } | null;
  permissions?: string[];
  [extra: string]: unknown;
}

/**
 * `null` while the start-up flow has not finished, `false` when signed out,
 * the user when signed in (architecture §3).
 */
export type SessionState = AuthUser | false | null;
