import type { Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

/**
 * `undo_email_change` goes to the address an account left: it gives the address back and sets a
 * new password. It survives every revocation (a password change, a sign-out everywhere): those are
 * what a taker of the account would do first.
 */
export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'undo_email_change';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 60,
  change_email: 24 * 60,
  undo_email_change: 7 * 24 * 60,
};

/** Links of which only the newest may work: an older reset or address-change link is revoked by a newer one. */
const ONE_AT_A_TIME: readonly TokenPurpose[] = ['reset_password', 'change_email'];

/** A new single-use link token for `email`; returns the secret to put in the link. */
export async function issueAccountToken(db: Queryable, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
  if (ONE_AT_A_TIME.includes(purpose)) await revokeAccountTokens(db, userId, [purpose]);
  const token = newToken();
  await db.query(
    `INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [userId, purpose, hashToken(token), email, TOKEN_LIFETIME_MINUTES[purpose]],
  );
  return token;
}

/**
 * Makes the user's unused links of these purposes unusable (marked used):
 * on a newer link, a password change, a suspension or a sign-out everywhere.
 */
export async function revokeAccountTokens(
  db: Queryable,
  userId: string,
  purposes: readonly TokenPurpose[] = ['reset_password', 'change_email'],
): Promise<void> {
  await db.query('UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL', [
    userId,
    purposes,
  ]);
}

/** Whether a token is live (unused, unexpired), without using it: a cheap check before costly work. */
export async function isLiveAccountToken(db: Queryable, purposes: TokenPurpose | readonly TokenPurpose[], token: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM account_tokens WHERE token_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()',
    [hashToken(token), [purposes].flat()],
  );
  return rows.length > 0;
}

/**
 * Marks a token used and returns what it was issued for, in one statement so
 * two simultaneous uses cannot both succeed. Unknown, used and expired tokens
 * all answer undefined.
 */
export async function consumeAccountToken(
  db: Queryable,
  purposes: TokenPurpose | readonly TokenPurpose[],
  token: string,
): Promise<{ user_id: string; email: string; purpose: TokenPurpose } | undefined> {
  const { rows } = await db.query<{ user_id: string; email: string; purpose: TokenPurpose }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, email, purpose`,
    [hashToken(token), [purposes].flat()],
  );
  return rows[0];
}
