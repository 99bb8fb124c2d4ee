import type { FastifyInstance } from 'fastify';
import {
  AccessTokenSchema,
  AdminEnrolBodySchema,
  AdminEnrolConfirmSchema,
  AdminEnrolledSchema,
  AdminMeSchema,
  errorResponses,
  NoContentSchema,
  RecoveryCodesSchema,
  SignInSchema,
  TwoFactorCodeBodySchema,
  TwoFactorChallengeSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorSignInSchema,
  TwoFactorStatusSchema,
} from 'shared/contract';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import type { FastifyRequest } from 'fastify';
import {
  confirmEnrolment,
  endChallenge,
  failChallenge,
  factorId,
  findChallenge,
  hasTwoFactor,
  newRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
  verifySecondFactor,
} from '../../accounts/two-factor';
import { codeRefused, countCodeAttempt, requireSecondFactor } from '../../accounts/two-factor-guard';
import { RuleError } from '../../plugins/error-handler';
import { challengeAnswer, rememberedHere, setDeviceCookie } from '../auth/two-factor';
import { ROLE_PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import type { AdminRow } from '../../accounts/auth-plugin';
import { verifyPassword } from '../../accounts/passwords';
import { createSession, deleteAdminSessions, deleteSession } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import { normalizeEmail } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';

/** `/admin/auth/*`: the back office's own sign-in, with sessions separate from clients'. */
export async function adminAuthRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['admin accounts'];

  api.post(
    '/admin/auth/login',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Sign in to the back office: the password, then a second factor (202), set up first by an admin without one',
        body: SignInSchema,
        response: { 200: AccessTokenSchema, 202: TwoFactorChallengeSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const { rows } = await app.db.query<AdminRow>('SELECT * FROM admins WHERE email = $1', [normalizeEmail(input.email)]);
      const admin = rows[0];
      const passwordMatches = await verifyPassword(admin?.password_hash, input.password);
      if (!admin || !passwordMatches) throw new HttpError(401, request.t(M.incorrectCredentials));
      const owner = { kind: 'admin' as const, id: admin.id };
      // Mandatory for admins: without a factor, the only way on is to set one up.
      if (!(await hasTwoFactor(app.db, owner))) return reply.status(202).send(await challengeAnswer(app, request, owner, 'enrol'));
      if (!(await rememberedHere(app, request, owner))) return reply.status(202).send(await challengeAnswer(app, request, owner, 'code'));
      return { access_token: await createSession(app.db, 'admin', admin.id, config.tokenTtlDays) };
    },
  );

  const expired = (request: FastifyRequest) => new HttpError(401, request.t(S.twoFactorChallengeExpired));

  api.post(
    '/admin/auth/two-factor/sign-in',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Finish a back-office sign-in with a code from the authenticator app, or a recovery code (once)',
        body: TwoFactorSignInSchema,
        response: { 200: AccessTokenSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, code, remember_device: remember } = request.body;
      const challenge = await findChallenge(app.db, 'admin', token);
      if (!challenge || challenge.purpose !== 'code') throw expired(request);
      if (!code) throw codeRefused(request, 'code', true);
      await countCodeAttempt(app, request, reply, challenge.owner);
      if (!(await verifySecondFactor(app.db, app.twoFactorKey, challenge.owner, code))) {
        await failChallenge(app.db, token);
        throw codeRefused(request, 'code');
      }
      await endChallenge(app.db, token);
      if (remember) await setDeviceCookie(app, reply, config, challenge.owner);
      return { access_token: await createSession(app.db, 'admin', challenge.owner.id, config.tokenTtlDays) };
    },
  );

  api.post(
    '/admin/auth/two-factor/enrolment',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'An admin without a second factor, after their password: a new authenticator secret, as text and QR code',
        body: AdminEnrolBodySchema,
        response: { 200: TwoFactorEnrolmentSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request) => {
      const challenge = await findChallenge(app.db, 'admin', request.body.challenge_token);
      if (!challenge || challenge.purpose !== 'enrol') throw expired(request);
      const { rows } = await app.db.query<{ email: string }>('SELECT email FROM admins WHERE id = $1', [challenge.owner.id]);
      const enrolment = await startEnrolment(app.db, app.twoFactorKey, challenge.owner, `${rows[0]?.email ?? 'admin'} (admin)`);
      if (!enrolment) throw new RuleError(409, S.twoFactorAlreadyOn);
      return enrolment;
    },
  );

  api.post(
    '/admin/auth/two-factor/enrolment/confirm',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: "The app's first code: the factor is on, the admin's first session opens, the recovery codes are answered once",
        body: AdminEnrolConfirmSchema,
        response: { 200: AdminEnrolledSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, code } = request.body;
      const challenge = await findChallenge(app.db, 'admin', token);
      if (!challenge || challenge.purpose !== 'enrol') throw expired(request);
      if (!code) throw codeRefused(request, 'code', true);
      await countCodeAttempt(app, request, reply, challenge.owner);
      const codes = await confirmEnrolment(app.db, app.twoFactorKey, challenge.owner, code);
      if (codes === 'none') throw new RuleError(409, S.twoFactorNoEnrolment);
      if (!codes) {
        await failChallenge(app.db, token);
        throw codeRefused(request, 'code');
      }
      await endChallenge(app.db, token);
      return { access_token: await createSession(app.db, 'admin', challenge.owner.id, config.tokenTtlDays), recovery_codes: codes };
    },
  );

  api.get(
    '/admin/auth/me',
    {
      preValidation: app.requireAdmin,
      schema: { tags, summary: 'The signed-in admin', security: SIGNED_IN, response: { 200: AdminMeSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const admin = request.admin!;
      return {
        id: admin.id,
        email: admin.email,
        first_name: admin.first_name,
        last_name: admin.last_name,
        role: { name: 'admin' as const },
        permissions: [...(ROLE_PERMISSIONS.admin ?? [])],
      };
    },
  );

  api.post(
    '/admin/auth/logout',
    {
      preValidation: app.requireAdmin,
      schema: { tags, summary: 'End this back-office session', security: SIGNED_IN, response: { 204: NoContentSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      await deleteSession(app.db, 'admin', request.sessionToken!);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/admin/auth/logout-everywhere',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags,
        summary: 'End every back-office session of this admin',
        security: SIGNED_IN,
        response: { 204: NoContentSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await deleteAdminSessions(app.db, request.admin!.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/admin/auth/two-factor',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags,
        summary: "The signed-in admin's second factor: since when, and how many recovery codes are left",
        security: SIGNED_IN,
        response: { 200: TwoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const status = await twoFactorStatus(app.db, { kind: 'admin', id: request.admin!.id });
      return { enabled: status.enabled, enabled_at: status.enabledAt?.toISOString() ?? null, recovery_codes_left: status.recoveryLeft };
    },
  );

  api.post(
    '/admin/auth/two-factor/recovery-codes',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags,
        summary: 'Ten new recovery codes for the signed-in admin (a current code of the app, or a recovery code); the old ones stop working',
        security: SIGNED_IN,
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const owner = { kind: 'admin' as const, id: request.admin!.id };
      const id = await factorId(app.db, owner);
      if (!id) throw new RuleError(409, S.twoFactorNotOn);
      // A code, not the password: a stolen admin session must not get the codes that replace the phone.
      await requireSecondFactor(app, request, reply, owner, request.body.code || undefined, 'code');
      return { recovery_codes: await newRecoveryCodes(app.db, id) };
    },
  );
}
