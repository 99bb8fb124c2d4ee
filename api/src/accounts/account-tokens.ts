import type { Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = { verify_email: 24 * 60, reset_password: 60 };

/** A new single-use link token for `email`; returns the secret to put in the link. */
export async function issueAccountToken(db: Queryable, userId: string, purpose: TokenPurpose, email: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [userId, purpose, hashToken(token), email, TOKEN_LIFETIME_MINUTES[purpose]],
  );
  return token;
}

/**
 * Marks a token used and returns what it was issued for, in one statement so
 * two simultaneous uses cannot both succeed. Unknown, used and expired tokens
 * all answer undefined.
 */
export async function consumeAccountToken(
  db: Queryable,
  purpose: TokenPurpose,
  token: string,
): Promise<{ user_id: string; email: string } | undefined> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, email`,
    [hashToken(token), purpose],
  );
  return rows[0];
}
