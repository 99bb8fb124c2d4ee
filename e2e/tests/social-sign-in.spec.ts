import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, DEMO, E2E_PASSWORD, verifiedAccount } from '../support/people';

// Google sign-in against the stand-in provider (support/oauth-mock-server.mjs), which
// listens 50 ports above the product; the server has Google configured, not Facebook.
const oauth = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 50}`;

/** The next "Continue with Google" signs in as this person (a Google-verified address). */
async function nextGooglePerson(request: APIRequestContext, email: string) {
  const sub = `google-${email}`;
  const answer = await request.post(`${oauth}/next-person`, {
    data: { sub, email, email_verified: true, given_name: 'Grace', family_name: 'Owner' },
  });
  expect(answer.status()).toBe(204);
}

const freshEmail = (label: string) => `e2e.social.${label}.${Date.now()}.${Math.random().toString(16).slice(2, 6)}@example.com`;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

async function signedInEmail(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/v1/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return ((await answer.json()) as { email: string }).email;
  });
}

/** Serious and critical WCAG 2.1 A/AA violations on the page, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}: ${violation.help}`));
}

/** The link of the newest e-mail to `to` (the outbox, read as the admin). */
async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
  let link: string | undefined;
  await expect(async () => {
    const answer = await request.get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(answer.ok()).toBe(true);
    const { text } = (await answer.json()) as { text: string };
    link = new RegExp(`(http://[^\\s]+${path}\\?token=[\\w-]+)`).exec(text)?.[1];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link!;
}

test.describe('social sign-in', () => {
  test('the sign-in page offers only the provider the server is configured for', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0);
  });

  test('someone who signed up with your address without confirming it loses it when you continue with Google', async ({ page, request }) => {
    const email = freshEmail('squatted');
    const squatter = await request.post('/api/v1/auth/sign-up', {
      data: {
        first_name: 'Sam',
        last_name: 'Squatter',
        email,
        country: 'CM',
        city: 'Douala',
        account_type: 'client',
        phone_number: '+237 6 11 22 33 44',
        password: E2E_PASSWORD,
        password_confirmation: E2E_PASSWORD,
      },
    });
    expect(squatter.status()).toBe(201);

    await nextGooglePerson(request, email);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByText(/its earlier password was removed/)).toBeVisible();
    expect(await signedInEmail(page)).toBe(email);

    // The squatter's password no longer opens the account.
    const login = await request.post('/api/v1/auth/login', { data: { email, password: E2E_PASSWORD } });
    expect(login.status()).toBe(401);
  });

  test('a verified account is linked to Google only after its owner gives its password', async ({ page, request }) => {
    const email = await verifiedAccount(request, 'linked', { account_type: 'client' });
    await nextGooglePerson(request, email);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Link Google to your account' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`An account already uses ${email}.`, { exact: false })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    expect(await blockingViolations(page)).toEqual([]);

    const password = page.getByLabel('Password of your Fundament account', { exact: true });
    await password.fill('Not-my-password-1');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect password.');
    expect(await storedToken(page)).toBeNull();

    await password.fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    expect(await signedInEmail(page)).toBe(email);

    // Linked: the next Google sign-in goes straight in.
    await page.evaluate(() => localStorage.clear());
    await nextGooglePerson(request, email);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/, { timeout: 15_000 });
  });

  test('in French, the owner of a verified account confirms Google through the e-mailed link', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
    const email = await verifiedAccount(request, 'mailed', { account_type: 'client' });
    await nextGooglePerson(request, email);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuer avec Google' }).click();
    await expect(page.getByRole('heading', { name: 'Lier Google à votre compte' })).toBeVisible({ timeout: 15_000 });
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'M’envoyer un lien de confirmation par e-mail' }).click();
    await expect(page.getByRole('status')).toContainText(`Nous avons envoyé un lien de confirmation à ${email}.`);
    expect(await storedToken(page)).toBeNull();

    const link = await mailedLink(request, email, '/auth/link-account');
    await page.goto(link);
    await expect(page).toHaveURL(/\/main\/dashboard$/, { timeout: 15_000 });
    expect(await signedInEmail(page)).toBe(email);
    // The link works once.
    await page.evaluate(() => localStorage.removeItem('access_token'));
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Ce lien a expiré ou a déjà été utilisé.');
  });

  test('a Google callback URL made in another browser does not sign this one in (login CSRF)', async ({ page, request }) => {
    // The attacker starts a sign-in with their own Google account and stops before the last step.
    await nextGooglePerson(request, freshEmail('attacker'));
    const link = await request.get('/api/v1/auth/social/link?provider=google');
    expect(link.status()).toBe(200);
    const consent = await request.get(((await link.json()) as { url: string }).url, { maxRedirects: 0 });
    expect(consent.status()).toBe(302);
    const callbackUrl = new URL(consent.headers().location!);
    expect(callbackUrl.pathname).toBe('/auth/callback');

    // The victim's browser is made to open it.
    await page.goto(callbackUrl.pathname + callbackUrl.search);
    await expect(page.getByRole('alert')).toContainText('We could not sign you in with Google.');
    expect(await storedToken(page)).toBeNull();

    // Only the browser that started the flow can finish it.
    const own = await request.post(`/api/v1/auth/social/callback${callbackUrl.search}`);
    expect(own.status()).toBe(200);
  });
});
