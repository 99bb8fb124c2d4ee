import { upsertAdmin } from '../src/accounts/admins';
import { bearer, createVerifiedUser, GOOD_PASSWORD, login } from './accounts-helpers';
import { createSpecialist } from './marketplace-helpers';
import { nextCode } from './two-factor-helpers';
import { createTestApp, type TestApp } from './test-app';

/*
 * Two-factor sign-in with an authenticator app: enrolment, the step between
 * the password and the session, recovery codes, remembered browsers, the
 * limits on guessing, admins who must have it and payees before a payout.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, cookies?: Record<string, string>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
    ...(cookies ? { cookies } : {}),
  });

/** Signs up, signs in and turns two-factor on; answers the secret and the recovery codes. */
async function enrolled(email?: string) {
  const address = email ?? (await createVerifiedUser(t.app));
  const token = await login(t.app, address);
  const started = await inject('POST', '/auth/two-factor/enrolment', token, { current_password: GOOD_PASSWORD });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await inject('POST', '/auth/two-factor/enrolment/confirm', token, { code: await nextCode(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { email: address, token, secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

const passwordStep = (email: string, cookies?: Record<string, string>) =>
  inject('POST', '/auth/login', undefined, { email, password: GOOD_PASSWORD }, cookies);
const codeStep = (challenge: string, code: string, remember = false) =>
  inject('POST', '/auth/two-factor/sign-in', undefined, { challenge_token: challenge, code, remember_device: remember });

describe('enrolment', () => {
  it('needs the password, shows the secret as text and QR code, and turns on with the first code', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const noPassword = await inject('POST', '/auth/two-factor/enrolment', token, {});
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.current_password).toEqual(['Enter your current password to make this change.']);

    const started = await inject('POST', '/auth/two-factor/enrolment', token, { current_password: GOOD_PASSWORD });
    const enrolment = started.json() as { secret: string; otpauth_uri: string; qr_code: string };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Fundament:.+secret=/);
    expect(Buffer.from(enrolment.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Not on until a code proves the app has it.
    expect((await inject('GET', '/auth/two-factor', token)).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect((await passwordStep(email)).statusCode).toBe(200);

    const wrong = await inject('POST', '/auth/two-factor/enrolment/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/This code is not valid/);
    const confirmed = await inject('POST', '/auth/two-factor/enrolment/confirm', token, { code: await nextCode(enrolment.secret) });
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await inject('GET', '/auth/two-factor', token)).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // The secret is never answered again, and the database holds it only encrypted.
    expect((await inject('POST', '/auth/two-factor/enrolment', token, { current_password: GOOD_PASSWORD })).statusCode).toBe(409);
    const { rows } = await t.db.query<{ secret_encrypted: string }>('SELECT secret_encrypted FROM two_factor_factors');
    expect(rows.map((row) => row.secret_encrypted).join()).not.toContain(enrolment.secret);
    const { rows: stored } = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_codes');
    expect(stored.map((row) => row.code_hash).join()).not.toContain(codes[0]!.replace('-', ''));
  });
});

describe('signing in', () => {
  it('asks for a code after the password, and opens a session only with it', async () => {
    const { email, secret } = await enrolled();
    const step = await passwordStep(email);
    expect(step.statusCode).toBe(202);
    const challenge = step.json() as { two_factor: string; challenge_token: string; access_token?: string };
    expect(challenge.two_factor).toBe('code');
    expect(challenge.access_token).toBeUndefined();
    // The challenge is no session.
    expect((await inject('GET', '/auth/me', challenge.challenge_token)).statusCode).toBe(401);

    const code = await nextCode(secret);
    const signedIn = await codeStep(challenge.challenge_token, code);
    expect(signedIn.statusCode).toBe(200);
    expect((await inject('GET', '/auth/me', signedIn.json().access_token)).json().email).toBe(email);
    // A challenge opens one session; a code works once.
    expect((await codeStep(challenge.challenge_token, await nextCode(secret))).statusCode).toBe(401);
    const again = (await passwordStep(email)).json().challenge_token as string;
    expect((await codeStep(again, code)).statusCode).toBe(422);
  });

  it('takes each recovery code once', async () => {
    const { email, recoveryCodes } = await enrolled();
    const first = await codeStep((await passwordStep(email)).json().challenge_token, recoveryCodes[3]!.toLowerCase());
    expect(first.statusCode).toBe(200);
    const reused = await codeStep((await passwordStep(email)).json().challenge_token, recoveryCodes[3]!);
    expect(reused.statusCode).toBe(422);
    expect((await inject('GET', '/auth/two-factor', first.json().access_token)).json().recovery_codes_left).toBe(9);
    expect((await codeStep((await passwordStep(email)).json().challenge_token, recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it('ends a challenge after five wrong codes, and limits the codes an account is tried with', async () => {
    const { email, secret } = await enrolled();
    const challenge = (await passwordStep(email)).json().challenge_token as string;
    for (let i = 0; i < 5; i += 1) expect((await codeStep(challenge, String(100000 + i))).statusCode).toBe(422);
    const afterFive = await codeStep(challenge, await nextCode(secret));
    expect(afterFive.statusCode).toBe(401);
    expect(afterFive.json().message).toMatch(/Sign in again with your password/);
    // Fresh challenges do not reset the count kept per account: 10 codes a quarter of an hour.
    const next = (await passwordStep(email)).json().challenge_token as string;
    for (let i = 0; i < 4; i += 1) expect((await codeStep(next, String(200000 + i))).statusCode).toBe(422);
    const third = (await passwordStep(email)).json().challenge_token as string;
    const limited = await codeStep(third, await nextCode(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('skips the code in a browser the owner asked to remember, until they sign out everywhere', async () => {
    const { email, secret } = await enrolled();
    const remembered = await codeStep((await passwordStep(email)).json().challenge_token, await nextCode(secret), true);
    const cookie = remembered.cookies.find((c) => c.name === 'fundament_2fa_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(cookie!.maxAge).toBe(30 * 24 * 3600);
    const again = await passwordStep(email, { fundament_2fa_device: cookie!.value });
    expect(again.statusCode).toBe(200);
    expect(again.json().access_token).toEqual(expect.any(String));
    // Another browser (no cookie) and another account's cookie are asked.
    expect((await passwordStep(email)).statusCode).toBe(202);
    const other = await enrolled();
    expect((await passwordStep(other.email, { fundament_2fa_device: cookie!.value })).statusCode).toBe(202);

    expect((await inject('POST', '/auth/logout-everywhere', again.json().access_token)).statusCode).toBe(204);
    expect((await passwordStep(email, { fundament_2fa_device: cookie!.value })).statusCode).toBe(202);
  });
});

describe('managing the second factor', () => {
  it('proves the owner with a code instead of the password, and turns off only with both', async () => {
    const { token, secret, recoveryCodes } = await enrolled();
    const changed = await inject('PUT', '/auth/password', token, {
      two_factor_code: await nextCode(secret),
      password: 'Other-walls-77',
      password_confirmation: 'Other-walls-77',
    });
    expect(changed.statusCode).toBe(200);

    const regenerated = await inject('POST', '/auth/two-factor/recovery-codes', token, { current_password: 'Other-walls-77' });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const passwordOnly = await inject('DELETE', '/auth/two-factor', token, { current_password: 'Other-walls-77' });
    expect(passwordOnly.statusCode).toBe(422);
    expect(Object.keys(passwordOnly.json().errors)).toEqual(['two_factor_code']);
    const codeOnly = await inject('DELETE', '/auth/two-factor', token, { two_factor_code: fresh[0] });
    expect(codeOnly.statusCode).toBe(422);
    // The old codes died with the regeneration.
    expect(
      (await inject('DELETE', '/auth/two-factor', token, { current_password: 'Other-walls-77', two_factor_code: recoveryCodes[1] })).statusCode,
    ).toBe(422);
    const off = await inject('DELETE', '/auth/two-factor', token, { current_password: 'Other-walls-77', two_factor_code: fresh[1] });
    expect(off.statusCode).toBe(200);
    expect((await inject('GET', '/auth/two-factor', token)).json().enabled).toBe(false);
  });
});

describe('admins', () => {
  it('are refused a session until they have set up a second factor, then always asked for it', async () => {
    await upsertAdmin(t.db, { email: 'new.admin@example.com', password: 'Admin-pass-2026' });
    const step = await inject('POST', '/admin/auth/login', undefined, { email: 'new.admin@example.com', password: 'Admin-pass-2026' });
    expect(step.statusCode).toBe(202);
    const challenge = step.json() as { two_factor: string; challenge_token: string; message: string };
    expect(challenge).toMatchObject({
      two_factor: 'enrol',
      message: 'Admins sign in with a second factor. Set up an authenticator app to continue.',
    });
    expect((await inject('GET', '/admin/auth/me', challenge.challenge_token)).statusCode).toBe(401);
    // An enrolment challenge is not a code challenge.
    expect(
      (await inject('POST', '/admin/auth/two-factor/sign-in', undefined, { challenge_token: challenge.challenge_token, code: '123456' })).statusCode,
    ).toBe(401);

    const enrolment = await inject('POST', '/admin/auth/two-factor/enrolment', undefined, { challenge_token: challenge.challenge_token });
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = enrolment.json() as { secret: string; otpauth_uri: string };
    expect(decodeURIComponent(uri)).toContain('new.admin@example.com (admin)');
    const wrong = await inject('POST', '/admin/auth/two-factor/enrolment/confirm', undefined, {
      challenge_token: challenge.challenge_token,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const done = await inject('POST', '/admin/auth/two-factor/enrolment/confirm', undefined, {
      challenge_token: challenge.challenge_token,
      code: await nextCode(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(10);
    expect((await inject('GET', '/admin/auth/me', done.json().access_token)).json().email).toBe('new.admin@example.com');

    const next = await inject('POST', '/admin/auth/login', undefined, { email: 'new.admin@example.com', password: 'Admin-pass-2026' });
    expect(next.statusCode).toBe(202);
    expect(next.json().two_factor).toBe('code');
    const signedIn = await inject('POST', '/admin/auth/two-factor/sign-in', undefined, {
      challenge_token: next.json().challenge_token,
      code: await nextCode(secret),
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('payouts', () => {
  it('are refused to a payee without a second factor, with a message saying what to do', async () => {
    const payee = await createSpecialist(t.app, t.db, { first_name: 'Paul' });
    const method = {
      kind: 'mobile_money',
      operator: 'mtn',
      phone: '+237 6 70 00 00 01',
      holder_name: 'Paul Mbarga',
      currency: 'XAF',
      password: GOOD_PASSWORD,
    };
    const refused = await inject('POST', '/payout-methods', payee.token, method);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Turn on two-factor sign-in in Settings before adding a payout method or requesting a payout.');
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payouts',
      headers: { ...bearer(payee.token), 'idempotency-key': 'no-second-factor' },
      payload: { amount: 1000, currency: 'XAF', method_id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(payout.statusCode).toBe(403);

    const started = await inject('POST', '/auth/two-factor/enrolment', payee.token, { current_password: GOOD_PASSWORD });
    const { secret } = started.json() as { secret: string };
    expect((await inject('POST', '/auth/two-factor/enrolment/confirm', payee.token, { code: await nextCode(secret) })).statusCode).toBe(200);
    expect((await inject('POST', '/payout-methods', payee.token, method)).statusCode).toBe(201);
  });
});
