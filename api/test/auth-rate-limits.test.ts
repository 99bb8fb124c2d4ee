import { createTestApp, type TestApp } from './test-app';
import { signUpBody, uniqueEmail } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: 3, signUp: 2, forgotPassword: 2, resendVerification: 2, socialSignIn: 2, windowMs: 60_000 } });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });

describe('rate limits', () => {
  it('stops a fourth login attempt from one address within the minute, in the caller’s language', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.0.1');
      expect(response.statusCode).toBe(401);
    }
    const refused = await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.0.1', {
      'accept-language': 'fr',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Trop de tentatives. Veuillez patienter une minute avant de réessayer.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another machine is not affected.
    expect((await post('/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.0.0.2')).statusCode).toBe(401);
  });

  it('also counts attempts on one e-mail address from many machines', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/auth/login', { email, password: 'Wrong-pass-1' }, `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    const refused = await post('/auth/login', { email: email.toUpperCase(), password: 'Wrong-pass-1' }, '10.1.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('limits the admin sign-in too', async () => {
    for (let i = 0; i < 3; i += 1) {
      await post('/admin/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.2.0.1');
    }
    expect((await post('/admin/auth/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, '10.2.0.1')).statusCode).toBe(429);
  });

  it.each([
    ['/auth/sign-up', () => signUpBody()],
    ['/auth/forgot-password', () => ({ email: uniqueEmail() })],
    ['/auth/resend-verification', () => ({ email: uniqueEmail() })],
  ])('limits %s', async (url, body) => {
    const ip = `10.3.${url.length}.1`;
    expect((await post(url, body(), ip)).statusCode).toBeLessThan(300);
    expect((await post(url, body(), ip)).statusCode).toBeLessThan(300);
    const refused = await post(url, body(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
