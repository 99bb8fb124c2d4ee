import { expect, test } from '@playwright/test';
import { apiToken, DEMO, latestMail } from '../support/people';

// The server side of the account flows against the production server the
// suite starts: e-mail through the outbox (read as the admin), Google through the
// local OAuth mock. The screens themselves are covered by accounts.spec.ts.
test.describe('accounts API on the e2e server', () => {
  test('sign up, open the e-mailed link, verify, sign in and load the user', async ({ request }) => {
    const email = `e2e.api.${Date.now()}@example.com`;
    const signUp = await request.post('/api/v1/auth/sign-up', {
      data: {
        first_name: 'Élodie',
        last_name: 'Kamga',
        email,
        country: 'Cameroon',
        city: 'Douala',
        account_type: 'client',
        phone_number: '+237 6 55 44 33 22',
        password: 'E2e-password-1',
        password_confirmation: 'E2e-password-1',
        locale: 'fr',
      },
    });
    expect(signUp.status()).toBe(201);

    const { subject, text } = await latestMail(request, email, /verify-email/);
    expect(subject).toBe('Vérifiez votre adresse e-mail');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[\w-]+)/.exec(text)?.[1];
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get('token');

    const blocked = await request.post('/api/v1/auth/login', { data: { email, password: 'E2e-password-1' } });
    expect(blocked.status()).toBe(403);
    expect((await request.post('/api/v1/auth/verify-email', { data: { token } })).status()).toBe(200);
    expect((await request.post('/api/v1/auth/verify-email', { data: { token } })).status()).toBe(410);

    const login = await request.post('/api/v1/auth/login', { data: { email, password: 'E2e-password-1' } });
    expect(login.status()).toBe(200);
    const { access_token } = await login.json();
    const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toMatchObject({ email, first_name: 'Élodie', role: { name: 'client' } });
  });

  test('signs in with Google through the local OAuth server', async ({ request }) => {
    const link = await request.get('/api/v1/auth/social/link?provider=google');
    expect(link.status()).toBe(200);
    const authorize = await request.get((await link.json()).url, { maxRedirects: 0 });
    expect(authorize.status()).toBe(302);
    const back = new URL(authorize.headers().location!);
    expect(back.pathname).toBe('/auth/callback');
    const callback = await request.post(`/api/v1/auth/social/callback${back.search}`);
    expect(callback.status()).toBe(200);
    const { access_token } = await callback.json();
    const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toMatchObject({
      email: 'google.tester@example.com',
      first_name: 'Grace',
      last_name: 'Tester',
      email_verified: true,
    });
  });

  test('the demo accounts sign in', async ({ request }) => {
    const client = await request.post('/api/v1/auth/login', {
      data: { email: 'client@demo.fundament.example', password: 'Client-demo-2026' },
    });
    expect(client.status()).toBe(200);
    // The admin's password leads to the second factor: the README's authenticator secret gives the code.
    const admin = await request.post('/api/v1/admin/auth/login', {
      data: { email: 'admin@demo.fundament.example', password: 'Admin-demo-2026' },
    });
    expect(admin.status()).toBe(202);
    expect((await admin.json()).two_factor).toBe('code');
    const access_token = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
    const me = await request.get('/api/v1/admin/auth/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect((await me.json()).role).toEqual({ name: 'admin' });
  });
});
