import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shared/src/routing/route-table';
import { bearer, contractScene } from '../support/escrow-scene';
import { expectHydrated } from '../support/hydration';
import { DEMO, E2E_PASSWORD, apiToken, latestMail, signIn, verifiedAccount } from '../support/people';

// What a first visit meets: a link from an e-mail while signed out, signing in
// on a phone, the fees before paying, an invitation seen by both sides, and
// the first screen of each role.

/** Digits of a money figure (XAF has no minor unit). */
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a signed-out link to a contract asks to sign in, names the page, and opens it after sign-in', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.client.email, DEMO.client.password);
  const contracts = (await (await request.get('/api/v1/contracts', { headers: bearer(token) })).json()) as {
    data: { id: string; project: { title: string } }[];
  };
  const contract = contracts.data.find((entry) => entry.project.title === 'Bathroom refit in Akwa')!;
  await page.goto(`/main/escrow/${contract.id}`);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const prompt = page.getByRole('region', { name: 'Sign in to continue' });
  await expect(prompt).toContainText('Sign in to open the escrow contract you were sent to.');
  await prompt.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, DEMO.client.email, DEMO.client.password);
  await expect(page).toHaveURL(new RegExp(`/main/escrow/${contract.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Bathroom refit in Akwa/ })).toBeVisible();

  // In French too, and the prompt can be put away.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto('/main/projects');
  await page.getByLabel('Language').selectOption('fr');
  const french = page.getByRole('region', { name: 'Connectez-vous pour continuer' });
  await expect(french).toContainText('Connectez-vous pour ouvrir vos projets.');
  await french.getByRole('button', { name: 'Fermer' }).click();
  await expect(french).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Connectez-vous pour continuer' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home page offers sign-in in its first screen', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('.home-hero');
    const signInLink = hero.getByRole('link', { name: 'Sign in' });
    await expect(signInLink).toBeInViewport();
    await signInLink.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const route of ROUTES.filter((entry) => entry.auth === false && !entry.redirectTo && !entry.path.includes(':'))) {
    test(`sign-in and sign-up can be reached on ${route.path}`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const footer = page.locator('footer.site-footer');
      for (const name of ['Sign in', 'Sign up']) {
        const link = footer.getByRole('link', { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link, `${name} on ${route.path}`).toBeInViewport();
      }
      await footer.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test('the fees page, the home page and the FAQ say what the fund dialog charges', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The fees page's example, a milestone of 3,000,000 XAF.
  await page.goto('/');
  await page.locator('.home-faq, #faq, section').filter({ hasText: 'How much does it cost' }).first().scrollIntoViewIfNeeded();
  // The question answers a click once React has adopted the prerendered FAQ.
  const question = page.getByRole('button', { name: /How much does it cost/ });
  await expectHydrated(question);
  await question.click();
  const answer = page.getByRole('region', { name: /How much does it cost/ });
  await expect(answer).toContainText('1.5 %');
  await expect(answer).toContainText("expert's inspection fee");
  await expect(answer).toContainText("plus the payment provider's fee");
  await answer.getByRole('link', { name: 'See the fees and an example' }).click();
  await expect(page).toHaveURL(/\/fees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What you pay' })).toBeVisible();
  const example = page.getByRole('table', { name: /Example: a milestone of/ });
  const row = (label: string) => example.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  const shown = {
    amount: digits(await row('Milestone amount').getByRole('cell').textContent()),
    expert: digits(await row('Expert inspection fee').getByRole('cell').textContent()),
    platform: digits(await row('Platform fee (1.5 %)').getByRole('cell').textContent()),
    total: digits(await row('Total held in escrow').getByRole('cell').textContent()),
  };
  expect(shown.amount).toBe(3_000_000);
  await expect(page.getByText("plus the payment provider's fee", { exact: false }).first()).toBeVisible();

  // The same milestone in a real contract: the fund dialog charges exactly that.
  const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
  const scene = await contractScene(request, contractorToken, [{ title: 'Roof structure', amount: 3_000_000 }], `Roof ${Date.now()}`);
  await signIn(page, scene.clientEmail, E2E_PASSWORD);
  await page.goto(`/main/escrow/${scene.contractId}`);
  await page.getByRole('article').filter({ hasText: 'Roof structure' }).getByRole('button', { name: 'Fund' }).click();
  const dialog = page.getByRole('dialog');
  const breakdown = dialog.getByRole('definition');
  const charged = (await breakdown.allTextContents()).map(digits);
  expect(charged.slice(0, 3)).toEqual([shown.amount, shown.expert, shown.platform]);
  expect(charged.at(-1)).toBe(shown.total);
  await expect(dialog).toContainText("plus the payment provider's fee");
  await dialog.getByRole('link', { name: 'How fees work' }).click();
  await expect(page).toHaveURL(/\/fees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What you pay' })).toBeVisible();

  // In French.
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Ce que vous payez' })).toBeVisible();
});

test('an invitation shows as sent at once, and arrives on the contractor’s open dashboard', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const title = `Garden wall ${Date.now()}`;
  const client = await verifiedAccount(request, 'client', { account_type: 'client' });
  const clientToken = await apiToken(request, client, E2E_PASSWORD);
  const project = await request.post('/api/v1/projects', {
    headers: bearer(clientToken),
    data: {
      title,
      description: 'A 20 m breeze-block garden wall, rendered and painted.',
      category: 'masonry',
      country: 'CM',
      city: 'Douala',
      currency: 'XAF',
    },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;

  // The contractor's dashboard is open on another device.
  const contractor = await browser.newContext();
  const contractorPage = await contractor.newPage();
  await signIn(contractorPage, DEMO.contractor.email, DEMO.contractor.password);
  const invitations = contractorPage.locator('.client-tile').filter({ has: contractorPage.getByRole('heading', { name: 'Invitations' }) });
  await expect(invitations).toBeVisible();
  await expect(invitations.getByText(title)).toHaveCount(0);

  await signIn(page, client, E2E_PASSWORD);
  await page.goto(`/main/projects/${projectId}`);
  const panel = page.getByRole('region', { name: 'Invite a specialist' });
  await panel.getByLabel('Search the directory').fill('Conrad');
  await panel.getByRole('radio', { name: /Conrad & Sons Construction/ }).check();
  await panel.getByRole('button', { name: 'Send the invitation' }).click();
  // At once: the specialist is marked invited and cannot be invited twice.
  const invited = panel.getByRole('listitem').filter({ hasText: 'Conrad & Sons Construction' });
  await expect(invited.getByText('Invited', { exact: true })).toBeVisible();
  await expect(invited.getByRole('radio')).toBeDisabled();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Invite a specialist' })
      .getByRole('listitem')
      .filter({ hasText: 'Conrad & Sons Construction' })
      .getByText('Invited', { exact: true }),
  ).toBeVisible();

  // The contractor's open dashboard shows it without a reload.
  await expect(invitations.getByText(title)).toBeVisible({ timeout: 15_000 });
  await contractor.close();
});

test('a client learns how many specialists their request reaches, and who elsewhere could quote', async ({ page, request }) => {
  const client = await verifiedAccount(request, 'client', { account_type: 'client' });
  const token = await apiToken(request, client, E2E_PASSWORD);
  const post = async (category: string, city: string) => {
    const created = await request.post('/api/v1/projects', {
      headers: bearer(token),
      data: { title: `${category} in ${city}`, description: 'A request to see whom it reaches.', category, country: 'CM', city, currency: 'XAF' },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  // No demo or test specialist landscapes, anywhere in Cameroon.
  const nobody = await post('landscaping', 'Garoua');
  // The demo contractor fits kitchens in Douala and Yaoundé, not in Kribi.
  const elsewhere = await post('kitchen', 'Kribi');

  await signIn(page, client, E2E_PASSWORD);
  await page.goto(`/main/projects/${nobody}`);
  const note = page.getByRole('status').filter({ hasText: 'verified specialist' });
  await expect(note).toContainText('No verified specialist of this trade works in Garoua yet: nobody hears of this request.');
  await expect(note).toContainText('None works elsewhere in Cameroon either: a broader trade, such as General renovation, reaches more specialists.');

  await page.goto(`/main/projects/${elsewhere}`);
  await expect(note).toContainText(/\d+ more works? elsewhere in Cameroon: you can invite them to quote\./);
  await note.getByRole('link', { name: 'See the verified specialists of this trade' }).click();
  await expect(page).toHaveURL(/\/professionals\?trade=kitchen$/);
  await expect(page.locator('.pro-card').filter({ hasText: 'Conrad & Sons Construction' })).toBeVisible();
});

test.describe('a first visit to the dashboard', () => {
  test('a new client gets a checklist that starts with posting a project', async ({ page, request }) => {
    const client = await verifiedAccount(request, 'client', { account_type: 'client' });
    await signIn(page, client, E2E_PASSWORD);
    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist.getByRole('listitem')).toHaveCount(3);
    await expect(checklist.getByRole('listitem').first()).toContainText('Post your first project');
    await expect(checklist.getByRole('listitem').first()).toContainText('To do');
    await checklist.getByRole('link', { name: 'Post your first project' }).click();
    await expect(page).toHaveURL(/\/main\/create$/);
  });

  test('a new contractor gets a checklist: profile, verification, payout method', async ({ page, request }) => {
    const contractor = await verifiedAccount(request, 'contractor', { account_type: 'specialist', specialist_kind: 'contractor' });
    await signIn(page, contractor, E2E_PASSWORD);
    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toContainText('Describe your services');
    await expect(checklist).toContainText('Get verified');
    await expect(checklist).toContainText('Set a payout method');
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('region', { name: 'Pour commencer' })).toContainText('Faites-vous vérifier');
  });
});

test.describe('waits', () => {
  /** Milliseconds from `start` until `done` resolves, kept in the report. */
  async function timed(name: string, start: () => Promise<unknown>, done: () => Promise<unknown>) {
    const began = Date.now();
    await start();
    await done();
    const ms = Date.now() - began;
    test.info().annotations.push({ type: 'wait', description: `${name}: ${ms} ms` });
    console.log(`wait: ${name}: ${ms} ms`);
    return ms;
  }

  test('the verification link signs the person in', async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = `e2e.waits.${Date.now()}@example.com`;
    const signUp = await request.post('/api/v1/auth/sign-up', {
      data: {
        first_name: 'Nadia',
        last_name: 'Owono',
        email,
        country: 'CM',
        city: 'Douala',
        phone_number: '+237 6 99 00 11 22',
        password: E2E_PASSWORD,
        password_confirmation: E2E_PASSWORD,
        account_type: 'client',
      },
    });
    expect(signUp.status()).toBe(201);
    const mail = await latestMail(request, email, /verify-email\?token=/);
    const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail.text)![0];
    // A fresh tab, as from the mail client: the page, the check, and the person signed in.
    await timed(
      'verification link to signed in',
      () => page.goto(new URL(link).pathname + new URL(link).search),
      () => expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nadia' })).toBeVisible(),
    );
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  });

  test('sign-in to a settled dashboard, then to a contract', async ({ browser }) => {
    // The demo client, with contracts: the heaviest first screens.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/login');
    await second.getByLabel('Email').fill(DEMO.client.email);
    await second.getByLabel('Password', { exact: true }).fill(DEMO.client.password);
    await timed(
      'sign-in to dashboard',
      () => second.getByRole('button', { name: 'Sign in', exact: true }).click(),
      async () => {
        await expect(second.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
        await expect(second.locator('.ui-spinner, .client-skeleton, [aria-busy="true"]')).toHaveCount(0);
      },
    );
    await timed(
      'dashboard to a contract',
      () => second.getByRole('link', { name: 'Escrow', exact: true }).first().click(),
      async () => {
        await second
          .getByRole('link', { name: /Bathroom refit in Akwa/ })
          .first()
          .click();
        await expect(second.getByRole('heading', { level: 1, name: /Bathroom refit in Akwa/ })).toBeVisible();
        await expect(second.locator('main').getByText('…', { exact: true })).toHaveCount(0);
        await expect(second.locator('.ui-spinner, .client-skeleton, [aria-busy="true"]')).toHaveCount(0);
      },
    );
    await other.close();
  });
});
