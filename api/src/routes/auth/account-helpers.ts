import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import type { AppConfig } from '../../config';
import { issueAccountToken } from '../../accounts/account-tokens';
import type { UserRow } from '../../accounts/users';
import { isApiLocale, translatorFor, type Translator } from '../../i18n/server-i18n';
import { verificationMail } from '../../mail/templates';

/** The user's own language for e-mail, falling back to the caller's. */
export function mailTranslator(user: Pick<UserRow, 'locale'> | undefined, request: FastifyRequest): Translator {
  return translatorFor(user && isApiLocale(user.locale) ? user.locale : request.locale);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether one more account e-mail may go to `address` this hour. Checked after
 * the answer, which stays the same: strangers asking from many machines cannot
 * flood someone's inbox, nor learn anything from being turned down.
 */
export async function mayMail(app: FastifyInstance, config: AppConfig, address: string): Promise<boolean> {
  const sent = await app.attempts.hit(`accountMail:${address}`, HOUR_MS);
  return sent.count <= config.rateLimits.accountMailsPerHour;
}

export async function sendVerificationMail(app: FastifyInstance, config: AppConfig, user: UserRow, request: FastifyRequest): Promise<void> {
  if (!(await mayMail(app, config, user.email))) return;
  const token = await issueAccountToken(app.db, user.id, 'verify_email', user.email);
  const link = `${config.publicUrl}/verify-email?token=${token}`;
  await app.deliverMail(verificationMail(mailTranslator(user, request), user.email, user.first_name, link));
}

/** Sign-in failures and blocked accounts, answered the same way by password and social sign-in. */
export function refuseBlockedUser(user: UserRow, request: FastifyRequest, reply: FastifyReply) {
  if (user.status !== 'active') {
    return reply.status(403).send({ message: request.t(M.accountSuspended), code: 'account_suspended' });
  }
  return undefined;
}
