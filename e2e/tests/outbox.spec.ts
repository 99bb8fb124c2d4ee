import { expect, test } from '@playwright/test';
import { adminSignIn, latestMail, signIn, verifiedAccount, E2E_PASSWORD } from '../support/people';

const PASSWORD = 'Fundament-2026';

// The README's demo: sign up, then open the verification e-mail, which only a signed-in admin can read.
test.describe('outbox', () => {
  test('nobody reads it anonymously; the admin finds the verification e-mail and its link works in a private window', async ({
    page,
    request,
    browser,
  }) => {
    const email = `outbox.${Date.now()}@example.com`;
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Olive');
    await page.getByLabel('Last name').fill('Outbox');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Country').selectOption({ label: 'Cameroon' });
    await page.getByLabel('City').fill('Douala');
    await page.getByLabel('Phone number').fill('+237 6 99 00 11 22');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('If you already have an account with this address, the email explains how to sign in.')).toBeVisible();

    // What anyone on the network could try.
    expect((await request.get('/api/v1/dev/outbox')).status()).toBe(401);
    expect((await request.get(`/api/v1/dev/outbox/latest?to=${encodeURIComponent(email)}`)).status()).toBe(401);
    await latestMail(request, email, /verify-email/);

    await adminSignIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await page.getByLabel('Recipient').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const mails = page.getByRole('list', { name: 'E-mails' });
    await mails.getByText('Verify your email address').click();
    await expect(mails.getByRole('button', { name: 'Copy the link' })).toBeVisible();
    const link = (await mails.locator('pre').first().innerText()).match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)![0];
    // What the README suggests: a private window, where no admin is signed in.
    const privateWindow = await browser.newContext();
    const visitor = await privateWindow.newPage();
    await visitor.goto(link);
    // The link proved the mailbox: the new person is signed in there, on their dashboard.
    await expect(visitor).toHaveURL(/\/main\/dashboard$/);
    await privateWindow.close();

    // The language switch reaches the page too.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Boîte d’envoi' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  });

  test('a new address in the settings waits for its confirmation link', async ({ page, request }) => {
    const email = await verifiedAccount(request, 'client', { account_type: 'client' });
    await signIn(page, email, E2E_PASSWORD);
    await page.goto('/main/settings');
    const next = `moved.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(next);
    // A new address asks for the current password.
    await page.getByLabel('Current password (needed to change your e-mail address)').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`We have sent a confirmation link to ${next}. Your address changes once you open it.`)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    const link = (await latestMail(request, next, /confirm_email=/)).text.match(/https?:\/\/\S+\/main\/settings\?confirm_email=[\w-]+/)![0];
    // Opened in the browser where the owner is signed in.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText('Your email address has been verified.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(next);
  });
});
