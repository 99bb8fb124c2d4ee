import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import type { AppConfig, OAuthProviderConfig, OAuthProviderName } from '../../config';
import { createSession } from '../../accounts/sessions';
import { hashToken, newToken } from '../../accounts/tokens';
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from '../../accounts/users';
import { HttpError } from '../../plugins/error-handler';
import { refuseBlockedUser } from './account-helpers';

const STATE_LIFETIME_MINUTES = 10;
const SCOPES: Record<OAuthProviderName, string> = { google: 'openid email profile', facebook: 'email public_profile' };

interface SocialProfile {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

const isProviderName = (value: unknown): value is OAuthProviderName => value === 'google' || value === 'facebook';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Our page the provider sends the browser back to; it then calls the callback endpoint. */
const redirectUri = (config: AppConfig, provider: OAuthProviderName) =>
  `${config.publicUrl}/auth/callback?provider=${provider}`;

async function fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`provider answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Exchanges the code for an access token, then reads who signed in. */
async function fetchProfile(
  name: OAuthProviderName,
  provider: OAuthProviderConfig,
  code: string,
  redirect: string,
): Promise<SocialProfile | undefined> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: provider.clientId ?? '',
    client_secret: provider.clientSecret ?? '',
  });
  const tokens = await fetchJson(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
  const accessToken = text(tokens.access_token);
  if (!accessToken) throw new Error('provider sent no access token');
  if (name === 'facebook') {
    const url = new URL(provider.userinfoUrl);
    url.searchParams.set('fields', 'id,email,first_name,last_name');
    const me = await fetchJson(url.href, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    // Facebook only shares confirmed addresses.
    const email = text(me.email);
    return text(me.id) && email
      ? { subject: text(me.id), email, firstName: text(me.first_name), lastName: text(me.last_name) }
      : undefined;
  }
  const info = await fetchJson(provider.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const verified = info.email_verified === true || info.email_verified === 'true';
  const email = text(info.email);
  return text(info.sub) && email && verified
    ? { subject: text(info.sub), email, firstName: text(info.given_name), lastName: text(info.family_name) }
    : undefined;
}

/**
 * The account for a provider identity: the one already linked, else the one
 * with the same (provider-verified) address, else a new client account.
 */
async function accountFor(app: FastifyInstance, provider: OAuthProviderName, profile: SocialProfile, request: FastifyRequest) {
  return app.db.transaction(async (tx) => {
    const linked = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2',
      [provider, profile.subject],
    );
    if (linked.rows[0]) return findUserById(tx, linked.rows[0].user_id);
    const email = normalizeEmail(profile.email);
    let user: UserRow | undefined = await findUserByEmail(tx, email);
    if (user) {
      // The provider vouches for the address, which is what a verification link proves.
      await tx.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1', [user.id]);
    } else {
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (email, first_name, last_name, locale, account_type, email_verified_at)
         VALUES ($1, $2, $3, $4, 'client', now()) RETURNING *`,
        [email, profile.firstName, profile.lastName, request.locale],
      );
      user = rows[0];
    }
    if (!user) return undefined;
    await tx.query('INSERT INTO social_identities (provider, subject, user_id) VALUES ($1, $2, $3)', [
      provider,
      profile.subject,
      user.id,
    ]);
    return user;
  });
}

/** Sign-in with Google or Facebook (OAuth 2 authorization code flow). */
export async function socialRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const configured = (request: FastifyRequest, name: unknown) => {
    if (!isProviderName(name) || !config.oauth[name].clientId) {
      throw new HttpError(404, request.t(M.providerUnavailable));
    }
    return { name, provider: config.oauth[name] };
  };

  app.get('/auth/social/link', async (request) => {
    const { name, provider } = configured(request, (request.query as { provider?: unknown }).provider);
    const state = newToken();
    await app.db.query(
      `INSERT INTO oauth_states (state_hash, provider, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
      [hashToken(state), name, STATE_LIFETIME_MINUTES],
    );
    // Expired states nobody came back with.
    await app.db.query('DELETE FROM oauth_states WHERE expires_at < now()');
    const url = new URL(provider.authUrl);
    url.searchParams.set('client_id', provider.clientId!);
    url.searchParams.set('redirect_uri', redirectUri(config, name));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SCOPES[name]);
    url.searchParams.set('state', state);
    return { url: url.href };
  });

  app.post('/auth/social/callback', async (request, reply) => {
    const query = request.query as { provider?: unknown; code?: unknown; state?: unknown };
    const { name, provider } = configured(request, query.provider);
    const state = text(query.state);
    const code = text(query.code);
    // Single use, bound to the provider it was issued for.
    const { rows } = state
      ? await app.db.query('DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2 AND expires_at > now() RETURNING provider', [
          hashToken(state),
          name,
        ])
      : { rows: [] };
    if (rows.length === 0 || !code) throw new HttpError(400, request.t(M.socialStateInvalid));
    let profile: SocialProfile | undefined;
    try {
      profile = await fetchProfile(name, provider, code, redirectUri(config, name));
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'social sign-in failed at the provider');
      throw new HttpError(502, request.t(M.socialFailed));
    }
    if (!profile) throw new HttpError(400, request.t(M.socialEmailMissing));
    const user = await accountFor(app, name, profile, request);
    if (!user) throw new HttpError(502, request.t(M.socialFailed));
    const refused = refuseBlockedUser(user, request, reply);
    if (refused) return refused;
    return { access_token: await createSession(app.db, 'client', user.id, config.tokenTtlDays) };
  });
}
