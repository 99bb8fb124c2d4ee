import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { DEMO, latestMail, totpCode } from '../support/people';

const PASSWORD = 'Fundament-2026';

/** A fresh address per test, so runs never collide with each other or with the demo data. */
function freshEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The link of the newest e-mail sent to `to`, read from the outbox (as the admin). */
async function linkFromOutbox(request: APIRequestContext, to: string, path: '/verify-email' | '/reset-password') {
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`);
  const link = (await latestMail(request, to, pattern)).text.match(pattern)![0];
  return new URL(link).pathname + new URL(link).search;
}

/** A verified client account made through the API (the UI sign-up has its own test). */
async function createVerifiedClient(request: APIRequestContext, label: string) {
  const email = freshEmail(label);
  const signUp = await request.post('/api/v1/auth/sign-up', {
    data: {
      first_name: 'Test',
      last_name: 'Client',
      email,
      country: 'FR',
      city: 'Lyon',
      phone_number: '+33 6 12 34 56 78',
      account_type: 'client',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(signUp.status()).toBe(201);
  const link = await linkFromOutbox(request, email, '/verify-email');
  const token = new URLSearchParams(link.split('?')[1]).get('token');
  expect((await request.post('/api/v1/auth/verify-email', { data: { token } })).status()).toBe(200);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('accounts', () => {
  test('sign up, verify the address from the e-mail, sign in and reach the dashboard', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = freshEmail('new.client');
    await page.goto('/sign-up');
    await expect(page.getByText('Step 1 of 2')).toBeVisible();

    // The messages of docs/product.md §5 appear on submit.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByText('Please select your country')).toBeVisible();

    await page.getByLabel('First name').fill('Amara');
    await page.getByLabel('Last name').fill('Diallo');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await page.getByLabel('City').fill('Dakar');
    await page.getByLabel('Phone number').fill('+221 77 123 45 67');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Terms of service/ })).toHaveAttribute('target', '_blank');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Minimum amount of characters is 8.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Resend the email' }).click();
    await expect(page.getByText('The email has been resent successfully.')).toBeVisible();

    // Signing in before verifying brings the visitor back to this screen.
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

    const link = await linkFromOutbox(request, email, '/verify-email');
    await page.goto(link);
    // The link proved the mailbox: the person is signed in and on their dashboard.
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

    // The link works once (opened again after signing out of this browser).
    await page.evaluate(() => localStorage.removeItem('access_token'));
    await page.goto(link);
    await expect(page).toHaveURL(/\/expired$/);
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  });

  test('forgot password, reset it from the e-mailed link, sign in with the new one', async ({ page, request }) => {
    const email = await createVerifiedClient(request, 'forgetful');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    const link = await linkFromOutbox(request, email, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password').fill('Renewed-2026');
    await page.getByLabel('Confirm password').fill('Renewed-2025');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Renewed-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been changed. You can now sign in.')).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await signIn(page, email, 'Renewed-2026');
    await expect(page).toHaveURL(/\/main\/dashboard$/);

    // A used reset link lands on /expired.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel('New password').fill('Another-2026');
    await page.getByLabel('Confirm password').fill('Another-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/expired$/);
  });

  test('a guarded page visited signed out is reopened after signing in', async ({ page, request }) => {
    const email = await createVerifiedClient(request, 'guarded');
    await page.goto('/main/escrow');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/main\/escrow$/);
    // The saved page is used once.
    expect(await page.evaluate(() => localStorage.getItem('requested_client_page'))).toBeNull();
  });

  test('continue with Google signs in through the OAuth 2 provider', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/, { timeout: 15_000 });
    const me = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
      return answer.json();
    });
    expect(me).toMatchObject({ email: 'google.tester@example.com', role: { name: 'client' } });
  });

  test('the admin signs in on the admin page with a second factor and lands on the clients dashboard, with a separate session', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
    await signIn(page, 'admin@demo.fundament.example', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await signIn(page, 'admin@demo.fundament.example', 'Admin-demo-2026');
    // The password alone opens nothing: the authenticator's code is asked for.
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeNull();
    // A wrong code says so, on the field (the refusal is an API error to the remote's copy of shared/two-factor too).
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/This code is not valid/)).toBeVisible();
    await page.getByLabel('Authentication code').fill(await totpCode(DEMO.admin.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('the sign-in speaks French, validation and server messages included', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText('Veuillez saisir votre adresse e-mail')).toBeVisible();
    await expect(page.getByText('Veuillez saisir votre mot de passe')).toBeVisible();
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Wrong-2026');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  });

  test('the sign-up speaks French and the verification e-mail comes in French', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
    const email = freshEmail('nouveau');
    await page.goto('/sign-up');
    await expect(page.getByText('Étape 1 sur 2')).toBeVisible();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Veuillez saisir votre prénom')).toBeVisible();
    await expect(page.getByText('Veuillez sélectionner votre pays')).toBeVisible();
    await page.getByLabel('Prénom').fill('Aïssatou');
    await page.getByLabel('Nom', { exact: true }).fill('Ndiaye');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Pays').selectOption({ label: 'Sénégal' });
    await page.getByLabel('Ville').fill('Thiès');
    await page.getByLabel('Numéro de téléphone').fill('+221 77 765 43 21');
    await page.getByRole('radio', { name: /Spécialiste/ }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
    await page.getByRole('radio', { name: 'Artisan' }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Étape 2 sur 2')).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('sansmajuscule1');
    await page.getByLabel('Confirmez le mot de passe').fill('sansmajuscule1');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page.getByText('Le mot de passe doit contenir au moins une lettre majuscule.')).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(page.getByRole('heading', { name: 'Vérifiez votre adresse e-mail' })).toBeVisible();

    expect((await latestMail(request, email)).text).toContain('Veuillez confirmer votre adresse e-mail');
  });

  test('the settings screen saves the details and checks the photo', async ({ page, request }) => {
    const email = await createVerifiedClient(request, 'settings');
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await page.goto('/main/settings');
    await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Test');
    await page.getByLabel('Phone number').fill('+33 7 00 00 00 01');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your personal information has been saved.')).toBeVisible();

    const photo = page.locator('input[type="file"]');
    await photo.setInputFiles({
      name: 'wide.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect width="900" height="300" fill="#e8772e"/></svg>'),
    });
    await expect(page.getByRole('alert')).toHaveText('The photo must be at most 800×400 pixels.');

    await photo.setInputFiles({
      name: 'me.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#1f4e8c"/></svg>'),
    });
    await expect(page.getByText('Your photo has been updated.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /\/api\/v1\/media\/photos\//);
    await page.reload();
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /\/api\/v1\/media\/photos\//);
  });
});
