import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { bearer, fundFirstMilestone } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, adminSignIn, apiToken, signIn, verifiedAccount } from '../support/people';

// A project's whole life through the client's screens: saved as a draft, continued and
// published, quoted, selected (the contract link appears at once), funded, completed; the
// status filter follows it at each step. Then each role's navigation leads only to pages
// that work for it, and the tab names each page in French.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The project cards the Projects page lists under a status of the filter. */
async function listedUnder(page: Page, status: string) {
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await page.getByLabel('Status').selectOption({ label: status });
  await expect(page.getByRole('alert')).toHaveCount(0);
  return page.locator('.client-grid');
}

/** The contractor's side, through the API: mark the work complete, an admin assigns the expert, the expert approves. */
async function workDoneAndApproved(request: APIRequestContext, contractId: string, milestoneId: string) {
  const contractor = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
  const done = await request.post(`/api/v1/contracts/${contractId}/milestones/${milestoneId}/complete`, {
    headers: bearer(contractor),
    multipart: { notes: 'Walls rendered and painted, floor tiled.', photos: { name: 'site.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(done.status()).toBe(200);
  const admin = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
  const experts = (await (await request.get('/api/v1/admin/experts', { headers: bearer(admin) })).json()) as {
    data: { id: string; email: string }[];
  };
  const expertId = experts.data.find((expert) => expert.email === DEMO.expert.email)!.id;
  expect(
    (await request.post(`/api/v1/admin/contracts/${contractId}/expert`, { headers: bearer(admin), data: { expert_id: expertId } })).status(),
  ).toBe(200);
  const expert = await apiToken(request, DEMO.expert.email, DEMO.expert.password);
  const inspected = await request.post(`/api/v1/contracts/${contractId}/milestones/${milestoneId}/inspection`, {
    headers: bearer(expert),
    multipart: {
      decision: 'approved',
      notes: 'Checked on site: conforms to the quote.',
      report: { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(inspected.status()).toBe(200);
}

test.describe('project lifecycle', () => {
  test('draft → publish → quote → select → fund → in progress → completed, with the status filters', async ({ page, request }) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    const title = `Studio refit in Akwa ${Date.now()}`;
    const email = await verifiedAccount(request, 'client', { account_type: 'client' });
    await signIn(page, email, E2E_PASSWORD);

    // Step 1 of the form, saved as a draft.
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('link', { name: 'Post a project' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption({ label: 'Masonry and structural work' });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByText('Draft saved. Only you can see it; publish it when it is ready.')).toBeVisible();

    // The Draft filter lists it (no error, nothing highlighted); it is continued from its page.
    const drafts = await listedUnder(page, 'Draft');
    await expect(page.getByText('Please check the highlighted fields.')).toHaveCount(0);
    await drafts.getByRole('link', { name: title }).click();
    await page.getByRole('link', { name: 'Continue the draft' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Description').fill('Render and paint every wall, tile the floor and redo the wiring of a studio flat.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Country').selectOption('CM');
    await page.getByLabel('City').fill('Douala');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Publish the project' }).click();
    await expect(page).toHaveURL(/\/main\/projects\/[0-9a-f-]{36}$/);
    await expect(page.locator('.client-project__header .client-badge')).toHaveText('Open for quotes');
    const projectId = page.url().split('/').pop()!;
    await expect(await listedUnder(page, 'Draft')).toHaveCount(0);

    // The demo contractor, whose trades and area match, quotes.
    const contractor = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const quote = await request.post(`/api/v1/projects/${projectId}/quotes`, {
      headers: bearer(contractor),
      data: {
        amount: 800_000,
        currency: 'XAF',
        duration_days: 15,
        message: 'We start on Monday.',
        milestones: [{ title: 'Walls and floor', amount: 800_000 }],
      },
    });
    expect(quote.status()).toBe(201);

    // Selecting it shows the contract and its next step at once, without a reload.
    await page.goto(`/main/projects/${projectId}`);
    await page.getByRole('button', { name: 'Select this quote' }).click();
    await page.getByRole('button', { name: 'Confirm selection' }).click();
    const contract = page.getByRole('region', { name: 'Contract signed' });
    await expect(contract.getByRole('link', { name: 'Open the contract in escrow' })).toBeVisible();
    await expect(contract.getByText('Next step: fund milestone 1, “Walls and floor”, in escrow.')).toBeVisible();
    await expect(page.getByText('You selected Conrad & Sons Construction. The contract is signed.')).toBeVisible();
    const contractId = (await contract.getByRole('link', { name: 'Open the contract in escrow' }).getAttribute('href'))!.split('/').pop()!;
    await expect((await listedUnder(page, 'Contract signed')).getByRole('link', { name: title })).toBeVisible();

    // Funded: in progress, and the panel follows the contract.
    const clientToken = await apiToken(request, email, E2E_PASSWORD);
    const milestoneId = await fundFirstMilestone(request, { clientToken, contractId });
    await expect((await listedUnder(page, 'In progress')).getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByText('Waiting for the contractor to finish milestone 1, “Walls and floor”.')).toBeVisible();

    // Done, approved and released: completed.
    await workDoneAndApproved(request, contractId, milestoneId);
    await page.reload();
    await expect(page.getByText('Milestone 1, “Walls and floor”, is approved: release its funds to the contractor.')).toBeVisible();
    const released = await request.post(`/api/v1/contracts/${contractId}/milestones/${milestoneId}/release`, {
      headers: { ...bearer(clientToken), 'idempotency-key': `e2e-${Date.now()}` },
      data: {},
    });
    expect(released.status()).toBe(200);
    const completed = await listedUnder(page, 'Completed');
    await expect(completed.getByRole('link', { name: title })).toBeVisible();
    await completed.getByRole('link', { name: title }).click();
    await expect(page.locator('.client-project__header .client-badge')).toHaveText('Completed');
    await expect(page.getByText('The work is completed and every milestone is paid out.')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

/** Clicks every entry of the main navigation: each page answers without an error or a refusal. */
async function everyEntryWorks(page: Page, nav: string) {
  const entries = page.getByRole('navigation', { name: nav }).getByRole('link');
  // The signed-in header arrives in its own chunk just after sign-in.
  await expect(entries.first()).toBeVisible();
  const names = await entries.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Your account cannot do this.')).toHaveCount(0);
    await expect(page.getByText('We could not load this. Check your connection and try again.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }
  return names;
}

test.describe('navigation per role', () => {
  for (const role of ['client', 'contractor', 'expert'] as const) {
    test(`a ${role}'s navigation leads only to pages that work`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await signIn(page, DEMO[role].email, DEMO[role].password);
      const names = await everyEntryWorks(page, 'Main');
      expect(names).toEqual(
        role === 'client' ? ['Dashboard', 'Projects', 'Specialists', 'Escrow', 'Catalog'] : ['Dashboard', 'Projects', 'Escrow', 'Catalog'],
      );
      if (role !== 'client') {
        // Project creation explains itself instead of offering a form.
        await page.goto('/main/create');
        await expect(page.getByRole('heading', { level: 1, name: 'Only clients post projects' })).toBeVisible();
        await expect(page.getByLabel('Title')).toHaveCount(0);
      }
      // Signed in: no call to sign up in the footer.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test("an admin's navigation leads only to pages that work", async ({ page }) => {
    const errors = collectPageErrors(page);
    await adminSignIn(page);
    await everyEntryWorks(page, 'Admin');
    expect(errors).toEqual([]);
  });
});

test('each page names itself in the tab, in French too', async ({ page }) => {
  await signIn(page, DEMO.client.email, DEMO.client.password);
  await expect(page).toHaveTitle('Dashboard · Fundament');
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page).toHaveTitle('Projects · Fundament');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page).toHaveTitle('Projets · Fundament');
  const nav = page.getByRole('banner').getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Séquestre', exact: true }).click();
  await expect(page).toHaveTitle('Séquestre · Fundament');
  await nav.getByRole('link', { name: 'Catalogue', exact: true }).click();
  await expect(page).toHaveTitle('Catalogue · Fundament');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
});
