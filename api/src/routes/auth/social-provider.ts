// oauth4webapi rather than openid-client (its wrapper): openid-client derives the token
// request's redirect_uri from the callback URL without its query, and ours carries
// `?provider=`, so the provider would refuse the code.
import * as oauth from 'oauth4webapi';
import type { AppConfig, OAuthProviderConfig, OAuthProviderName } from '../../config';

/** Who signed in at the provider, with an address the provider has verified. */
export interface SocialProfile {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** What the flow keeps between the authorization URL and the callback (server side, per state). */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider answered, but its ID token is not the one this flow asked for (nonce, issuer, audience). */
export class ForeignTokenError extends Error {}

const SCOPES: Record<OAuthProviderName, string> = { google: 'openid email profile', facebook: 'email public_profile' };
const TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Google speaks OpenID Connect (ID token with our nonce); Facebook Login is plain OAuth 2. */
const isOpenIdConnect = (name: OAuthProviderName) => name === 'google';

/** Our page the provider sends the browser back to; it then calls the callback endpoint. */
export const redirectUri = (config: AppConfig, provider: OAuthProviderName) => `${config.publicUrl}/auth/callback?provider=${provider}`;

function serverOf(provider: OAuthProviderConfig): oauth.AuthorizationServer {
  return {
    issuer: provider.issuer,
    authorization_endpoint: provider.authUrl,
    token_endpoint: provider.tokenUrl,
    userinfo_endpoint: provider.userinfoUrl,
  };
}

/**
 * Plain HTTP only to a provider on this machine (the local test double); every
 * real provider is reached over TLS.
 */
function requestOptions(provider: OAuthProviderConfig) {
  const local = [provider.tokenUrl, provider.userinfoUrl].every((url) => LOOPBACK.has(new URL(url).hostname));
  return { [oauth.allowInsecureRequests]: local, signal: AbortSignal.timeout(TIMEOUT_MS) };
}

/** Fresh state, PKCE verifier and nonce for one sign-in. */
export function newFlowSecrets(): FlowSecrets {
  return { state: oauth.generateRandomState(), codeVerifier: oauth.generateRandomCodeVerifier(), nonce: oauth.generateRandomNonce() };
}

/** The provider's consent page for this flow: code flow with PKCE (S256), and the nonce for OpenID Connect. */
export async function authorizationUrl(
  config: AppConfig,
  name: OAuthProviderName,
  provider: OAuthProviderConfig,
  secrets: FlowSecrets,
): Promise<string> {
  const url = new URL(provider.authUrl);
  url.searchParams.set('client_id', provider.clientId!);
  url.searchParams.set('redirect_uri', redirectUri(config, name));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES[name]);
  url.searchParams.set('state', secrets.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(secrets.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (isOpenIdConnect(name)) url.searchParams.set('nonce', secrets.nonce);
  return url.href;
}

/**
 * Trades the code for tokens (with the PKCE verifier), checks the ID token
 * against this flow's nonce, then reads who signed in. Undefined when the
 * provider shares no verified address.
 */
export async function fetchProfile(
  config: AppConfig,
  name: OAuthProviderName,
  provider: OAuthProviderConfig,
  code: string,
  secrets: FlowSecrets,
): Promise<SocialProfile | undefined> {
  const as = serverOf(provider);
  const client: oauth.Client = { client_id: provider.clientId! };
  // The state was already checked against the stored one; this only shapes the callback parameters.
  const parameters = oauth.validateAuthResponse(as, client, new URLSearchParams({ code, state: secrets.state }), secrets.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(provider.clientSecret ?? ''),
    parameters,
    redirectUri(config, name),
    secrets.codeVerifier,
    requestOptions(provider),
  );
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      response,
      isOpenIdConnect(name) ? { expectedNonce: secrets.nonce, requireIdToken: true } : {},
    );
  } catch (error) {
    // A claim that does not match this flow (nonce, issuer, audience) or is missing from the ID token.
    const aboutIdToken =
      error instanceof oauth.OperationProcessingError &&
      (error.code === oauth.JWT_CLAIM_COMPARISON ||
        (error.code === oauth.INVALID_RESPONSE && typeof error.cause === 'object' && error.cause !== null && 'claims' in error.cause));
    if (aboutIdToken) {
      throw new ForeignTokenError(error.message, { cause: error });
    }
    throw error;
  }

  if (name === 'facebook') {
    const url = new URL(provider.userinfoUrl);
    url.searchParams.set('fields', 'id,email,first_name,last_name');
    const answer = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      url,
      new Headers({ accept: 'application/json' }),
      null,
      requestOptions(provider),
    );
    if (!answer.ok) throw new Error(`provider answered ${answer.status}`);
    const me = (await answer.json()) as Record<string, unknown>;
    // Facebook only shares confirmed addresses.
    const email = text(me.email);
    return text(me.id) && email ? { subject: text(me.id), email, firstName: text(me.first_name), lastName: text(me.last_name) } : undefined;
  }

  // Issuer, audience, expiry and nonce were checked; the signature is not needed for an ID token
  // received directly from the token endpoint over TLS (OpenID Connect Core 3.1.3.7).
  const claims = oauth.getValidatedIdTokenClaims(tokens)!;
  // The profile must describe the person of the ID token.
  const info = await oauth.processUserInfoResponse(
    as,
    client,
    claims.sub,
    await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions(provider)),
  );
  const verified = info.email_verified === true || (info.email_verified as unknown) === 'true';
  const email = text(info.email);
  return email && verified ? { subject: claims.sub, email, firstName: text(info.given_name), lastName: text(info.family_name) } : undefined;
}
