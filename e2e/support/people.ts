import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The demo accounts the product seeds at start-up (README). */
export const DEMO = {
  client: { email: 'client@demo.fundament.example', password: 'Client-demo-2026' },
  contractor: { email: 'contractor@demo.fundament.example', password: 'Contractor-demo-2026' },
  expert: { email: 'expert@demo.fundament.example', password: 'Expert-demo-2026' },
  // Admins sign in with a second factor: the demo admin's authenticator secret is published in the README.
  admin: { email: 'admin@demo.fundament.example', password: 'Admin-demo-2026', totpSecret: 'FUNDAMENTDEMOADMINTOTPSECRET2345' },
};

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * The code an authenticator app with `secret` shows, computed with the same
 * library as the server. A code works once: a second sign-in in the same
 * 30 s takes the next step's code (the server accepts one step ahead), and a
 * third waits for it.
 */
export async function totpCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max((lastSteps.get(secret) ?? -Infinity) + 1, current());
  while (step > current() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastSteps.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS + 1 });
}

/** The demo admin's remembered-browser cookie once a sign-in ticked "remember this device": later sign-ins skip the code. */
const ADMIN_DEVICE_COOKIE = 'fundament_2fa_admin_device';
let adminDevice: string | undefined;

export const E2E_PASSWORD = 'E2e-market-2026';

/** An e-mail kept in the outbox (the e2e server has no mail server). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

let adminBearer: string | undefined;

/**
 * The newest e-mail to `to` whose text matches `pattern`, read from the outbox
 * as the demo admin: only a signed-in admin may read it, since it holds every
 * account link. Polled, because the API sends account e-mail after answering.
 */
export async function latestMail(request: APIRequestContext, to: string, pattern: RegExp = /./): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        adminBearer ??= await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
        const answer = await request.get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(to)}`, {
          headers: { authorization: `Bearer ${adminBearer}` },
        });
        // A session from an earlier server run: sign in again.
        if (answer.status() === 401) adminBearer = undefined;
        if (!answer.ok()) return false;
        const mail = (await answer.json()) as OutboxMail;
        if (!pattern.test(mail.text)) return false;
        found = mail;
        return true;
      },
      { message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/** Signs up through the API and confirms the address from the outbox; returns the e-mail. */
export async function verifiedAccount(request: APIRequestContext, label: string, extra: Record<string, string>) {
  const email = `e2e.${label}.${Date.now()}.${Math.random().toString(16).slice(2, 6)}@example.com`;
  const signUp = await request.post('/api/v1/auth/sign-up', {
    data: {
      first_name: 'Nadia',
      last_name: label === 'client' ? 'Owono' : 'Builder',
      email,
      country: 'CM',
      city: 'Douala',
      phone_number: '+237 6 99 00 11 22',
      password: E2E_PASSWORD,
      password_confirmation: E2E_PASSWORD,
      ...extra,
    },
  });
  expect(signUp.status()).toBe(201);
  const { text } = await latestMail(request, email, /verify-email\?token=/);
  const token = /verify-email\?token=([\w-]+)/.exec(text)?.[1];
  expect((await request.post('/api/v1/auth/verify-email', { data: { token } })).status()).toBe(200);
  return email;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
}

export async function adminSignIn(page: Page) {
  await page.goto('/admin-login');
  if (adminDevice) {
    const { hostname } = new URL(page.url());
    await page.context().addCookies([{ name: ADMIN_DEVICE_COOKIE, value: adminDevice, domain: hostname, path: '/api/v1/admin/auth' }]);
  }
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Authentication code');
  await expect.poll(async () => /\/admin\/clients$/.test(page.url()) || (await code.isVisible())).toBe(true);
  if (await code.isVisible()) {
    await code.fill(await totpCode(DEMO.admin.totpSecret));
    await page.getByLabel('Remember this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/clients$/);
  adminDevice = (await page.context().cookies()).find((cookie) => cookie.name === ADMIN_DEVICE_COOKIE)?.value ?? adminDevice;
}

/** An admin token through the API: the password, then (unless this run's browser is remembered) the demo admin's code. */
async function adminApiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const headers: Record<string, string> = adminDevice ? { cookie: `${ADMIN_DEVICE_COOKIE}=${adminDevice}` } : {};
  const response = await request.post('/api/v1/admin/auth/login', { data: { email, password }, headers });
  if (response.status() === 200) return ((await response.json()) as { access_token: string }).access_token;
  expect(response.status()).toBe(202);
  const { challenge_token: challenge } = (await response.json()) as { challenge_token: string };
  const send = async () =>
    request.post('/api/v1/admin/auth/two-factor/sign-in', {
      data: { challenge_token: challenge, code: await totpCode(DEMO.admin.totpSecret), remember_device: true },
    });
  let signedIn = await send();
  // A code is good once: a worker started after a failure does not know which codes the last one used.
  if (signedIn.status() === 422) signedIn = await send();
  expect(signedIn.status()).toBe(200);
  const cookie = signedIn
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => new RegExp(`${ADMIN_DEVICE_COOKIE}=([^;]+)`).exec(header.value)?.[1])
    .find(Boolean);
  adminDevice = cookie ?? adminDevice;
  return ((await signedIn.json()) as { access_token: string }).access_token;
}

/** A bearer token from the API, for setting the scene without the screens. */
export async function apiToken(request: APIRequestContext, email: string, password: string, admin = false): Promise<string> {
  if (admin) return adminApiToken(request, email, password);
  const response = await request.post(admin ? '/api/v1/admin/auth/login' : '/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A contractor for masonry in Douala whom the admin has verified: the requests a client posts
 * there reach them (in the app and by e-mail).
 */
export async function verifiedContractor(request: APIRequestContext, adminToken: string) {
  const email = await verifiedAccount(request, 'contractor', { account_type: 'specialist', specialist_kind: 'contractor' });
  const token = await apiToken(request, email, E2E_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/v1/auth/me', { headers })).json()) as { id: string };
  const profile = await request.put('/api/v1/specialist-profile', {
    headers,
    data: { company_name: 'Harbour Walls', categories: ['masonry'], service_country: 'CM', service_cities: ['Douala'] },
  });
  expect(profile.ok()).toBe(true);
  for (const kind of ['identity_register', 'location_visit', 'customer_interviews', 'financial_check']) {
    await request.put(`/api/v1/admin/users/${me.id}/checks/${kind}`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { outcome: 'passed', checked_on: '2026-11-20', notes: 'Checked for the end-to-end tests.' },
    });
  }
  expect((await request.put(`/api/v1/admin/users/${me.id}/verify`, { headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(200);
  return { email, token };
}
