import type { Queryable } from '../db/database';
import { deleteExpiredKeys } from '../escrow/idempotency';

export interface CleanupReport {
  sessions: number;
  accountLinks: number;
  socialSignIns: number;
  idempotencyKeys: number;
}

/** Once an hour, at a minute no other scheduled job uses. */
export const CLEANUP_SCHEDULE = '17 * * * *';

async function deleted(db: Queryable, sql: string, now: Date): Promise<number> {
  const { rows } = await db.query(`${sql} RETURNING 1`, [now]);
  return rows.length;
}

/**
 * Deletes what no request can use any more: expired sign-in sessions, e-mailed
 * links used or past their date, abandoned social sign-ins, and idempotency
 * keys past IDEMPOTENCY_TTL_HOURS (their answers hold amounts and names).
 */
export async function deleteExpiredRecords(db: Queryable, now: Date = new Date()): Promise<CleanupReport> {
  const sessions =
    (await deleted(db, 'DELETE FROM user_sessions WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM admin_sessions WHERE expires_at <= $1', now));
  const accountLinks = await deleted(db, 'DELETE FROM account_tokens WHERE used_at IS NOT NULL OR expires_at <= $1', now);
  const socialSignIns =
    (await deleted(db, 'DELETE FROM oauth_states WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM social_link_requests WHERE expires_at <= $1', now));
  const idempotencyKeys = await deleteExpiredKeys(db);
  return { sessions, accountLinks, socialSignIns, idempotencyKeys };
}
