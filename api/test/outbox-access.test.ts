import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { ADMIN, adminToken } from './admin-helpers';
import { bearer, createVerifiedUser, login, signUpBody } from './accounts-helpers';

/** The outbox holds every reset and verification link: only a signed-in admin may read it. */
describe('outbox access', () => {
  let t: TestApp;
  beforeAll(async () => {
    // What `pnpm start` runs: production, no SMTP server, the environment it sets.
    const started = loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
    t = await createTestApp({ env: started.env, devOutbox: started.devOutbox });
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('refuses anonymous readers, even after someone asked for a reset', async () => {
    const email = String(signUpBody().email);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    expect((await get('/api/v1/dev/outbox')).statusCode).toBe(401);
    expect((await get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(email)}`)).statusCode).toBe(401);
  });

  it('refuses a signed-in client', async () => {
    const email = await createVerifiedUser(t.app);
    const token = await login(t.app, email);
    expect((await get('/api/v1/dev/outbox', bearer(token))).statusCode).toBe(401);
    expect((await get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(email)}`, bearer(token))).statusCode).toBe(401);
  });

  it('shows the mail to a signed-in admin', async () => {
    const body = signUpBody();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload: body });
    await t.app.backgroundIdle();
    const token = await adminToken(t.app, t.db, ADMIN);
    const list = await get('/api/v1/dev/outbox', bearer(token));
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ to: body.email, subject: 'Verify your email address' });
    const latest = await get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(String(body.email))}`, bearer(token));
    expect(latest.json().text).toContain('/verify-email?token=');
  });
});

describe('demo accounts', () => {
  it('are seeded for the embedded database, not for a server database unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/prod' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/prod', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
