import type { Queryable } from '../db/database';
import { deleteExpiredKeys } from '../escrow/idempotency';

export interface CleanupReport {
  sessions: number;
  accountLinks: number;
  socialSignIns: number;
  idempotencyKeys: number;
  mailMarkers: number;
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
 * keys past IDEMPOTENCY_TTL_HOURS (their answers hold amounts and names),
 * and the sent markers of e-mails whose jobs are gone.
 */
export async function deleteExpiredRecords(db: Queryable, now: Date = new Date()): Promise<CleanupReport> {
  const sessions =
    (await deleted(db, 'DELETE FROM user_sessions WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM admin_sessions WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM two_factor_challenges WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM passkey_challenges WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM two_factor_remembered_devices WHERE expires_at <= $1', now));
  const accountLinks = await deleted(db, 'DELETE FROM account_tokens WHERE used_at IS NOT NULL OR expires_at <= $1', now);
  const socialSignIns =
    (await deleted(db, 'DELETE FROM oauth_states WHERE expires_at <= $1', now)) +
    (await deleted(db, 'DELETE FROM social_link_requests WHERE expires_at <= $1', now));
  const idempotencyKeys = await deleteExpiredKeys(db);
  // The queue deletes its jobs a day after they end; a marker only matters while its job may still be tried.
  const mailMarkers = await deleted(db, "DELETE FROM mail_deliveries WHERE sent_at <= $1::timestamptz - interval '2 days'", now);
  return { sessions, accountLinks, socialSignIns, idempotencyKeys, mailMarkers };
}
