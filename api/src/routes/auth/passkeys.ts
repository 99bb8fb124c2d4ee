import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  AccessTokenSchema,
  errorResponses,
  IdParamsSchema,
  MessageAnswerSchema,
  PasskeyCreationOptionsSchema,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeyRemoveSchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  PasskeySecondFactorSchema,
  PasskeySecondFactorStartSchema,
  PasskeySignInSchema,
  SignInRefusedSchema,
} from 'shared/contract';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import type { AppConfig } from '../../config';
import { confirmIdentity } from '../../accounts/confirm-identity';
import {
  authenticationOptions,
  hasPasskey,
  listPasskeys,
  PASSKEYS_PER_ACCOUNT,
  registerPasskey,
  registrationOptions,
  removePasskey,
  verifyPasskey,
  type PasskeyRow,
} from '../../accounts/passkeys';
import { createSession } from '../../accounts/sessions';
import { SIGNED_IN } from '../../accounts/signed-in';
import { endChallenge, failChallenge, findChallenge } from '../../accounts/two-factor';
import { countCodeAttempt } from '../../accounts/two-factor-guard';
import { findUserById } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError, RuleError } from '../../plugins/error-handler';
import { refuseBlockedUser } from './account-helpers';
import { noticeNewDevice, sessionDevice } from './sessions';
import { openSessionAfterSecondFactor } from './two-factor';

const tags = ['passkeys'];

/** The library's option types name their strings more narrowly than the wire schema does; the shape is the same. */
const creationWire = (options: PublicKeyCredentialCreationOptionsJSON) => options as v.InferOutput<typeof PasskeyCreationOptionsSchema>;
const requestWire = (options: PublicKeyCredentialRequestOptionsJSON) => options as v.InferOutput<typeof PasskeyRequestOptionsSchema>;

const publicPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  backed_up: row.backed_up,
});

/**
 * `/auth/passkeys/*`: WebAuthn credentials of client accounts, with
 * SimpleWebAuthn. A passkey signs in alone (it proves the device and, by its
 * PIN or biometrics, the person) or finishes a password sign-in as a second
 * factor. Every challenge is kept here and answered once.
 */
export async function passkeyRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const notRecognised = (request: FastifyRequest) => new HttpError(401, request.t(S.passkeyNotRecognised));

  api.post(
    '/auth/passkeys/sign-in/options',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Start a sign-in with a passkey, without an address: the browser offers the passkeys it holds for this site',
        response: { 200: PasskeyRequestOptionsSchema, ...errorResponses(429) },
      },
    },
    async () => requestWire(await authenticationOptions(app.db, config)),
  );

  api.post(
    '/auth/passkeys/sign-in',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Sign in with a passkey (user verification required): a session, with no password and no code',
        body: PasskeySignInSchema,
        response: { 200: AccessTokenSchema, 403: SignInRefusedSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const found = await verifyPasskey(app.db, config, request.body.response as unknown as AuthenticationResponseJSON, 'sign_in');
      if (!found) throw notRecognised(request);
      const user = await findUserById(app.db, found.userId);
      if (!user) throw notRecognised(request);
      const refused = refuseBlockedUser(user, request, reply);
      if (refused) return refused;
      if (user.email_verified_at === null) return reply.status(403).send({ message: request.t(M.emailUnverified), code: 'email_unverified' });
      const device = sessionDevice(request, config);
      const accessToken = await createSession(app.db, 'client', user.id, config.tokenTtlDays, device);
      app.afterResponse(request, () => noticeNewDevice(app, config, user, device, request));
      return { access_token: accessToken };
    },
  );

  api.post(
    '/auth/passkeys/second-factor/options',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: "After a right password: the options to answer the sign-in's challenge with one of the account's passkeys",
        body: PasskeySecondFactorStartSchema,
        response: { 200: PasskeyRequestOptionsSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request) => {
      const token = request.body.challenge_token;
      const challenge = await findChallenge(app.db, 'user', token);
      if (!challenge || challenge.purpose !== 'code') throw new HttpError(401, request.t(S.twoFactorChallengeExpired));
      if (!(await hasPasskey(app.db, challenge.owner.id))) throw new RuleError(409, S.passkeyNotFound);
      return requestWire(await authenticationOptions(app.db, config, { userId: challenge.owner.id, twoFactorToken: token }));
    },
  );

  api.post(
    '/auth/passkeys/second-factor',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: 'Finish a password sign-in with a passkey instead of a code',
        body: PasskeySecondFactorSchema,
        response: { 200: AccessTokenSchema, 403: SignInRefusedSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const { challenge_token: token, remember_device: remember } = request.body;
      const challenge = await findChallenge(app.db, 'user', token);
      if (!challenge || challenge.purpose !== 'code') throw new HttpError(401, request.t(S.twoFactorChallengeExpired));
      // Counted with the codes: the same five tries and the same per-account limit.
      await countCodeAttempt(app, request, reply, challenge.owner);
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const found = await verifyPasskey(app.db, config, response, 'second_factor', { userId: challenge.owner.id, twoFactorToken: token });
      if (!found) {
        await failChallenge(app.db, token);
        throw notRecognised(request);
      }
      await endChallenge(app.db, token);
      return openSessionAfterSecondFactor(app, request, reply, config, found.userId, remember);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preValidation', signedIn.requireUser);
    const user = signedIn.withTypeProvider<ValibotTypeProvider>();

    user.get(
      '/auth/passkeys',
      {
        schema: { tags, summary: "The account's passkeys", security: SIGNED_IN, response: { 200: PasskeyListSchema, ...errorResponses(401) } },
      },
      async (request) => ({ passkeys: (await listPasskeys(app.db, request.user!.id)).map(publicPasskey) }),
    );

    user.post(
      '/auth/passkeys/registration/options',
      {
        schema: {
          tags,
          summary: 'Start adding a passkey (password, or a code of the authenticator app): the options for navigator.credentials.create',
          security: SIGNED_IN,
          body: PasskeyRegistrationStartSchema,
          response: { 200: PasskeyCreationOptionsSchema, ...errorResponses(401, 409, 422, 429) },
        },
      },
      async (request, reply) => {
        // A new way in: a stolen session must not add the thief's own passkey.
        await confirmIdentity(request, reply, request.user!, request.body);
        if ((await listPasskeys(app.db, request.user!.id)).length >= PASSKEYS_PER_ACCOUNT) {
          throw new RuleError(409, S.passkeyLimit, { max: PASSKEYS_PER_ACCOUNT });
        }
        return creationWire(await registrationOptions(app.db, config, request.user!));
      },
    );

    user.post(
      '/auth/passkeys/registration',
      {
        schema: {
          tags,
          summary: "Store a new passkey from the authenticator's answer, under the name given",
          security: SIGNED_IN,
          body: PasskeyRegistrationSchema,
          response: { 201: PasskeySchema, ...errorResponses(401, 409, 410, 422) },
        },
      },
      async (request, reply) => {
        const response = request.body.response as unknown as RegistrationResponseJSON;
        const outcome = await registerPasskey(app.db, config, request.user!.id, request.body.name, response);
        if (!outcome.ok) {
          if (outcome.reason === 'challenge') throw new RuleError(410, S.passkeyChallengeExpired);
          if (outcome.reason === 'duplicate') throw new RuleError(409, S.passkeyDuplicate);
          if (outcome.reason === 'limit') throw new RuleError(409, S.passkeyLimit, { max: PASSKEYS_PER_ACCOUNT });
          throw new RuleError(422, S.passkeyInvalid);
        }
        return reply.status(201).send(publicPasskey(outcome.passkey));
      },
    );

    user.delete(
      '/auth/passkeys/:id',
      {
        schema: {
          tags,
          summary: 'Remove a passkey (password, or a code of the authenticator app)',
          security: SIGNED_IN,
          params: IdParamsSchema,
          body: PasskeyRemoveSchema,
          response: { 200: MessageAnswerSchema, ...errorResponses(401, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        await confirmIdentity(request, reply, request.user!, request.body);
        if (!(await removePasskey(app.db, request.user!.id, request.params.id))) throw new HttpError(404, request.t(S.passkeyNotFound));
        return { message: request.t(S.passkeyRemoved) };
      },
    );
  });
}
