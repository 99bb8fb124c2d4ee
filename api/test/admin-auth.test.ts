import { ROLE_PERMISSIONS } from 'shared/permissions';
import { createTestApp, type TestApp } from './test-app';
import { upsertAdmin } from '../src/accounts/admins';
import { accountsSeeder, DEMO_ADMIN, DEMO_USERS, seedDemoAdminFactor } from '../src/seed/accounts-seeder';
import { adminSignIn, giveAdminSecondFactor } from './admin-helpers';
import { bearer, createVerifiedUser, login } from './accounts-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await upsertAdmin(t.db, { email: 'Boss@Example.com', password: 'Admin-pass-2026', firstName: 'Bo', lastName: 'Ss' });
  await giveAdminSecondFactor(t.app, 'boss@example.com');
});
afterAll(async () => t.close());

const adminLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email, password } });
const adminToken = () => adminSignIn(t.app, 'boss@example.com', 'Admin-pass-2026');
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

describe('admin sign-in', () => {
  it('signs the admin in and answers /admin/auth/me', async () => {
    const response = await get('/admin/auth/me', await adminToken());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(String),
      email: 'boss@example.com',
      first_name: 'Bo',
      last_name: 'Ss',
      role: { name: 'admin' },
      permissions: [...(ROLE_PERMISSIONS.admin ?? [])],
    });
  });

  it('refuses a wrong password and an unknown admin alike', async () => {
    const wrong = await adminLogin('boss@example.com', 'Wrong-pass-2026');
    const unknown = await adminLogin('nobody@example.com', 'Wrong-pass-2026');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('never accepts a client token on admin routes, nor an admin token on client routes', async () => {
    const clientEmail = await createVerifiedUser(t.app);
    const clientToken = await login(t.app, clientEmail);
    const token = await adminToken();
    expect((await get('/admin/auth/me', clientToken)).statusCode).toBe(401);
    expect((await get('/auth/me', token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: bearer(clientToken) })).statusCode).toBe(401);
    expect((await get('/auth/me', clientToken)).statusCode).toBe(200);
  });

  it('does not let a client’s credentials sign in as admin', async () => {
    const clientEmail = await createVerifiedUser(t.app);
    expect((await adminLogin(clientEmail, 'Sturdy-walls-42')).statusCode).toBe(401);
  });

  it('revokes the admin token on logout', async () => {
    const token = await adminToken();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    expect((await get('/admin/auth/me', token)).statusCode).toBe(401);
  });

  it('updates an existing admin’s password instead of adding a second admin', async () => {
    expect(await upsertAdmin(t.db, { email: 'boss@example.com', password: 'Changed-pass-2026' })).toBe('updated');
    expect((await adminLogin('boss@example.com', 'Admin-pass-2026')).statusCode).toBe(401);
    expect((await adminLogin('boss@example.com', 'Changed-pass-2026')).statusCode).toBe(202);
    await upsertAdmin(t.db, { email: 'boss@example.com', password: 'Admin-pass-2026' });
  });
});

describe('demo accounts', () => {
  it('seeds, idempotently, the demo users and admin with the README passwords', async () => {
    await accountsSeeder.run(t.db, t.app.log);
    await accountsSeeder.run(t.db, t.app.log);
    const roles: string[] = [];
    for (const user of DEMO_USERS) {
      const token = await login(t.app, user.email, user.password);
      roles.push((await get('/auth/me', token)).json().role.name);
    }
    expect(roles).toEqual(['client', 'contractor', 'expert']);
    await seedDemoAdminFactor(t.db, t.app.twoFactorKey);
    // The README's secret, in any authenticator app, signs the demo admin in.
    expect(await adminSignIn(t.app, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.totp_secret)).toEqual(expect.any(String));
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM admins WHERE email = $1', [DEMO_ADMIN.email]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});
