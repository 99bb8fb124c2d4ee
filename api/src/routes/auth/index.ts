import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ForgotPasswordSchema,
  issueMessage,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  VALIDATION_MESSAGES,
} from 'shared/schemas';
import { API_MESSAGES as M } from 'shared/messages';
import type { AppConfig } from '../../config';
import { consumeAccountToken, isLiveAccountToken, issueAccountToken } from '../../accounts/account-tokens';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { createSession, deleteSession, deleteUserSessions } from '../../accounts/sessions';
import { findUserByEmail, normalizeEmail, publicUser, type UserRow } from '../../accounts/users';
import { parseWith } from '../../accounts/validate';
import { resetPasswordMail, signUpTakenMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator, mayMail, refuseBlockedUser, sendVerificationMail } from './account-helpers';
import { profileRoutes } from './profile';
import { socialRoutes } from './social';

const required = issueMessage(VALIDATION_MESSAGES.required);
const TokenSchema = v.object({ token: v.pipe(v.string(required), v.nonEmpty(required)) });

export interface AuthRoutesOptions {
  config: AppConfig;
}

/** `/auth/*`: client accounts (sign-up, e-mail verification, sign-in, password reset) and the signed-in user. */
export async function authRoutes(app: FastifyInstance, { config }: AuthRoutesOptions): Promise<void> {
  app.post('/auth/sign-up', { preHandler: app.limitAttempts('signUp') }, async (request, reply) => {
    const input = parseWith(SignUpSchema, request.body, request);
    const email = normalizeEmail(input.email);
    // Hashed whether or not the address is free, and everything else happens after the answer:
    // neither the answer nor its timing tells whether the address has an account.
    const passwordHash = await hashPassword(input.password);
    app.afterResponse(request, async () => {
      const { rows } = await app.db.query<UserRow>(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, country, city, locale, account_type, specialist_kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (email) DO NOTHING
       RETURNING *`,
      [
        email,
        passwordHash,
        input.first_name,
        input.last_name,
        input.phone_number,
        input.country,
        input.city,
        input.locale ?? request.locale,
        input.account_type,
        input.account_type === 'specialist' ? input.specialist_kind : null,
      ],
      );
      if (rows[0]) return sendVerificationMail(app, config, rows[0], request);
      // The address has an account: tell its owner, who may simply have forgotten it.
      const owner = await findUserByEmail(app.db, email);
      if (owner?.status === 'active' && (await mayMail(app, config, owner.email))) {
        const link = `${config.publicUrl}/forgot-password`;
        await app.deliverMail(signUpTakenMail(mailTranslator(owner, request), owner.email, owner.first_name, link));
      }
    });
    return reply.status(201).send({ message: request.t(M.signedUp), email });
  });

  app.post('/auth/verify-email', async (request) => {
    const { token } = parseWith(TokenSchema, request.body, request);
    const verified = await app.db.transaction(async (tx) => {
      const issued = await consumeAccountToken(tx, ['verify_email', 'change_email'], token);
      if (!issued) return false;
      if (issued.purpose === 'change_email') {
        // The new address proved itself; it may have been taken since the link was sent.
        const { rows: taken } = await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [issued.email, issued.user_id]);
        if (taken.length > 0) return false;
        const { rows } = await tx.query(
          "UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id",
          [issued.user_id, issued.email],
        );
        return rows.length > 0;
      }
      // Only the address the link was sent to: a later change of address needs its own link.
      const { rows } = await tx.query(
        'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1 AND email = $2 RETURNING id',
        [issued.user_id, issued.email],
      );
      return rows.length > 0;
    }).catch((error: unknown) => {
      // The new address was taken between the check and the update (unique index): the link is spent.
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    });
    if (!verified) throw new HttpError(410, request.t(M.linkExpired));
    return { message: request.t(M.emailVerified) };
  });

  app.post('/auth/resend-verification', { preHandler: app.limitAttempts('resendVerification') }, async (request) => {
    const { email } = parseWith(ForgotPasswordSchema, request.body, request);
    const user = await findUserByEmail(app.db, email);
    if (user && user.status === 'active' && user.email_verified_at === null) {
      app.afterResponse(request, () => sendVerificationMail(app, config, user, request));
    }
    return { message: request.t(M.verificationResent) };
  });

  app.post('/auth/login', { preHandler: app.limitAttempts('login') }, async (request, reply) => {
    const input = parseWith(SignInSchema, request.body, request);
    const user = await findUserByEmail(app.db, input.email);
    // Verified even without a user, so unknown addresses take as long as wrong passwords.
    const passwordMatches = await verifyPassword(user?.password_hash, input.password);
    if (!user || !passwordMatches) throw new HttpError(401, request.t(M.incorrectCredentials));
    const refused = refuseBlockedUser(user, request, reply);
    if (refused) return refused;
    if (user.email_verified_at === null) {
      return reply.status(403).send({ message: request.t(M.emailUnverified), code: 'email_unverified' });
    }
    return { access_token: await createSession(app.db, 'client', user.id, config.tokenTtlDays) };
  });

  app.get('/auth/me', { preHandler: app.requireUser }, async (request) => publicUser(request.user!));

  app.post('/auth/logout', { preHandler: app.requireUser }, async (request, reply) => {
    await deleteSession(app.db, 'client', request.sessionToken!);
    return reply.status(204).send();
  });

  // Ends every session of the account, and with them any reset or address-change link sent earlier.
  app.post('/auth/logout-everywhere', { preHandler: app.requireUser }, async (request, reply) => {
    await deleteUserSessions(app.db, request.user!.id);
    return reply.status(204).send();
  });

  app.post('/auth/forgot-password', { preHandler: app.limitAttempts('forgotPassword') }, async (request) => {
    const { email } = parseWith(ForgotPasswordSchema, request.body, request);
    const user = await findUserByEmail(app.db, email);
    if (user && user.status === 'active') {
      // After the answer: issuing the link and writing the mail would make known addresses slower.
      app.afterResponse(request, async () => {
        if (!(await mayMail(app, config, user.email))) return;
        const token = await issueAccountToken(app.db, user.id, 'reset_password', user.email);
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        await app.deliverMail(resetPasswordMail(mailTranslator(user, request), user.email, user.first_name, link));
      });
    }
    return { message: request.t(M.resetLinkSent) };
  });

  app.put('/auth/reset-password', { preHandler: app.limitAttempts('resetPassword') }, async (request) => {
    const input = parseWith(ResetPasswordSchema, request.body, request);
    // A bogus link costs one indexed read, not an argon2 hash: hashing comes only for a live link.
    if (!(await isLiveAccountToken(app.db, 'reset_password', input.token))) throw new HttpError(410, request.t(M.linkExpired));
    const passwordHash = await hashPassword(input.password);
    const done = await app.db.transaction(async (tx) => {
      const issued = await consumeAccountToken(tx, 'reset_password', input.token);
      if (!issued) return false;
      // The link reached the address, which proves it as well as a verification link would.
      const { rows } = await tx.query(
        `UPDATE users SET password_hash = $2, updated_at = now(),
           email_verified_at = CASE WHEN email = $3 THEN COALESCE(email_verified_at, now()) ELSE email_verified_at END
         WHERE id = $1 AND status = 'active' RETURNING id`,
        [issued.user_id, passwordHash, issued.email],
      );
      if (rows.length === 0) return false;
      // Signs out everywhere and revokes every other link still out there.
      await deleteUserSessions(tx, issued.user_id);
      return true;
    });
    if (!done) throw new HttpError(410, request.t(M.linkExpired));
    return { message: request.t(M.passwordChanged) };
  });

  await app.register(profileRoutes, { config });
  await app.register(socialRoutes, { config });
}
