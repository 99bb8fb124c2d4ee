import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccessTokenSchema,
  errorResponses,
  MessageAnswerSchema,
  RecoveryCodesSchema,
  SignInRefusedSchema,
  TwoFactorCodeBodySchema,
  TwoFactorDisableSchema,
  TwoFactorEnrolBodySchema,
  TwoFactorEnrolmentSchema,
  TwoFactorSignInSchema,
  TwoFactorStatusSchema,
} from 'shared/contract';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import type { AppConfig } from '../../config';
import { confirmIdentity } from '../../accounts/confirm-identity';
import { verifyPassword } from '../../accounts/passwords';
import { createSession } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import {
  confirmEnrolment,
  createChallenge,
  endChallenge,
  factorId,
  failChallenge,
  findChallenge,
  hasTwoFactor,
  isRememberedDevice,
  newRecoveryCodes,
  rememberDevice,
  REMEMBER_DAYS,
  removeTwoFactor,
  startEnrolment,
  twoFactorStatus,
  verifySecondFactor,
  type FactorOwner,
} from '../../accounts/two-factor';
import { codeRefused, countCodeAttempt, requireSecondFactor } from '../../accounts/two-factor-guard';
import { findUserById, type UserRow } from '../../accounts/users';
import { hasSecondFactor, secondFactorMethods } from '../../accounts/passkeys';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError, RuleError } from '../../plugins/error-handler';
import { refuseBlockedUser } from './account-helpers';
import { noticeNewDevice, sessionDevice } from './sessions';

/** The remembered-device cookie: sent only to the sign-in routes, unreadable by scripts. */
export const DEVICE_COOKIES = {
  user: { name: 'fundament_2fa_device', path: '/api/v1/auth' },
  admin: { name: 'fundament_2fa_admin_device', path: '/api/v1/admin/auth' },
} as const;

/** Whether this browser was remembered by the owner (its cookie), so the second factor is skipped. */
export function rememberedHere(app: FastifyInstance, request: FastifyRequest, owner: FactorOwner): Promise<boolean> {
  return isRememberedDevice(app.db, owner, request.cookies[DEVICE_COOKIES[owner.kind].name]);
}

export async function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, config: AppConfig, owner: FactorOwner): Promise<void> {
  const cookie = DEVICE_COOKIES[owner.kind];
  reply.setCookie(cookie.name, await rememberDevice(app.db, owner), {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: REMEMBER_DAYS * 24 * 3600,
  });
}

/**
 * The 202 of a right password on an account with a second factor: no session
 * yet, a challenge, and the ways this account can answer it (an admin's is
 * always the app's code).
 */
export async function challengeAnswer(app: FastifyInstance, request: FastifyRequest, owner: FactorOwner, purpose: 'code' | 'enrol') {
  const challenge = await createChallenge(app.db, owner, purpose);
  const methods = purpose === 'enrol' ? [] : owner.kind === 'user' ? await secondFactorMethods(app.db, owner.id) : ['code' as const];
  const message = purpose === 'enrol' ? S.twoFactorEnrolFirst : methods.includes('code') ? S.twoFactorNeeded : S.passkeyNeeded;
  return {
    two_factor: purpose,
    methods,
    challenge_token: challenge.token,
    expires_at: challenge.expiresAt.toISOString(),
    message: request.t(message),
  };
}

/** Whether a client's password (or provider) sign-in must stop for a second factor here. */
export async function needsSecondFactor(app: FastifyInstance, request: FastifyRequest, userId: string): Promise<boolean> {
  return (await hasSecondFactor(app.db, userId)) && !(await rememberedHere(app, request, { kind: 'user', id: userId }));
}

/**
 * The session a client's second step opens, whichever factor it was: the
 * account is read again (it may have been suspended while the code was being
 * typed, and gets the same answer as the password step gives).
 */
export async function openSessionAfterSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppConfig,
  userId: string,
  remember: boolean | undefined,
) {
  const user = await findUserById(app.db, userId);
  if (!user) throw new HttpError(401, request.t(S.twoFactorChallengeExpired));
  const refused = refuseBlockedUser(user, request, reply);
  if (refused) return refused;
  const owner = { kind: 'user' as const, id: user.id };
  if (remember) await setDeviceCookie(app, reply, config, owner);
  const device = sessionDevice(request, config);
  const accessToken = await createSession(app.db, 'client', user.id, config.tokenTtlDays, device);
  app.afterResponse(request, () => noticeNewDevice(app, config, user, device, request));
  return { access_token: accessToken };
}

/** `/auth/two-factor/*`: an authenticator app (TOTP) as the second step of a client's sign-in. */
export async function twoFactorRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['two-factor sign-in'];
  const ownerOf = (user: UserRow): FactorOwner => ({ kind: 'user', id: user.id });
  const expired = (request: FastifyRequest) => new HttpError(401, request.t(S.twoFactorChallengeExpired));

  api.post(
    '/auth/two-factor/sign-in',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Finish a sign-in with a code from the authenticator app, or a recovery code (once)',
        body: TwoFactorSignInSchema,
        response: { 200: AccessTokenSchema, 403: SignInRefusedSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, code, remember_device: remember } = request.body;
      const challenge = await findChallenge(app.db, 'user', token);
      if (!challenge || challenge.purpose !== 'code') throw expired(request);
      if (!code) throw codeRefused(request, 'code', true);
      await countCodeAttempt(app, request, reply, challenge.owner);
      if (!(await verifySecondFactor(app.db, app.twoFactorKey, challenge.owner, code))) {
        await failChallenge(app.db, token);
        throw codeRefused(request, 'code');
      }
      await endChallenge(app.db, token);
      return openSessionAfterSecondFactor(app, request, reply, config, challenge.owner.id, remember);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preValidation', signedIn.requireUser);
    const user = signedIn.withTypeProvider<ValibotTypeProvider>();

    user.get(
      '/auth/two-factor',
      {
        schema: {
          tags,
          summary: 'Whether the account signs in with a second factor, and how many recovery codes are left',
          security: SIGNED_IN,
          response: { 200: TwoFactorStatusSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const status = await twoFactorStatus(app.db, ownerOf(request.user!));
        return { enabled: status.enabled, enabled_at: status.enabledAt?.toISOString() ?? null, recovery_codes_left: status.recoveryLeft };
      },
    );

    user.post(
      '/auth/two-factor/enrolment',
      {
        schema: {
          tags,
          summary: 'Start setting up an authenticator app (password required): its secret, as text and as a QR code',
          security: SIGNED_IN,
          body: TwoFactorEnrolBodySchema,
          response: { 200: TwoFactorEnrolmentSchema, ...errorResponses(401, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        // A stolen session must not bind the account to the thief's phone.
        await confirmIdentity(request, reply, request.user!, request.body, { passwordOnly: true });
        const enrolment = await startEnrolment(app.db, app.twoFactorKey, ownerOf(request.user!), request.user!.email);
        if (!enrolment) throw new RuleError(409, S.twoFactorAlreadyOn);
        return enrolment;
      },
    );

    user.post(
      '/auth/two-factor/enrolment/confirm',
      {
        schema: {
          tags,
          summary: 'Turn two-factor sign-in on with the first code the app shows; answers the ten recovery codes, once',
          security: SIGNED_IN,
          body: TwoFactorCodeBodySchema,
          response: { 200: RecoveryCodesSchema, ...errorResponses(401, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request.user!);
        if (!request.body.code) throw codeRefused(request, 'code', true);
        await countCodeAttempt(app, request, reply, owner);
        const codes = await confirmEnrolment(app.db, app.twoFactorKey, owner, request.body.code);
        if (codes === 'none') throw new RuleError(409, S.twoFactorNoEnrolment);
        if (!codes) throw codeRefused(request, 'code');
        return { recovery_codes: codes };
      },
    );

    user.post(
      '/auth/two-factor/recovery-codes',
      {
        schema: {
          tags,
          summary: 'Ten new recovery codes (password or a code required); the old ones stop working',
          security: SIGNED_IN,
          body: TwoFactorDisableSchema,
          response: { 200: RecoveryCodesSchema, ...errorResponses(401, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request.user!);
        const id = await factorId(app.db, owner);
        if (!id) throw new RuleError(409, S.twoFactorNotOn);
        await confirmIdentity(request, reply, request.user!, request.body);
        return { recovery_codes: await newRecoveryCodes(app.db, id) };
      },
    );

    user.delete(
      '/auth/two-factor',
      {
        schema: {
          tags,
          summary: 'Turn two-factor sign-in off (password and a code required); remembered browsers are forgotten',
          security: SIGNED_IN,
          body: TwoFactorDisableSchema,
          response: { 200: MessageAnswerSchema, ...errorResponses(401, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request.user!);
        if (!(await hasTwoFactor(app.db, owner))) throw new RuleError(409, S.twoFactorNotOn);
        const { current_password: password, two_factor_code: code } = request.body;
        // Both: the password alone (phished) or the phone alone (stolen) must not remove the other.
        const { rows } = await app.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [owner.id]);
        const passwordRefusal = !password
          ? S.currentPasswordRequired
          : !(await verifyPassword(rows[0]?.password_hash ?? undefined, password))
            ? S.currentPasswordWrong
            : undefined;
        if (passwordRefusal) throw new HttpError(422, request.t(M.invalidFields), { current_password: [request.t(passwordRefusal)] });
        await requireSecondFactor(app, request, reply, owner, code, 'two_factor_code');
        await removeTwoFactor(app.db, owner);
        return { message: request.t(S.twoFactorOff) };
      },
    );
  });
}
