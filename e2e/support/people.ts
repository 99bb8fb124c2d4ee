import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts the product seeds at start-up (README). */
export const DEMO = {
  client: { email: 'client@demo.fundament.example', password: 'Client-demo-2026' },
  contractor: { email: 'contractor@demo.fundament.example', password: 'Contractor-demo-2026' },
  expert: { email: 'expert@demo.fundament.example', password: 'Expert-demo-2026' },
  admin: { email: 'admin@demo.fundament.example', password: 'Admin-demo-2026' },
};

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
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
}

/** A bearer token from the API, for setting the scene without the screens. */
export async function apiToken(request: APIRequestContext, email: string, password: string, admin = false): Promise<string> {
  const response = await request.post(admin ? '/api/v1/admin/auth/login' : '/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
