import { hashPassword } from '../src/accounts/passwords';
import { hashToken, newToken } from '../src/accounts/tokens';
import { createTestApp, type TestApp } from './test-app';
import { ADMIN, adminToken } from './admin-helpers';
import { bearer, createVerifiedUser, latestMail, linkToken, login, RELAXED_LIMITS } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { ...RELAXED_LIMITS, resetPassword: 5 } });
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Fresh-start-2026';
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
let machine = 0;
// A machine of its own per call by default: only the limit test repeats one.
const reset = (token: string, ip = `10.7.0.${(machine += 1)}`) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/reset-password',
    payload: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    remoteAddress: ip,
  });

async function resetLink(email: string): Promise<string> {
  await forgot(email);
  return linkToken(await latestMail(t.app, email), 'reset-password');
}

describe('reset links', () => {
  it('a newer reset link revokes the older unused one', async () => {
    const email = await createVerifiedUser(t.app);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect((await reset(older)).statusCode).toBe(410);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('a password change revokes every other link', async () => {
    const email = await createVerifiedUser(t.app);
    const link = await resetLink(email);
    // A second live link (as sent from another instance at the same moment), written directly.
    const other = newToken();
    await t.db.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
       SELECT id, 'reset_password', $2, email, now() + interval '1 hour' FROM users WHERE email = $1`,
      [email, hashToken(other)],
    );
    expect((await reset(link)).statusCode).toBe(200);
    expect((await reset(other)).statusCode).toBe(410);
  });

  it('a suspension revokes the reset links sent before it', async () => {
    const email = await createVerifiedUser(t.app);
    const link = await resetLink(email);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const admin = await adminToken(t.app, t.db, ADMIN);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${rows[0]!.id}/suspend`,
      payload: { reason: 'Fraud report' },
      headers: bearer(admin),
    });
    expect(suspend.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${rows[0]!.id}/reactivate`, headers: bearer(admin) });
    expect((await reset(link)).statusCode).toBe(410);
  });

  it('signing out everywhere revokes the reset links and ends every session', async () => {
    const email = await createVerifiedUser(t.app);
    const link = await resetLink(email);
    const phone = await login(t.app, email);
    const laptop = await login(t.app, email);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-everywhere', headers: bearer(laptop) });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(phone) })).statusCode).toBe(401);
    expect((await reset(link)).statusCode).toBe(410);
  });

  it('answers a bogus link without hashing the password first', async () => {
    // One argon2 hash, the cost a bogus request must not pay.
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) await hashPassword(NEW_PASSWORD);
    const hashMs = (performance.now() - started) / 5;
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const before = performance.now();
      expect((await reset(`bogus-${i}`, `10.9.0.${i}`)).statusCode).toBe(410);
      times.push(performance.now() - before);
    }
    times.sort((a, b) => a - b);
    expect(times[2]!).toBeLessThan(hashMs / 2);
  });

  it('limits new-password submissions per address', async () => {
    for (let i = 0; i < 5; i += 1) expect((await reset(`bogus-${i}`, '10.8.0.1')).statusCode).toBe(410);
    const refused = await reset('bogus-6', '10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
