import { createTestApp, type TestApp } from './test-app';
import { ADMIN, adminToken } from './admin-helpers';
import { createVerifiedUser, GOOD_PASSWORD, RELAXED_LIMITS, signUpBody, uniqueEmail } from './accounts-helpers';
import { delayFor } from '../src/accounts/rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...RELAXED_LIMITS,
      login: 3,
      loginPerAddress: 6,
      signUp: 2,
      forgotPassword: 2,
      resendVerification: 2,
      // Short, so that the tests of the delay stay quick.
      maxDelayMs: 400,
      accountMailsPerHour: 3,
    },
  });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });

describe('rate limits', () => {
  it('stops a fourth wrong password for one address from one machine, in the caller’s language', async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/auth/login', { email, password: 'Wrong-pass-1' }, '10.0.0.1')).statusCode).toBe(401);
    }
    const refused = await post('/auth/login', { email, password: 'Wrong-pass-1' }, '10.0.0.1', { 'accept-language': 'fr' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Trop de tentatives. Veuillez patienter une minute avant de réessayer.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('caps the attempts of one machine across many addresses', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.1.1')).statusCode).toBe(401);
    }
    expect((await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.1.1')).statusCode).toBe(429);
    // Another machine is not affected.
    expect((await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.1.2')).statusCode).toBe(401);
  });

  it('lets the owner in from their own machine while strangers hammer the address, only slowed down', async () => {
    const email = await createVerifiedUser(t.app);
    for (let machine = 1; machine <= 5; machine += 1) {
      for (let i = 0; i < 3; i += 1) await post('/auth/login', { email, password: 'Wrong-pass-1' }, `10.1.0.${machine}`);
    }
    const started = performance.now();
    const owner = await post('/auth/login', { email, password: GOOD_PASSWORD }, '10.1.9.9');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().access_token).toEqual(expect.any(String));
    // Slowed down: the attempts beyond the limit cost the configured longest delay.
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('does not lock an admin out either', async () => {
    const token = await adminToken(t.app, t.db, ADMIN);
    expect(token).toBeTruthy();
    for (let machine = 1; machine <= 4; machine += 1) {
      for (let i = 0; i < 3; i += 1) await post('/admin/auth/login', { email: ADMIN.email, password: 'Wrong-pass-1' }, `10.2.0.${machine}`);
    }
    const admin = await post('/admin/auth/login', { email: ADMIN.email, password: ADMIN.password }, '10.2.9.9');
    // The password is accepted: what comes next is the second factor.
    expect(admin.statusCode).toBe(202);
  });

  it('sends an address at most a few account e-mails an hour, from however many machines, and answers the same', async () => {
    const email = await createVerifiedUser(t.app);
    const answers = [];
    for (let machine = 1; machine <= 6; machine += 1) {
      answers.push(await post('/auth/forgot-password', { email }, `10.4.0.${machine}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    await t.app.backgroundIdle();
    // Three in all, the verification e-mail of the account's sign-up included.
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [email]);
    expect(rows[0]!.n).toBe(3);
  });

  it('grows the delay and caps it', () => {
    expect([0, 1, 2, 3, 4, 30].map((over) => delayFor(over, 3000))).toEqual([0, 250, 500, 1000, 2000, 3000]);
  });

  it.each([
    ['/auth/sign-up', () => signUpBody()],
    ['/auth/forgot-password', () => ({ email: uniqueEmail() })],
    ['/auth/resend-verification', () => ({ email: uniqueEmail() })],
  ])('limits %s per machine', async (url, body) => {
    const ip = `10.3.${url.length}.1`;
    expect((await post(url, body(), ip)).statusCode).toBeLessThan(300);
    expect((await post(url, body(), ip)).statusCode).toBeLessThan(300);
    const refused = await post(url, body(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
