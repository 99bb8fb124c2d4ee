import { ROLE_PERMISSIONS } from 'shared/permissions';
import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, GOOD_PASSWORD, login, signUpBody, uniqueEmail } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const postLogin = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers });
const me = (token?: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: token ? bearer(token) : {} });

describe('POST /auth/login', () => {
  it('returns an access token for a verified account, whatever the case of the address', async () => {
    const email = await createVerifiedUser(t.app);
    const response = await postLogin({ email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, await createVerifiedUser(t.app));
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM user_sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    const email = await createVerifiedUser(t.app);
    const wrong = await postLogin({ email, password: 'Wrong-password-1' });
    const unknown = await postLogin({ email: uniqueEmail('nobody'), password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('translates the refusal', async () => {
    const response = await postLogin({ email: uniqueEmail(), password: 'Whatever-1' }, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(response.json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
  });

  it('picks the preferred supported language of Accept-Language', async () => {
    const response = await postLogin({ email: uniqueEmail(), password: 'Whatever-1' }, { 'accept-language': 'de;q=1, en;q=0.4, fr;q=0.8' });
    expect(response.json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
    const german = await postLogin({ email: uniqueEmail(), password: 'Whatever-1' }, { 'accept-language': 'de' });
    expect(german.json().message).toBe('Incorrect email or password.');
  });

  it('asks an unverified user to verify the address first, only with the right password', async () => {
    const body = signUpBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    // The account is written after the sign-up answer (which is the same for a taken address).
    await t.app.backgroundIdle();
    const right = await postLogin({ email: body.email as string, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: 'Please verify your email address before signing in.', code: 'email_unverified' });
    const wrong = await postLogin({ email: body.email as string, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a suspended account', async () => {
    const email = await createVerifiedUser(t.app);
    await t.db.query("UPDATE users SET status = 'suspended' WHERE email = $1", [email]);
    const response = await postLogin({ email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_suspended');
  });

  it('validates the form with the sign-in messages', async () => {
    const response = await postLogin({ email: '', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Please enter your email'], password: ['Please enter your password'] });
    const invalid = await postLogin({ email: 'someone@', password: 'x' });
    expect(invalid.json().errors).toEqual({ email: ['Please enter a valid email.'] });
  });
});

describe('GET /auth/me', () => {
  it('returns the user with role and permissions', async () => {
    const email = await createVerifiedUser(t.app, { first_name: 'Léa', city: 'Yaoundé' });
    const response = await me(await login(t.app, email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(String),
      email,
      first_name: 'Léa',
      last_name: 'Njoya',
      phone_number: '+237 6 12 34 56 78',
      // Stored as its ISO code whatever name the form sent; the screens show the localised name.
      country: 'CM',
      city: 'Yaoundé',
      locale: 'en',
      photo_url: null,
      email_verified: true,
      verified: false,
      account_type: 'client',
      specialist_kind: null,
      role: { name: 'client' },
      permissions: [...ROLE_PERMISSIONS.client!],
    });
    expect(response.json().permissions).toEqual(expect.arrayContaining(['CAN_CREATE_PROJECT', 'CAN_SEE_PROJECTS_VIEW']));
  });

  it('gives a specialist the role of the kind', async () => {
    const email = await createVerifiedUser(t.app, { account_type: 'specialist', specialist_kind: 'expert' });
    const user = (await me(await login(t.app, email))).json();
    expect(user.role).toEqual({ name: 'expert' });
    expect(user.permissions).toEqual([...(ROLE_PERMISSIONS.expert ?? [])]);
    expect(user.permissions).not.toContain('CAN_CREATE_PROJECT');
    // Not verified by an admin yet: no badge, no requests.
    expect(user.verified).toBe(false);
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('answers 401 with %s', async (_label, token) => {
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('refuses an expired session', async () => {
    const token = await login(t.app, await createVerifiedUser(t.app));
    await t.db.query("UPDATE user_sessions SET expires_at = now() - interval '1 second'");
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stops a suspended user’s live session', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    await t.db.query("UPDATE users SET status = 'suspended' WHERE email = $1", [email]);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes that token only', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const other = await login(t.app, email);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });
});
