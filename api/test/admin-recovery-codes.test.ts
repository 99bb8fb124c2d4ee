import { upsertAdmin } from '../src/accounts/admins';
import { adminSignIn, giveAdminSecondFactor, totpCode } from './admin-helpers';
import { bearer, createVerifiedUser, login } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';

/*
 * An admin's recovery codes from the back office: how many are left, and ten
 * new ones for a current code of the authenticator app (never for a session
 * alone: the codes replace the phone).
 */

const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const EMAIL = 'keeper@example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await upsertAdmin(t.db, { email: EMAIL, password: 'Admin-pass-2026', firstName: 'Kee', lastName: 'Per' });
  await giveAdminSecondFactor(t.app, EMAIL, SECRET);
}, 120_000);
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

it('shows the codes left and replaces them for a current code, which works once', async () => {
  const token = await adminSignIn(t.app, EMAIL, 'Admin-pass-2026', SECRET);
  // The seeded factor has no codes yet.
  expect((await call('GET', '/admin/auth/two-factor', token)).json()).toMatchObject({ enabled: true, recovery_codes_left: 0 });

  const missing = await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code: '' });
  expect(missing.statusCode).toBe(422);
  expect(missing.json().errors.code).toEqual(['Enter the code from your authenticator app, or a recovery code.']);
  const wrong = await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code: '000000' });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().errors.code[0]).toMatch(/This code is not valid/);

  // The sign-in may have spent the current step's code: the next step's is accepted too.
  const code = totpCode(SECRET, Date.now() + 30_000);
  const renewed = await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code });
  expect(renewed.statusCode).toBe(200);
  const codes = renewed.json().recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect((await call('GET', '/admin/auth/two-factor', token)).json()).toMatchObject({ recovery_codes_left: 10 });
  // The same code again: refused (a TOTP code works once).
  expect((await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code })).statusCode).toBe(422);

  // A recovery code is proof too, and is spent: the new set replaces the old one.
  const again = await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code: codes[0] });
  expect(again.statusCode).toBe(200);
  const fresh = again.json().recovery_codes as string[];
  expect(fresh.some((c) => codes.includes(c))).toBe(false);
  expect((await call('POST', '/admin/auth/two-factor/recovery-codes', token, { code: codes[1] })).statusCode).toBe(422);
});

it('is for admins only', async () => {
  const client = await login(t.app, await createVerifiedUser(t.app));
  expect((await call('GET', '/admin/auth/two-factor', client)).statusCode).toBe(401);
  expect((await call('POST', '/admin/auth/two-factor/recovery-codes', client, { code: '123456' })).statusCode).toBe(401);
});
