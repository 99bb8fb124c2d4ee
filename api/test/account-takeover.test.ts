import { upsertAdmin } from '../src/accounts/admins';
import { bearer, createVerifiedUser, GOOD_PASSWORD, latestMail, linkToken, login } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';
import { adminSignIn, giveAdminSecondFactor } from './admin-helpers';

/*
 * A stolen session token must not be enough to take an account: changing the
 * address or the password asks for the current password, the old address is
 * told (with a week to undo an address change), and a password change ends
 * every other session, admins' included.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Other-walls-77';

async function adminLogin(email: string, password: string): Promise<string> {
  await giveAdminSecondFactor(t.app, email);
  return adminSignIn(t.app, email, password);
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const updateProfile = (token: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', headers: bearer(token), payload });
const profile = (email: string, extra: object = {}) => ({
  first_name: 'Amina',
  last_name: 'Njoya',
  email,
  phone_number: '+237 6 12 34 56 78',
  ...extra,
});
const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', headers: bearer(token), payload });

async function confirmEmailChange(to: string): Promise<void> {
  const match = /confirm_email=([A-Za-z0-9_-]+)/.exec((await latestMail(t.app, to))?.text ?? '');
  const verify = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: match?.[1] } });
  expect(verify.statusCode).toBe(200);
}

describe('changing the e-mail address', () => {
  it('needs the current password: a session token alone sends no link', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const target = `thief.${email}`;
    const missing = await updateProfile(token, profile(target));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Enter your current password to make this change.'] });
    const wrong = await updateProfile(token, profile(target, { current_password: 'Not-the-one-1' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['This is not your current password.'] });
    expect(await latestMail(t.app, target)).toBeUndefined();
    // The name alone still changes without it.
    expect((await updateProfile(token, profile(email, { first_name: 'Aïcha' }))).statusCode).toBe(200);
  });

  it('tells the old address, whose link undoes the change within 7 days and ends the taker’s sessions', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const target = `taken.${email}`;
    expect((await updateProfile(token, profile(target, { current_password: GOOD_PASSWORD }))).statusCode).toBe(200);
    await confirmEmailChange(target);
    expect((await me(token)).json().email).toBe(target);

    const notice = await latestMail(t.app, email);
    expect(notice?.subject).toBe('The e-mail address of your account was changed');
    expect(notice?.text).toContain(target);
    expect(notice?.text).toContain('7 days');
    const undo = linkToken(notice, 'reset-password');
    const { rows } = await t.db.query<{ days: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 86400) AS days FROM account_tokens WHERE purpose = 'undo_email_change'",
    );
    expect(rows.map((row) => Number(row.days))).toContain(7);

    // The taker resets the password through the new address: the owner's undo link still works.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: target } });
    const reset = linkToken(await latestMail(t.app, target), 'reset-password');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/auth/reset-password',
          payload: { token: reset, password: 'Thief-walls-1', password_confirmation: 'Thief-walls-1' },
        })
      ).statusCode,
    ).toBe(200);
    const thief = await login(t.app, target, 'Thief-walls-1');

    const undone = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/reset-password',
      payload: { token: undo, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(undone.statusCode).toBe(200);
    expect((await me(thief)).statusCode).toBe(401);
    const owner = await login(t.app, email, NEW_PASSWORD);
    expect((await me(owner)).json().email).toBe(email);
    // Once only.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/reset-password',
      payload: { token: undo, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(410);
  });
});

describe('changing the password', () => {
  it('needs the current password', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const missing = await changePassword(token, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Enter your current password to make this change.'] });
    const wrong = await changePassword(token, { current_password: 'Not-the-one-1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(422);
    const weak = await changePassword(token, { current_password: GOOD_PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toContain('password');
    await expect(login(t.app, email)).resolves.toEqual(expect.any(String));
  });

  it('ends every other session, keeps this one, and tells the address', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    const other = await login(t.app, email);
    const changed = await changePassword(token, { current_password: GOOD_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    await expect(login(t.app, email)).rejects.toThrow();
    await expect(login(t.app, email, NEW_PASSWORD)).resolves.toEqual(expect.any(String));
    expect((await latestMail(t.app, email))?.subject).toBe('The password of your account was changed');
  });
});

describe('admin sessions', () => {
  const adminMe = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: bearer(token) });

  it('a new password set by admin:create ends the admin’s sessions', async () => {
    const email = 'rotated.admin@example.com';
    await upsertAdmin(t.db, { email, password: GOOD_PASSWORD });
    const token = await adminLogin(email, GOOD_PASSWORD);
    expect((await adminMe(token)).statusCode).toBe(200);
    await upsertAdmin(t.db, { email, password: NEW_PASSWORD });
    expect((await adminMe(token)).statusCode).toBe(401);
  });

  it('an admin signs out everywhere', async () => {
    const email = 'everywhere.admin@example.com';
    await upsertAdmin(t.db, { email, password: GOOD_PASSWORD });
    const first = await adminLogin(email, GOOD_PASSWORD);
    const second = await adminLogin(email, GOOD_PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout-everywhere', headers: bearer(first) });
    expect(out.statusCode).toBe(204);
    expect((await adminMe(first)).statusCode).toBe(401);
    expect((await adminMe(second)).statusCode).toBe(401);
  });
});
