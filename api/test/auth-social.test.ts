import { OAuth2Server } from 'oauth2-mock-server';
import { createTestApp, type TestApp } from './test-app';
import { bearer, GOOD_PASSWORD, login, signUpBody } from './accounts-helpers';

let t: TestApp;
let provider: OAuth2Server;
let person: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const base = provider.issuer.url!;
  provider.service.on('beforeUserinfo', (userInfo: { body: unknown; statusCode: number }) => {
    userInfo.body = person;
  });
  const endpoints = { authUrl: `${base}/authorize`, tokenUrl: `${base}/token`, userinfoUrl: `${base}/userinfo` };
  t = await createTestApp({
    publicUrl: 'http://app.test',
    oauth: {
      google: { clientId: 'google-client', clientSecret: 'google-secret', ...endpoints },
      facebook: { clientId: 'facebook-client', clientSecret: 'facebook-secret', ...endpoints },
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const getLink = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/auth/social/link${query}` });

/** Follows the provider's authorization URL like a browser would, up to the redirect back to us. */
async function authorize(providerName: 'google' | 'facebook'): Promise<{ code: string; state: string; redirect: URL }> {
  const link = await getLink(`?provider=${providerName}`);
  expect(link.statusCode).toBe(200);
  const response = await fetch(link.json().url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const redirect = new URL(response.headers.get('location')!);
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
}

const callback = (providerName: string, code: string, state: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/social/callback?provider=${providerName}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
  });

describe('GET /auth/social/link', () => {
  it('returns the provider’s authorization URL with client id, our callback page, scope and a state', async () => {
    const response = await getLink('?provider=google');
    const url = new URL(response.json().url);
    expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/auth/callback?provider=google');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an unknown provider and an unconfigured one', async () => {
    const unknown = await getLink('?provider=myspace');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This sign-in provider is not available.');
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/social/link?provider=google' });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /auth/social/callback', () => {
  it('creates a verified client account, then signs the same account in the next time', async () => {
    person = { sub: 'google-1', email: 'Grace.Tester@example.com', email_verified: true, given_name: 'Grace', family_name: 'Tester' };
    const first = await authorize('google');
    expect(first.redirect.origin + first.redirect.pathname).toBe('http://app.test/auth/callback');
    const response = await callback('google', first.code, first.state);
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(response.json().access_token) });
    expect(me.json()).toMatchObject({
      email: 'grace.tester@example.com',
      first_name: 'Grace',
      last_name: 'Tester',
      email_verified: true,
      role: { name: 'client' },
    });
    const second = await authorize('google');
    const again = await callback('google', second.code, second.state);
    expect(again.statusCode).toBe(200);
    const meAgain = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(again.json().access_token) });
    expect(meAgain.json().id).toBe(me.json().id);
    const { rows } = await t.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'grace.tester@example.com'");
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('links to the existing account with the same address', async () => {
    const body = signUpBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    person = { sub: 'google-2', email: body.email, email_verified: true, given_name: 'X', family_name: 'Y' };
    const { code, state } = await authorize('google');
    const response = await callback('google', code, state);
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(response.json().access_token) });
    expect(me.json()).toMatchObject({ email: body.email, first_name: 'Amina', email_verified: true });
    // The account keeps its password.
    expect(await login(t.app, String(body.email), GOOD_PASSWORD)).toBeTruthy();
  });

  it('reads Facebook’s profile fields', async () => {
    person = { id: 'fb-77', email: 'fb.user@example.com', first_name: 'Fela', last_name: 'Book' };
    const { code, state } = await authorize('facebook');
    const response = await callback('facebook', code, state);
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(response.json().access_token) });
    expect(me.json()).toMatchObject({ email: 'fb.user@example.com', first_name: 'Fela', last_name: 'Book' });
  });

  it('refuses a state it did not issue, a used one, an expired one and one of another provider', async () => {
    person = { sub: 'google-3', email: 'state@example.com', email_verified: true, given_name: 'S', family_name: 'T' };
    const forged = await callback('google', 'some-code', 'forged-state');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('This sign-in attempt has expired or is not valid. Please try again.');

    const used = await authorize('google');
    expect((await callback('google', used.code, used.state)).statusCode).toBe(200);
    expect((await callback('google', used.code, used.state)).statusCode).toBe(400);

    const crossed = await authorize('google');
    expect((await callback('facebook', crossed.code, crossed.state)).statusCode).toBe(400);

    const late = await authorize('google');
    await t.db.query("UPDATE oauth_states SET expires_at = now() - interval '1 second'");
    expect((await callback('google', late.code, late.state)).statusCode).toBe(400);
  });

  it('refuses a provider address that is not verified', async () => {
    person = { sub: 'google-4', email: 'unverified@example.com', email_verified: false, given_name: 'U', family_name: 'V' };
    const { code, state } = await authorize('google');
    const response = await callback('google', code, state);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The provider did not share a verified email address.');
  });

  it('reports a provider that refuses the code', async () => {
    const { state } = await authorize('google');
    provider.service.once('beforeResponse', (tokenResponse: { body: unknown; statusCode: number }) => {
      tokenResponse.statusCode = 400;
      tokenResponse.body = { error: 'invalid_grant' };
    });
    const response = await callback('google', 'bad-code', state);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Signing in with the provider failed. Please try again.');
  });

  it('does not sign in a suspended account', async () => {
    person = { sub: 'google-1', email: 'grace.tester@example.com', email_verified: true, given_name: 'Grace', family_name: 'Tester' };
    await t.db.query("UPDATE users SET status = 'suspended' WHERE email = 'grace.tester@example.com'");
    const { code, state } = await authorize('google');
    const response = await callback('google', code, state);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_suspended');
  });
});

