import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD, verifiedAccount } from '../support/people';

/*
 * Passkeys as a client meets them, in Chromium with a virtual authenticator
 * (the DevTools protocol's WebAuthn domain: a platform authenticator that
 * keeps discoverable credentials and verifies its user). Browsers refuse an
 * IP address as a relying party, so these pages are opened as `localhost`,
 * which the server serves as its relying party for a loopback PUBLIC_URL.
 */

const site = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function passwordSignIn(page: Page, email: string, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }) {
  await page.goto(`${site}/login`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.removeItem('access_token'));
}

test('a client adds a passkey in Settings, signs out, signs in with it alone and as the second factor, then removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  const email = await verifiedAccount(request, 'passkey', { account_type: 'client' });
  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/\/main\/dashboard$/);

  await page.goto(`${site}/main/settings`);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkey yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const form = card.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name of this passkey').fill('Work laptop');
  await form.getByLabel('Current password').fill('not-my-password-1');
  await form.getByRole('button', { name: 'Create passkey' }).click();
  await expect(form.getByText('This is not your current password.')).toBeVisible();
  await shoot(page, 'settings-passkey-add');
  await form.getByLabel('Current password').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Create passkey' }).click();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('never used');
  await shoot(page, 'settings-passkeys');
  // The authenticator now holds a discoverable passkey for this site.
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0]!.isResidentCredential).toBe(true);
  expect(held[0]!.rpId).toBe('localhost');

  // Signed out: the passkey alone signs in, without an address.
  await signOut(page);
  await page.goto(`${site}/login`);
  await shoot(page, 'sign-in-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);

  // The password now stops for the second factor, which the passkey gives.
  await signOut(page);
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Use the passkey you added to your account')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await shoot(page, 'sign-in-passkey-second-factor');
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);

  // Removing it takes the password.
  await page.goto(`${site}/main/settings`);
  await expect(list).toContainText('last used');
  await card.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  const removal = card.getByRole('form', { name: 'Remove the passkey Work laptop' });
  await removal.getByLabel('Current password').fill(E2E_PASSWORD);
  await removal.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByText('No passkey yet.')).toBeVisible();

  // The authenticator still holds it, but the account no longer knows it.
  await signOut(page);
  await page.goto(`${site}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey was not recognised.')).toBeVisible();
});

test('the passkey screens speak French', async ({ page, request }) => {
  test.setTimeout(90_000);
  await virtualAuthenticator(page);
  const email = await verifiedAccount(request, 'passkey-fr', { account_type: 'client' });
  await page.addInitScript(() => localStorage.setItem('locale', 'fr'));
  const fr = { email: 'E-mail', password: 'Mot de passe', submit: 'Se connecter' };
  await passwordSignIn(page, email, fr);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await page.goto(`${site}/main/settings`);
  const card = page.getByRole('region', { name: 'Clés d’accès' });
  await card.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await card.getByLabel('Nom de cette clé d’accès').fill('Mon téléphone');
  await card.getByLabel('Mot de passe actuel').fill(E2E_PASSWORD);
  await card.getByRole('button', { name: 'Créer la clé d’accès' }).click();
  await expect(card.getByRole('list', { name: 'Vos clés d’accès' })).toContainText('Mon téléphone');
  await expect(card).toContainText('jamais utilisée');
  await shoot(page, 'settings-passkeys-fr');

  await signOut(page);
  await passwordSignIn(page, email, fr);
  await expect(page.getByRole('button', { name: 'Utiliser ma clé d’accès' })).toBeVisible();
  await shoot(page, 'sign-in-passkey-second-factor-fr');
  await page.getByRole('button', { name: 'Recommencer' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeVisible();
  await shoot(page, 'sign-in-passkey-fr');
});
