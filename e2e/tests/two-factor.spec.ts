import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_PASSWORD, signIn, verifiedAccount } from '../support/people';

/*
 * Two-factor sign-in as a client meets it: set up in Settings with an
 * authenticator app (the test is the app: it computes the code from the key
 * shown, with the same library as the server), then a sign-in that asks for
 * the code after the password.
 */

const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a client sets up an authenticator app, signs out, and signs in with its code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = await verifiedAccount(request, 'client', { account_type: 'client' });
  await signIn(page, email, E2E_PASSWORD);
  await page.goto('/main/settings');

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await card.getByLabel('Current password').fill(E2E_PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await card.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shoot(page, 'settings-two-factor-setup');
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText(/This code is not valid/)).toBeVisible();
  await card.getByLabel('Code from the app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shoot(page, 'settings-recovery-codes');
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByTestId('two-factor-status')).toContainText('10 recovery codes left');
  // The devices card marks this browser.
  await expect(page.getByRole('region', { name: 'Devices' }).getByText('This device')).toBeVisible();
  await shoot(page, 'settings-security');

  await page.getByRole('button', { name: 'Sign out', exact: true }).filter({ visible: true }).first().click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByLabel('Remember this device for 30 days')).toBeVisible();
  await shoot(page, 'sign-in-code');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  // The code of the next step: the one used to turn it on may still be the current one, and works once.
  await page.getByLabel('Authentication code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
});

test('the code step and the set-up speak French', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = await verifiedAccount(request, 'client', { account_type: 'client' });
  await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await page.goto('/main/settings');
  const card = page.getByRole('region', { name: 'Connexion en deux étapes' });
  await card.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
  await card.getByLabel('Mot de passe actuel').fill(E2E_PASSWORD);
  await card.getByRole('button', { name: 'Continuer' }).click();
  await expect(card.getByText('Clé à saisir à la main')).toBeVisible();
  await shoot(page, 'settings-two-factor-setup-fr');
  const secret = ((await card.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s/g, '');
  await card.getByLabel('Code de l’application').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Activer' }).click();
  await expect(card.getByRole('region', { name: 'Codes de secours' }).getByRole('listitem')).toHaveCount(10);
  await shoot(page, 'settings-recovery-codes-fr');
  await card.getByRole('button', { name: 'J’ai enregistré mes codes' }).click();
  await shoot(page, 'settings-security-fr');

  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connexion en deux étapes' })).toBeVisible();
  await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
  await expect(page.getByLabel('Code de secours')).toBeVisible();
  await shoot(page, 'sign-in-code-fr');
});
