import { createHash } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { createSession } from '../src/accounts/sessions';
import type { OAuthProviderConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { giveUserSecondFactor, nextCode } from './two-factor-helpers';
import { bearer, createVerifiedUser, GOOD_PASSWORD, login, RELAXED_LIMITS, signUpBody, uniqueEmail } from './accounts-helpers';

let t: TestApp;
let provider: OAuth2Server;
/** Who the provider says signed in (its userinfo answer; `sub` also goes into the ID token). */
let person: Record<string, unknown>;
let oauth: Record<'google' | 'facebook', OAuthProviderConfig>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const base = provider.issuer.url!;
  provider.service.on('beforeUserinfo', (userInfo: { body: unknown; statusCode: number }) => {
    userInfo.body = person;
  });
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.sub = person.sub ?? person.id;
  });
  const endpoints = { issuer: base, authUrl: `${base}/authorize`, tokenUrl: `${base}/token`, userinfoUrl: `${base}/userinfo` };
  oauth = {
    google: { clientId: 'google-client', clientSecret: 'google-secret', ...endpoints },
    facebook: { clientId: 'facebook-client', clientSecret: 'facebook-secret', ...endpoints },
  };
  t = await createTestApp({ publicUrl: 'http://app.test', oauth });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

/** A browser: the cookies the API set in it. */
interface Browser {
  cookies: Record<string, string>;
}
const newBrowser = (): Browser => ({ cookies: {} });

async function getLink(browser: Browser, query: string, app = t.app) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/auth/social/link${query}`, cookies: browser.cookies });
  for (const cookie of response.cookies as Array<{ name: string; value: string }>) browser.cookies[cookie.name] = cookie.value;
  return response;
}

/** Starts the flow in `browser` and follows the provider's page like it would, up to the redirect back to us. */
async function authorize(browser: Browser, providerName: 'google' | 'facebook'): Promise<{ code: string; state: string; redirect: URL }> {
  const link = await getLink(browser, `?provider=${providerName}`);
  expect(link.statusCode).toBe(200);
  const response = await fetch(link.json().url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const redirect = new URL(response.headers.get('location')!);
  return { code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, redirect };
}

const callback = (browser: Browser, providerName: string, code: string, state: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/social/callback?provider=${providerName}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    cookies: browser.cookies,
  });

/** The whole round trip in one fresh browser. */
async function signInWith(providerName: 'google' | 'facebook', browser = newBrowser()) {
  const { code, state } = await authorize(browser, providerName);
  return callback(browser, providerName, code, state);
}

const googlePerson = (email: string, sub = `google-${email}`) => ({
  sub,
  email,
  email_verified: true,
  given_name: 'Grace',
  family_name: 'Tester',
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function loginStatus(email: string, password = GOOD_PASSWORD): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  return response.statusCode;
}

async function linkedIdentities(email: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM social_identities s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
    [email],
  );
  return rows[0]!.n;
}

/** The last e-mail to `to`, read from the outbox table. */
async function lastMailText(to: string): Promise<string | undefined> {
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to]);
  return rows[0]?.text_body;
}

const pendingLink = (path: 'password' | 'email' | 'confirm', payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/social/pending-link/${path}`, payload });

describe('GET /auth/social/providers', () => {
  it('lists only the providers the server is configured for', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/auth/social/providers' });
    expect(all.json()).toEqual({ providers: ['google', 'facebook'] });
    const googleOnly = await createTestApp({ oauth: { ...oauth, facebook: { ...oauth.facebook, clientId: undefined } } });
    const bare = await createTestApp();
    try {
      expect((await googleOnly.app.inject({ method: 'GET', url: '/api/v1/auth/social/providers' })).json()).toEqual({ providers: ['google'] });
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1/auth/social/providers' })).json()).toEqual({ providers: [] });
    } finally {
      await googleOnly.close();
      await bare.close();
    }
  });
});

describe('GET /auth/social/link', () => {
  it('returns the authorization URL with our callback page, a state, a PKCE S256 challenge and a nonce', async () => {
    const browser = newBrowser();
    const response = await getLink(browser, '?provider=google');
    const url = new URL(response.json().url);
    expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/auth/callback?provider=google');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The challenge is the S256 hash of the verifier kept on the server for this state.
    const { rows } = await t.db.query<{ code_verifier: string; nonce: string }>(
      'SELECT code_verifier, nonce FROM oauth_states WHERE state_hash = $1',
      [createHash('sha256').update(state).digest('hex')],
    );
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(rows[0]!.code_verifier).digest('base64url'));
    expect(url.searchParams.get('nonce')).toBe(rows[0]!.nonce);
  });

  it('binds the flow to the browser with an HttpOnly, SameSite cookie kept for the flow’s life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/social/link?provider=google' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^fundament_oauth=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/api/v1/auth/social');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=600');
  });

  it('marks the binding cookie Secure when the site is served over HTTPS', async () => {
    const secure = await createTestApp({ publicUrl: 'https://fundament.example', oauth });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/v1/auth/social/link?provider=google' });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      expect(new URL(response.json().url).searchParams.get('redirect_uri')).toBe('https://fundament.example/auth/callback?provider=google');
    } finally {
      await secure.close();
    }
  });

  it('asks Facebook for no nonce (no ID token there) but still uses PKCE', async () => {
    const url = new URL((await getLink(newBrowser(), '?provider=facebook')).json().url);
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('nonce')).toBe(false);
  });

  it('refuses an unknown provider and an unconfigured one', async () => {
    const unknown = await getLink(newBrowser(), '?provider=myspace');
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

  it('answers 429 past its limit per address and stops storing states', async () => {
    const limited = await createTestApp({ oauth, rateLimits: { ...RELAXED_LIMITS, socialSignIn: 5 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => limited.app.inject({ method: 'GET', url: '/api/v1/auth/social/link?provider=google' })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json().message).toBe('Too many attempts. Please wait a minute and try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const { rows } = await limited.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_states');
      expect(rows[0]).toEqual({ n: 5 });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /auth/social/callback', () => {
  it('creates a verified client account, then signs the same account in the next time', async () => {
    person = { sub: 'google-1', email: 'Grace.Tester@example.com', email_verified: true, given_name: 'Grace', family_name: 'Tester' };
    const browser = newBrowser();
    const first = await authorize(browser, 'google');
    expect(first.redirect.origin + first.redirect.pathname).toBe('http://app.test/auth/callback');
    const response = await callback(browser, 'google', first.code, first.state);
    expect(response.statusCode).toBe(200);
    expect(response.json().password_removed).toBeUndefined();
    const user = await me(response.json().access_token);
    expect(user.json()).toMatchObject({
      email: 'grace.tester@example.com',
      first_name: 'Grace',
      last_name: 'Tester',
      email_verified: true,
      role: { name: 'client' },
    });
    const again = await signInWith('google');
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().access_token)).json().id).toBe(user.json().id);
    const { rows } = await t.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'grace.tester@example.com'");
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('asks an account with two-factor sign-in for its code: the provider replaces the password, not the second factor', async () => {
    person = googlePerson('two.factor.social@example.com');
    const first = await signInWith('google');
    expect(first.statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'two.factor.social@example.com'");
    await giveUserSecondFactor(t.app, rows[0]!.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ');
    const second = await signInWith('google');
    expect(second.statusCode).toBe(202);
    expect(second.json().access_token).toBeUndefined();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/sign-in',
      payload: { challenge_token: second.json().challenge_token, code: await nextCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ') },
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await me(signedIn.json().access_token)).json().email).toBe('two.factor.social@example.com');
  });

  it('reads Facebook’s profile fields', async () => {
    person = { id: 'fb-77', email: 'fb.user@example.com', first_name: 'Fela', last_name: 'Book' };
    const response = await signInWith('facebook');
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().access_token)).json()).toMatchObject({ email: 'fb.user@example.com', first_name: 'Fela', last_name: 'Book' });
  });

  it('refuses a callback replayed in another browser (login CSRF), without spending the flow', async () => {
    person = googlePerson('attacker@example.com');
    const attacker = newBrowser();
    const { code, state } = await authorize(attacker, 'google');
    // The victim's browser opens the attacker's callback URL: with no binding cookie, or with its own.
    const victimWithoutCookie = await callback(newBrowser(), 'google', code, state);
    const victim = newBrowser();
    await getLink(victim, '?provider=google');
    const victimWithOwnCookie = await callback(victim, 'google', code, state);
    for (const answer of [victimWithoutCookie, victimWithOwnCookie]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('This sign-in attempt has expired or is not valid. Please try again.');
      expect(answer.json().access_token).toBeUndefined();
    }
    expect(await linkedIdentities('attacker@example.com')).toBe(0);
    // The browser that started it still finishes.
    expect((await callback(attacker, 'google', code, state)).statusCode).toBe(200);
  });

  it('fails when the PKCE verifier sent with the code is wrong or missing', async () => {
    person = googlePerson('pkce@example.com');
    for (const verifier of ['x'.repeat(43), '']) {
      const browser = newBrowser();
      const { code, state } = await authorize(browser, 'google');
      await t.db.query('UPDATE oauth_states SET code_verifier = $1', [verifier]);
      const response = await callback(browser, 'google', code, state);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Signing in with the provider failed. Please try again.');
    }
    expect(await linkedIdentities('pkce@example.com')).toBe(0);
  });

  it('refuses an ID token whose nonce is not the flow’s, or has none', async () => {
    person = googlePerson('nonce@example.com');
    const wrong = newBrowser();
    const first = await authorize(wrong, 'google');
    await t.db.query("UPDATE oauth_states SET nonce = 'another-flows-nonce'");
    const wrongNonce = await callback(wrong, 'google', first.code, first.state);
    expect(wrongNonce.statusCode).toBe(400);
    expect(wrongNonce.json().message).toBe('This sign-in attempt has expired or is not valid. Please try again.');

    const none = newBrowser();
    const second = await authorize(none, 'google');
    const dropNonce = (token: { payload: Record<string, unknown> }) => {
      delete token.payload.nonce;
    };
    provider.service.on('beforeTokenSigning', dropNonce);
    const noNonce = await callback(none, 'google', second.code, second.state);
    provider.service.off('beforeTokenSigning', dropNonce);
    expect(noNonce.statusCode).toBe(400);
    expect(await linkedIdentities('nonce@example.com')).toBe(0);
  });

  it('refuses a state it did not issue, a used one, an expired one and one of another provider', async () => {
    person = googlePerson('state@example.com');
    const browser = newBrowser();
    const forged = await callback(browser, 'google', 'some-code', 'forged-state');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('This sign-in attempt has expired or is not valid. Please try again.');

    const used = await authorize(browser, 'google');
    expect((await callback(browser, 'google', used.code, used.state)).statusCode).toBe(200);
    expect((await callback(browser, 'google', used.code, used.state)).statusCode).toBe(400);

    const crossed = await authorize(browser, 'google');
    expect((await callback(browser, 'facebook', crossed.code, crossed.state)).statusCode).toBe(400);

    const late = await authorize(browser, 'google');
    await t.db.query("UPDATE oauth_states SET expires_at = now() - interval '1 second'");
    expect((await callback(browser, 'google', late.code, late.state)).statusCode).toBe(400);
  });

  it('refuses a provider address that is not verified', async () => {
    person = { ...googlePerson('unverified@example.com'), email_verified: false };
    const response = await signInWith('google');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The provider did not share a verified email address.');
  });

  it('reports a provider that refuses the code', async () => {
    const browser = newBrowser();
    const { state } = await authorize(browser, 'google');
    const response = await callback(browser, 'google', 'bad-code', state);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Signing in with the provider failed. Please try again.');
  });

  it('does not sign in a suspended account', async () => {
    person = googlePerson('grace.tester@example.com', 'google-1');
    await t.db.query("UPDATE users SET status = 'suspended' WHERE email = 'grace.tester@example.com'");
    const response = await signInWith('google');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_suspended');
  });
});

describe('an unverified account with the provider’s address (signed up by someone else)', () => {
  it('goes to the provider-verified owner: the earlier password and sessions stop working', async () => {
    const body = signUpBody({ first_name: 'Squatter' });
    const email = String(body.email).toLowerCase();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body })).statusCode).toBe(201);
    // The account is written once the answer has gone out (the same answer for a taken address).
    await t.app.backgroundIdle();
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const earlierSession = await createSession(t.db, 'client', rows[0]!.id, 30);

    person = googlePerson(email);
    const response = await signInWith('google');
    expect(response.statusCode).toBe(200);
    expect(response.json().password_removed).toBe(true);
    expect((await me(response.json().access_token)).json()).toMatchObject({ id: rows[0]!.id, email, email_verified: true });

    // The squatter's password no longer opens the account, nor does any session from before.
    expect(await loginStatus(email)).toBe(401);
    expect((await me(earlierSession)).statusCode).toBe(401);
    // The owner keeps signing in with the provider.
    expect((await signInWith('google')).statusCode).toBe(200);
  });
});

describe('a verified account with the provider’s address', () => {
  it('is not linked or signed in until its owner confirms', async () => {
    const email = await createVerifiedUser(t.app);
    person = googlePerson(email);
    const response = await signInWith('google');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'social_link_confirmation_required',
      message: 'An account already uses this email address. Confirm it is yours to link it to Google.',
      email,
      can_use_password: true,
    });
    expect(response.json().access_token).toBeUndefined();
    expect(response.json().link_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await linkedIdentities(email)).toBe(0);
    // And again next time: nothing was linked.
    expect((await signInWith('google')).statusCode).toBe(409);
  });

  it('links after the owner’s password, then signs in with the provider directly; the password still works', async () => {
    const email = await createVerifiedUser(t.app);
    person = googlePerson(email);
    const { link_token: token } = (await signInWith('google')).json();

    const wrong = await pendingLink('password', { token, password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect password.');
    expect(await linkedIdentities(email)).toBe(0);

    const right = await pendingLink('password', { token, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await me(right.json().access_token)).json()).toMatchObject({ email });
    expect(await linkedIdentities(email)).toBe(1);
    // The request is spent.
    expect((await pendingLink('password', { token, password: GOOD_PASSWORD })).statusCode).toBe(410);

    expect((await signInWith('google')).statusCode).toBe(200);
    expect(await login(t.app, email)).toBeTruthy();
  });

  it('links after the owner opens the e-mailed link; the browser’s token alone is not enough', async () => {
    const email = await createVerifiedUser(t.app, { locale: 'fr' });
    person = googlePerson(email);
    const { link_token: token } = (await signInWith('google')).json();
    expect((await pendingLink('confirm', { token })).statusCode).toBe(410);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/pending-link/email',
      payload: { token },
      headers: { 'accept-language': 'fr' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`Nous avons envoyé un lien de confirmation à ${email}.`);
    const mail = await lastMailText(email);
    expect(mail).toContain('Google');
    const mailToken = /\/auth\/link-account\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
    expect(mailToken).toBeTruthy();
    expect(await linkedIdentities(email)).toBe(0);

    const confirmed = await pendingLink('confirm', { token: mailToken });
    expect(confirmed.statusCode).toBe(200);
    expect((await me(confirmed.json().access_token)).json()).toMatchObject({ email });
    expect(await linkedIdentities(email)).toBe(1);
    expect((await pendingLink('confirm', { token: mailToken })).statusCode).toBe(410);
    expect((await signInWith('google')).statusCode).toBe(200);
  });

  it('voids the request after five wrong passwords, and when it expires', async () => {
    const email = await createVerifiedUser(t.app);
    person = googlePerson(email);
    const { link_token: guessed } = (await signInWith('google')).json();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await pendingLink('password', { token: guessed, password: `Guess-${attempt}-Aa` })).statusCode).toBe(401);
    }
    const afterGuesses = await pendingLink('password', { token: guessed, password: GOOD_PASSWORD });
    expect(afterGuesses.statusCode).toBe(410);
    expect(afterGuesses.json().message).toBe('This request has expired. Please sign in with the provider again.');

    const { link_token: late } = (await signInWith('google')).json();
    await t.db.query("UPDATE social_link_requests SET expires_at = now() - interval '1 second'");
    expect((await pendingLink('password', { token: late, password: GOOD_PASSWORD })).statusCode).toBe(410);
    expect((await pendingLink('email', { token: late })).statusCode).toBe(410);
    expect(await linkedIdentities(email)).toBe(0);
  });

  it('offers only the e-mailed link to an account without a password', async () => {
    const email = uniqueEmail('nopassword');
    await t.db.query(
      `INSERT INTO users (email, first_name, last_name, account_type, specialist_kind, email_verified_at)
       VALUES ($1, 'Ines', 'Pector', 'specialist', 'expert', now())`,
      [email],
    );
    person = googlePerson(email);
    const response = await signInWith('google');
    expect(response.statusCode).toBe(409);
    expect(response.json().can_use_password).toBe(false);
  });
});
