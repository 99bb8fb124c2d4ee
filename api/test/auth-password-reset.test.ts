import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, expireAccountTokens, GOOD_PASSWORD, latestMail, linkToken, login, uniqueEmail } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Fresh-start-2026';
const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, headers });
const reset = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/auth/reset-password', payload });
const tryLogin = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('POST /auth/forgot-password', () => {
  it('e-mails a reset link to a known address', async () => {
    const email = await createVerifiedUser(t.app, { locale: 'fr' });
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    const mail = await latestMail(t.app, email);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe');
    expect(mail?.text).toMatch(/\/reset-password\?token=/);
    expect(mail?.text).toContain('valable une heure');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await forgot(await createVerifiedUser(t.app));
    const stranger = uniqueEmail('stranger');
    const unknown = await forgot(stranger);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().message).toBe('If an account exists for this address, we have sent it a link to reset the password.');
    expect(await latestMail(t.app, stranger)).toBeUndefined();
  });

  it('validates the address', async () => {
    const response = await forgot('', { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Veuillez saisir votre adresse e-mail'] });
  });
});

describe('PUT /auth/reset-password', () => {
  async function resetToken(email: string): Promise<string> {
    await forgot(email);
    return linkToken(await latestMail(t.app, email), 'reset-password');
  }

  it('sets the new password once, and signs the user out everywhere', async () => {
    const email = await createVerifiedUser(t.app);
    const session = await login(t.app, email);
    const token = await resetToken(email);
    const response = await reset({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your password has been changed. You can now sign in.');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session) })).statusCode).toBe(401);
    expect((await tryLogin(email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await tryLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
    const reused = await reset({ token, password: 'Another-one-77', password_confirmation: 'Another-one-77' });
    expect(reused.statusCode).toBe(410);
    expect((await tryLogin(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await resetToken(email);
    await expireAccountTokens(t.db);
    const expired = await reset({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This link has expired or has already been used.');
    const unknown = await reset({ token: 'z'.repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(410);
    expect((await tryLogin(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('does not accept a verification link as a reset link', async () => {
    const email = await createVerifiedUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', payload: { email } });
    const { rows } = await t.db.query("SELECT 1 FROM account_tokens WHERE purpose = 'verify_email' AND used_at IS NULL");
    // A verified account gets no new verification link, so take the one from sign-up of another user.
    expect(rows.length).toBe(0);
    const other = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        first_name: 'A',
        last_name: 'B',
        email: other,
        country: 'Cameroon',
        city: 'Douala',
        account_type: 'client',
        phone_number: '+237 612345678',
        password: GOOD_PASSWORD,
        password_confirmation: GOOD_PASSWORD,
      },
    });
    const verifyToken = linkToken(await latestMail(t.app, other), 'verify-email');
    const response = await reset({ token: verifyToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(response.statusCode).toBe(410);
  });

  it('validates the new password and its confirmation', async () => {
    const response = await reset({ token: 'abc', password: 'weak', password_confirmation: 'other' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.password).toContain('Minimum amount of characters is 8.');
    expect(errors.password_confirmation).toEqual(['The passwords do not match.']);
    const missing = await reset({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(missing.json().errors).toEqual({ token: ['This field is mandatory.'] });
  });
});
