import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccessTokenSchema,
  errorResponses,
  MessageAnswerSchema,
  PendingLinkPasswordSchema,
  SignInRefusedSchema,
  SocialCallbackQuerySchema,
  SocialLinkQuerySchema,
  SocialLinkRequiredSchema,
  SocialLinkUrlSchema,
  SOCIAL_PROVIDERS,
  SocialProvidersSchema,
  SocialSignedInSchema,
  TokenBodySchema,
  TwoFactorChallengeSchema,
} from 'shared/contract';
import { API_MESSAGES as M, SOCIAL_API_MESSAGES as S } from 'shared/messages';
import type { AppConfig, OAuthProviderName } from '../../config';
import { verifyPassword } from '../../accounts/passwords';
import { createSession } from '../../accounts/sessions';
import { hashToken, newToken } from '../../accounts/tokens';
import { findUserById, type UserRow } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { socialLinkMail } from '../../mail/templates';
import { HttpError } from '../../plugins/error-handler';
import { mailTranslator, refuseBlockedUser } from './account-helpers';
import { challengeAnswer, needsSecondFactor } from './two-factor';
import { completeLink, countFailedAttempt, findLinkRequest, issueMailToken, resolveSocialAccount } from './social-accounts';
import { authorizationUrl, fetchProfile, ForeignTokenError, newFlowSecrets, type SocialProfile } from './social-provider';

const STATE_LIFETIME_MINUTES = 10;
/**
 * The secret that binds a flow to the browser that started it: a callback URL
 * carried to another browser (login CSRF) finds no matching cookie there.
 */
const FLOW_COOKIE = 'fundament_oauth';
const FLOW_COOKIE_PATH = '/api/v1/auth/social';
const PROVIDER_LABELS: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook' };

const isProviderName = (value: unknown): value is OAuthProviderName => SOCIAL_PROVIDERS.includes(value as OAuthProviderName);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const tags = ['social sign-in'];

/** Sign-in with Google (OpenID Connect) or Facebook (OAuth 2): authorization code flow with PKCE, bound to the browser. */
export async function socialRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const secureCookie = config.publicUrl.startsWith('https:');
  const offered = SOCIAL_PROVIDERS.filter((name) => Boolean(config.oauth[name].clientId));

  const configured = (request: FastifyRequest, name: unknown) => {
    if (!isProviderName(name) || !config.oauth[name].clientId) {
      throw new HttpError(404, request.t(M.providerUnavailable));
    }
    return { name, provider: config.oauth[name] };
  };

  // A provider's word replaces the password, not the second factor: an account with one gets the same challenge as after a password.
  const signIn = async (user: UserRow, request: FastifyRequest, reply: FastifyReply, extra: Record<string, unknown> = {}) => {
    if (await needsSecondFactor(app, request, user.id)) {
      return reply.status(202).send(await challengeAnswer(app, request, { kind: 'user', id: user.id }, 'code'));
    }
    return { access_token: await createSession(app.db, 'client', user.id, config.tokenTtlDays), ...extra };
  };

  const requestExpired = (request: FastifyRequest) => new HttpError(410, request.t(S.linkRequestExpired));

  /** Only the providers this server can sign in with, so the page shows no button that would fail. */
  api.get(
    '/auth/social/providers',
    {
      schema: { tags, summary: 'The providers this server can sign in with', response: { 200: SocialProvidersSchema, ...errorResponses(500) } },
    },
    async () => ({ providers: offered }),
  );

  api.get(
    '/auth/social/link',
    {
      preValidation: app.limitAttempts('socialSignIn'),
      schema: {
        tags,
        summary: "Start a sign-in: the provider's consent page, bound to this browser by a cookie",
        querystring: SocialLinkQuerySchema,
        response: { 200: SocialLinkUrlSchema, ...errorResponses(404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { name, provider } = configured(request, request.query.provider);
      // One binding secret per browser, kept while flows are pending, so two tabs can each sign in.
      const current = request.cookies[FLOW_COOKIE];
      const browser = current && /^[A-Za-z0-9_-]{43}$/.test(current) ? current : newToken();
      const secrets = newFlowSecrets();
      await app.db.query(
        `INSERT INTO oauth_states (state_hash, provider, browser_hash, code_verifier, nonce, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6::int))`,
        [hashToken(secrets.state), name, hashToken(browser), secrets.codeVerifier, secrets.nonce, STATE_LIFETIME_MINUTES],
      );
      // Expired states nobody came back with.
      await app.db.query('DELETE FROM oauth_states WHERE expires_at < now()');
      reply.setCookie(FLOW_COOKIE, browser, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        maxAge: STATE_LIFETIME_MINUTES * 60,
      });
      return { url: await authorizationUrl(config, name, provider, secrets) };
    },
  );

  api.post(
    '/auth/social/callback',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with what the provider sent the browser back with',
        querystring: SocialCallbackQuerySchema,
        response: {
          200: SocialSignedInSchema,
          202: TwoFactorChallengeSchema,
          403: SignInRefusedSchema,
          409: SocialLinkRequiredSchema,
          ...errorResponses(400, 404, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { name, provider } = configured(request, query.provider);
      const state = text(query.state);
      const code = text(query.code);
      const browser = request.cookies[FLOW_COOKIE];
      // Single use, bound to the provider it was issued for and to the browser that asked for it.
      const { rows } =
        state && code && browser
          ? await app.db.query<{ code_verifier: string; nonce: string }>(
              `DELETE FROM oauth_states
             WHERE state_hash = $1 AND provider = $2 AND browser_hash = $3 AND expires_at > now()
             RETURNING code_verifier, nonce`,
              [hashToken(state), name, hashToken(browser)],
            )
          : { rows: [] };
      const flow = rows[0];
      if (!flow) throw new HttpError(400, request.t(M.socialStateInvalid));
      let profile: SocialProfile | undefined;
      try {
        profile = await fetchProfile(config, name, provider, code, { state, codeVerifier: flow.code_verifier, nonce: flow.nonce });
      } catch (error) {
        request.log.warn({ err: error, provider: name }, 'social sign-in failed at the provider');
        if (error instanceof ForeignTokenError) throw new HttpError(400, request.t(M.socialStateInvalid));
        throw new HttpError(502, request.t(M.socialFailed));
      }
      if (!profile) throw new HttpError(400, request.t(M.socialEmailMissing));
      const outcome = await resolveSocialAccount(app.db, name, profile, request.locale);
      if (!outcome) throw new HttpError(502, request.t(M.socialFailed));
      const refused = refuseBlockedUser(outcome.user, request, reply);
      if (refused) return refused;
      if (outcome.kind === 'confirm') {
        return reply.status(409).send({
          message: request.t(S.confirmLink, { provider: PROVIDER_LABELS[name] }),
          code: 'social_link_confirmation_required',
          link_token: outcome.token,
          email: outcome.user.email,
          // An account created by an admin or through another provider has no password: only the e-mailed link proves it.
          can_use_password: outcome.user.password_hash !== null,
        });
      }
      return signIn(outcome.user, request, reply, outcome.kind === 'signed-in' && outcome.passwordRemoved ? { password_removed: true } : {});
    },
  );

  /** Sends the signed-in answer for a linked account, or refuses a blocked one. */
  const finishLink = async (user: UserRow | undefined, request: FastifyRequest, reply: FastifyReply) => {
    if (!user) throw requestExpired(request);
    const refused = refuseBlockedUser(user, request, reply);
    if (refused) return refused;
    return signIn(user, request, reply);
  };

  api.post(
    '/auth/social/pending-link/password',
    {
      preValidation: app.limitAttempts('login'),
      schema: {
        tags,
        summary: "Confirm a pending link with the account's password, and sign in",
        body: PendingLinkPasswordSchema,
        response: { 200: AccessTokenSchema, 202: TwoFactorChallengeSchema, 403: SignInRefusedSchema, ...errorResponses(401, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const pending = await findLinkRequest(app.db, input.token, 'browser');
      const user = pending && (await findUserById(app.db, pending.user_id));
      // Verified even without a request, so an unknown token takes as long as a wrong password.
      const matches = await verifyPassword(user?.password_hash, input.password);
      if (!pending || !user) throw requestExpired(request);
      if (!matches) {
        await countFailedAttempt(app.db, pending.id);
        throw new HttpError(401, request.t(S.incorrectPassword));
      }
      return finishLink(await completeLink(app.db, pending.id), request, reply);
    },
  );

  api.post(
    '/auth/social/pending-link/email',
    {
      preValidation: app.limitAttempts('socialSignIn'),
      schema: {
        tags,
        summary: "Confirm a pending link through a link e-mailed to the account's address",
        body: TokenBodySchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(410, 422, 429) },
      },
    },
    async (request) => {
      const { token } = request.body;
      const pending = await findLinkRequest(app.db, token, 'browser');
      const user = pending && (await findUserById(app.db, pending.user_id));
      if (!pending || !user) throw requestExpired(request);
      const mailToken = await issueMailToken(app.db, pending.id);
      const link = `${config.publicUrl}/auth/link-account?token=${mailToken}`;
      await app.deliverMail(socialLinkMail(mailTranslator(user, request), user.email, user.first_name, PROVIDER_LABELS[pending.provider], link));
      return { message: request.t(S.linkMailSent, { email: user.email }) };
    },
  );

  // Opening the e-mailed link proves the address, as a verification link does.
  api.post(
    '/auth/social/pending-link/confirm',
    {
      preValidation: app.limitAttempts('socialSignIn'),
      schema: {
        tags,
        summary: 'Follow the e-mailed link that confirms a pending link, and sign in',
        body: TokenBodySchema,
        response: { 200: AccessTokenSchema, 202: TwoFactorChallengeSchema, 403: SignInRefusedSchema, ...errorResponses(410, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const pending = await findLinkRequest(app.db, token, 'mail');
      if (!pending) throw requestExpired(request);
      return finishLink(await completeLink(app.db, pending.id), request, reply);
    },
  );
}
