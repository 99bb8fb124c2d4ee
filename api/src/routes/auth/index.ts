import type { FastifyInstance } from 'fastify';
import {
  AccessTokenSchema,
  EmailVerifiedSchema,
  errorResponses,
  ForgotPasswordSchema,
  MeSchema,
  MessageAnswerSchema,
  NoContentSchema,
  ResetPasswordSchema,
  SignedUpSchema,
  SignInRefusedSchema,
  SignInSchema,
  SignUpSchema,
  TokenBodySchema,
  TwoFactorChallengeSchema,
} from 'shared/contract';
import { API_MESSAGES as M } from 'shared/messages';
import type { AppConfig } from '../../config';
import { consumeAccountToken, isLiveAccountToken, issueAccountToken, revokeAccountTokens } from '../../accounts/account-tokens';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { createSession, deleteSession, deleteUserSessions } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import { findUserByEmail, normalizeEmail, publicUser, type UserRow } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import type { MailMessage } from '../../mail/mailer';
import { emailChangedMail, resetPasswordMail, signUpTakenMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator, mayMail, refuseBlockedUser, sendVerificationMail } from './account-helpers';
import { profileRoutes } from './profile';
import { noticeNewDevice, sessionDevice, sessionRoutes } from './sessions';
import { socialRoutes } from './social';
import { challengeAnswer, needsSecondFactor, twoFactorRoutes } from './two-factor';
import { passkeyRoutes } from './passkeys';
import { forgetDevices } from '../../accounts/two-factor';

const tags = ['accounts'];

export interface AuthRoutesOptions {
  config: AppConfig;
}

/** `/auth/*`: client accounts (sign-up, e-mail verification, sign-in, password reset) and the signed-in user. */
export async function authRoutes(app: FastifyInstance, { config }: AuthRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();

  // Attempts are counted before the body is read, so malformed ones count too.
  api.post(
    '/auth/sign-up',
    {
      preValidation: app.limitAttempts('signUp'),
      schema: {
        tags,
        summary: 'Create a client or specialist account; the verification link goes out by e-mail',
        body: SignUpSchema,
        response: { 201: SignedUpSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
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
    },
  );

  api.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Follow an e-mailed verification or address-change link',
        body: TokenBodySchema,
        response: { 200: EmailVerifiedSchema, ...errorResponses(410, 422) },
      },
    },
    async (request) => {
      const { token } = request.body;
      let undoMail: MailMessage | undefined;
      const verified = await app.db
        .transaction(async (tx) => {
          const issued = await consumeAccountToken(tx, ['verify_email', 'change_email'], token);
          if (!issued) return null;
          if (issued.purpose === 'change_email') {
            // The new address proved itself; it may have been taken since the link was sent.
            const { rows: taken } = await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [issued.email, issued.user_id]);
            if (taken.length > 0) return null;
            const { rows } = await tx.query<UserRow & { old_email: string }>(
              `UPDATE users u SET email = $2, email_verified_at = now(), updated_at = now()
                 FROM users old WHERE old.id = u.id AND u.id = $1 AND u.status = 'active' RETURNING u.*, old.email AS old_email`,
              [issued.user_id, issued.email],
            );
            const changed = rows[0];
            if (!changed) return null;
            // The address the account left is told, with a week to take the account back (whoever
            // changed it may hold a stolen session and now receives the reset links).
            if (changed.old_email !== changed.email) {
              const undo = await issueAccountToken(tx, changed.id, 'undo_email_change', changed.old_email);
              undoMail = emailChangedMail(
                mailTranslator(changed, request),
                changed.old_email,
                changed.first_name,
                changed.email,
                `${config.publicUrl}/reset-password?token=${undo}`,
              );
            }
            return { signIn: null };
          }
          // Only the address the link was sent to: a later change of address needs its own link.
          const { rows } = await tx.query<{ id: string; status: string }>(
            'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1 AND email = $2 RETURNING id, status',
            [issued.user_id, issued.email],
          );
          const user = rows[0];
          if (!user) return null;
          // The single-use link proved the mailbox: an active account is signed in, as a sign-in right after would.
          return { signIn: user.status === 'active' ? user.id : null };
        })
        .catch((error: unknown) => {
          // The new address was taken between the check and the update (unique index): the link is spent.
          if ((error as { code?: string }).code === '23505') return null;
          throw error;
        });
      if (!verified) throw new HttpError(410, request.t(M.linkExpired));
      if (undoMail) {
        const mail = undoMail;
        app.afterResponse(request, () => app.deliverMail(mail));
      }
      const message = request.t(M.emailVerified);
      if (!verified.signIn) return { message };
      return { message, access_token: await createSession(app.db, 'client', verified.signIn, config.tokenTtlDays, sessionDevice(request, config)) };
    },
  );

  api.post(
    '/auth/resend-verification',
    {
      preValidation: app.limitAttempts('resendVerification'),
      schema: {
        tags,
        summary: 'Send the verification link again (same answer whether or not the address has an account)',
        body: ForgotPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const user = await findUserByEmail(app.db, email);
      if (user && user.status === 'active' && user.email_verified_at === null) {
        app.afterResponse(request, () => sendVerificationMail(app, config, user, request));
      }
      return { message: request.t(M.verificationResent) };
    },
  );

  api.post(
    '/auth/login',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password; an account with a second factor gets a challenge (202) instead of a session',
        body: SignInSchema,
        response: { 200: AccessTokenSchema, 202: TwoFactorChallengeSchema, 403: SignInRefusedSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const user = await findUserByEmail(app.db, input.email);
      // Verified even without a user, so unknown addresses take as long as wrong passwords.
      const passwordMatches = await verifyPassword(user?.password_hash, input.password);
      if (!user || !passwordMatches) throw new HttpError(401, request.t(M.incorrectCredentials));
      const refused = refuseBlockedUser(user, request, reply);
      if (refused) return refused;
      if (user.email_verified_at === null) {
        return reply.status(403).send({ message: request.t(M.emailUnverified), code: 'email_unverified' });
      }
      // No session before the second factor (the app's code or a passkey), unless the owner asked this browser to be remembered.
      if (await needsSecondFactor(app, request, user.id)) {
        return reply.status(202).send(await challengeAnswer(app, request, { kind: 'user', id: user.id }, 'code'));
      }
      const device = sessionDevice(request, config);
      const accessToken = await createSession(app.db, 'client', user.id, config.tokenTtlDays, device);
      app.afterResponse(request, () => noticeNewDevice(app, config, user, device, request));
      return { access_token: accessToken };
    },
  );

  api.get(
    '/auth/me',
    {
      preValidation: app.requireUser,
      schema: { tags, summary: 'The signed-in user', security: SIGNED_IN, response: { 200: MeSchema, ...errorResponses(401) } },
    },
    async (request) => publicUser(request.user!),
  );

  api.post(
    '/auth/logout',
    {
      preValidation: app.requireUser,
      schema: { tags, summary: 'End this session', security: SIGNED_IN, response: { 204: NoContentSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      await deleteSession(app.db, 'client', request.sessionToken!);
      return reply.status(204).send(null);
    },
  );

  // Ends every session of the account, and with them any reset or address-change link sent earlier.
  api.post(
    '/auth/logout-everywhere',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'End every session of the account',
        security: SIGNED_IN,
        response: { 204: NoContentSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await deleteUserSessions(app.db, request.user!.id);
      // Whoever is feared to hold a session may also hold a remembered browser.
      await forgetDevices(app.db, { kind: 'user', id: request.user!.id });
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/auth/forgot-password',
    {
      preValidation: app.limitAttempts('forgotPassword'),
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the address has an account)',
        body: ForgotPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
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
    },
  );

  api.put(
    '/auth/reset-password',
    {
      preValidation: app.limitAttempts('resetPassword'),
      schema: {
        tags,
        summary: 'Choose a new password with an e-mailed reset link; every session ends',
        body: ResetPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(410, 422, 429) },
      },
    },
    async (request) => {
      const input = request.body;
      // A bogus link costs one indexed read, not an argon2 hash: hashing comes only for a live link.
      // The same page takes the link that undoes an address change: it gives the address back too.
      const purposes = ['reset_password', 'undo_email_change'] as const;
      if (!(await isLiveAccountToken(app.db, purposes, input.token))) throw new HttpError(410, request.t(M.linkExpired));
      const passwordHash = await hashPassword(input.password);
      const done = await app.db
        .transaction(async (tx) => {
          const issued = await consumeAccountToken(tx, purposes, input.token);
          if (!issued) return false;
          if (issued.purpose === 'undo_email_change') {
            const { rows } = await tx.query(
              "UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1 AND status = 'active' RETURNING id",
              [issued.user_id, issued.email],
            );
            if (rows.length === 0) return false;
            // Every link still out there, this kind included: one undo is the last word.
            await revokeAccountTokens(tx, issued.user_id, ['reset_password', 'change_email', 'verify_email', 'undo_email_change']);
          }
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
        })
        .catch((error: unknown) => {
          // The address to give back was taken by another account meanwhile (unique index).
          if ((error as { code?: string }).code === '23505') return false;
          throw error;
        });
      if (!done) throw new HttpError(410, request.t(M.linkExpired));
      return { message: request.t(M.passwordChanged) };
    },
  );

  await app.register(profileRoutes, { config });
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes, { config });
  await app.register(passkeyRoutes, { config });
  await app.register(socialRoutes, { config });
}
