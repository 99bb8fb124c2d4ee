import type { OAuthProviderName } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { deleteUserSessions } from '../../accounts/sessions';
import { hashToken, newToken } from '../../accounts/tokens';
import { findUserById, normalizeEmail, type UserRow } from '../../accounts/users';
import type { SocialProfile } from './social-provider';

/** How long the owner has to confirm a link (in the browser or through the e-mailed link). */
export const LINK_REQUEST_MINUTES = 30;
/** Wrong passwords one pending link accepts before it is void. */
export const LINK_PASSWORD_ATTEMPTS = 5;

export type SocialOutcome =
  /** Signed in; `passwordRemoved` when an unconfirmed account was taken over from whoever set its password. */
  | { kind: 'signed-in'; user: UserRow; passwordRemoved: boolean }
  /** A verified account has the address: its owner must confirm before the identity is linked. */
  | { kind: 'confirm'; user: UserRow; token: string }
  /** The account with the address is suspended: nothing changes. */
  | { kind: 'blocked'; user: UserRow };

async function linkIdentity(tx: Queryable, provider: string, subject: string, userId: string): Promise<void> {
  await tx.query('INSERT INTO social_identities (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    provider,
    subject,
    userId,
  ]);
}

/**
 * The account for a provider identity:
 * - the one already linked to it;
 * - none with the address: a new verified client account;
 * - an unverified one: nobody ever proved the address, so whoever set its
 *   password may not be its owner (someone can sign up with another
 *   person's address). The provider proves the address, so its owner takes
 *   the account: the password, the sessions and the pending e-mailed links go;
 * - a verified one: not linked until its owner confirms (password or
 *   e-mailed link), since a provider account is not proof of owning this one.
 */
export async function resolveSocialAccount(
  db: Database,
  provider: OAuthProviderName,
  profile: SocialProfile,
  locale: string,
): Promise<SocialOutcome | undefined> {
  return db.transaction(async (tx) => {
    const linked = await tx.query<{ user_id: string }>('SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2', [
      provider,
      profile.subject,
    ]);
    if (linked.rows[0]) {
      const user = await findUserById(tx, linked.rows[0].user_id);
      return user && { kind: 'signed-in', user, passwordRemoved: false };
    }
    const email = normalizeEmail(profile.email);
    const existing = await tx.query<UserRow>('SELECT * FROM users WHERE email = $1 FOR UPDATE', [email]);
    const user = existing.rows[0];
    if (!user) {
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (email, first_name, last_name, locale, account_type, email_verified_at)
         VALUES ($1, $2, $3, $4, 'client', now()) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [email, profile.firstName, profile.lastName, locale],
      );
      const created = rows[0];
      if (!created) return undefined;
      await linkIdentity(tx, provider, profile.subject, created.id);
      return { kind: 'signed-in', user: created, passwordRemoved: false };
    }
    if (user.status !== 'active') return { kind: 'blocked', user };
    if (user.email_verified_at === null) {
      const { rows } = await tx.query<UserRow>(
        `UPDATE users SET password_hash = NULL, email_verified_at = now(), updated_at = now() WHERE id = $1 RETURNING *`,
        [user.id],
      );
      await deleteUserSessions(tx, user.id);
      await tx.query('UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
      await tx.query('DELETE FROM social_link_requests WHERE user_id = $1', [user.id]);
      await linkIdentity(tx, provider, profile.subject, user.id);
      return { kind: 'signed-in', user: rows[0]!, passwordRemoved: user.password_hash !== null };
    }
    const token = newToken();
    await tx.query(
      `INSERT INTO social_link_requests (token_hash, user_id, provider, subject, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
      [hashToken(token), user.id, provider, profile.subject, LINK_REQUEST_MINUTES],
    );
    await tx.query('DELETE FROM social_link_requests WHERE expires_at < now()');
    return { kind: 'confirm', user, token };
  });
}

export interface LinkRequest {
  id: string;
  user_id: string;
  provider: OAuthProviderName;
  subject: string;
  failed_attempts: number;
}

/** The live pending link a browser token (or an e-mailed token) stands for. */
export async function findLinkRequest(db: Queryable, token: string, by: 'browser' | 'mail'): Promise<LinkRequest | undefined> {
  const column = by === 'browser' ? 'token_hash' : 'mail_token_hash';
  const { rows } = await db.query<LinkRequest>(
    `SELECT id, user_id, provider, subject, failed_attempts FROM social_link_requests
     WHERE ${column} = $1 AND expires_at > now() AND failed_attempts < $2`,
    [hashToken(token), LINK_PASSWORD_ATTEMPTS],
  );
  return rows[0];
}

/** Counts a wrong password against the pending link (it is void after LINK_PASSWORD_ATTEMPTS). */
export async function countFailedAttempt(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE social_link_requests SET failed_attempts = failed_attempts + 1 WHERE id = $1', [id]);
}

/** A new e-mailed link for the pending request; only the latest one works. */
export async function issueMailToken(db: Queryable, id: string): Promise<string> {
  const token = newToken();
  await db.query('UPDATE social_link_requests SET mail_token_hash = $2 WHERE id = $1', [id, hashToken(token)]);
  return token;
}

/**
 * Links the identity once the owner confirmed; the request is consumed in the
 * same statement, so two confirmations cannot both succeed. Undefined when it
 * was already used.
 */
export async function completeLink(db: Database, id: string): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<LinkRequest>(
      'DELETE FROM social_link_requests WHERE id = $1 AND expires_at > now() RETURNING user_id, provider, subject',
      [id],
    );
    const request = rows[0];
    if (!request) return undefined;
    await linkIdentity(tx, request.provider, request.subject, request.user_id);
    return findUserById(tx, request.user_id);
  });
}
