import { prepared, type Queryable } from '../db/database';
import { revokeAccountTokens } from './account-tokens';
import { hashToken, newToken } from './tokens';
import type { UserRow } from './users';

export type SessionScope = 'client' | 'admin';

const TABLES = {
  client: { table: 'user_sessions', owner: 'user_id' },
  admin: { table: 'admin_sessions', owner: 'admin_id' },
} as const;

/** Where a client session was opened, for its owner's list of sessions. */
export interface SessionDevice {
  userAgent: string | undefined;
  ipAddress: string;
  country: string | undefined;
}

/** Opens a session and returns its token; only the token's hash is kept (and, for a client, the device it was opened on). */
export async function createSession(db: Queryable, scope: SessionScope, ownerId: string, ttlDays: number, device?: SessionDevice): Promise<string> {
  const token = newToken();
  const { table, owner } = TABLES[scope];
  if (scope === 'client' && device) {
    await db.query(
      `INSERT INTO user_sessions (token_hash, user_id, expires_at, user_agent, ip_address, country)
       VALUES ($1, $2, now() + make_interval(days => $3::int), $4, $5, $6)`,
      [hashToken(token), ownerId, ttlDays, device.userAgent?.slice(0, 500) ?? null, device.ipAddress.slice(0, 64), device.country ?? null],
    );
    return token;
  }
  await db.query(`INSERT INTO ${table} (token_hash, ${owner}, expires_at) VALUES ($1, $2, now() + make_interval(days => $3::int))`, [
    hashToken(token),
    ownerId,
    ttlDays,
  ]);
  return token;
}

/** The owner of a live session of this scope (and marks it used), or undefined. */
export async function resolveSession(db: Queryable, scope: SessionScope, token: string): Promise<string | undefined> {
  const { table, owner } = TABLES[scope];
  const hash = hashToken(token);
  const { rows } = await db.query<{ owner_id: string; stale: boolean }>(
    `SELECT ${owner} AS owner_id, last_used_at < now() - interval '5 minutes' AS stale FROM ${table} WHERE token_hash = $1 AND expires_at > now()`,
    [hash],
  );
  const session = rows[0];
  // "Last used" to the nearest few minutes: writing it on every request would make every
  // signed-in read a write, queued on the session row.
  if (session?.stale) await db.query(`UPDATE ${table} SET last_used_at = now() WHERE token_hash = $1`, [hash]);
  return session?.owner_id;
}

const SESSION_USER = prepared(
  `SELECT u.*, s.expires_at AS session_expires_at, s.last_used_at < now() - interval '5 minutes' AS session_stale
     FROM user_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = $1 AND s.expires_at > now()`,
);
const MARK_USED = prepared('UPDATE user_sessions SET last_used_at = now() WHERE token_hash = $1');

/**
 * The user of a live client session, with when the session expires, in one
 * statement (and marks it used, as `resolveSession` does); undefined when the
 * token opens nothing.
 */
export async function findSessionUser(db: Queryable, tokenHash: string): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const { rows } = await db.query<UserRow & { session_expires_at: Date | string; session_stale: boolean }>(SESSION_USER, [tokenHash]);
  const row = rows[0];
  if (!row) return undefined;
  const { session_expires_at: expiresAt, session_stale: stale, ...user } = row;
  if (stale) await db.query(MARK_USED, [tokenHash]);
  return { user, expiresAt: new Date(expiresAt) };
}

export async function deleteSession(db: Queryable, scope: SessionScope, token: string): Promise<void> {
  const { table } = TABLES[scope];
  await db.query(`DELETE FROM ${table} WHERE token_hash = $1`, [hashToken(token)]);
}

/**
 * Signs a user out everywhere (password change, suspension, sign-out
 * everywhere). E-mailed reset and address-change links die with the
 * sessions: one sent before the account was secured must not undo it.
 */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE user_id = $1', [userId]);
  await revokeAccountTokens(db, userId);
}

/** A password change: every session of the user but the one that made it ends, and every e-mailed link with them. */
export async function endOtherSessions(db: Queryable, userId: string, keepToken: string): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE user_id = $1 AND token_hash <> $2', [userId, hashToken(keepToken)]);
  await revokeAccountTokens(db, userId);
}

/** Every back-office session of an admin (a new password, a sign-out everywhere). */
export async function deleteAdminSessions(db: Queryable, adminId: string): Promise<void> {
  await db.query('DELETE FROM admin_sessions WHERE admin_id = $1', [adminId]);
}
