import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { expectHydrated } from '../support/hydration';
import { bearer, contractScene, fundFirstMilestone } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, apiToken } from '../support/people';

/**
 * The public directory, a profile, reviews after a completed contract, the
 * design catalog and the product tour: public pages whose HTML arrives with
 * their heading in the visitor's language, reached from the home page's links.
 */

const HEADINGS = {
  en: {
    '/professionals': 'Verified professionals',
    '/add-review': 'Post a review',
    '/catalog': 'Home designs with estimated costs',
    '/demo': 'How a project runs on Fundament',
    profile: 'Professional profile',
  },
  fr: {
    '/professionals': 'Professionnels vérifiés',
    '/add-review': 'Publier un avis',
    '/catalog': 'Modèles de maisons et coûts estimés',
    '/demo': 'Le déroulement d’un projet sur Fundament',
    profile: 'Profil du professionnel',
  },
} as const;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The demo contractor's id, as the public directory lists them. */
async function demoContractorId(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get('/api/v1/professionals')).json()) as { data: { id: string; title: string }[] };
  const found = list.data.find((card) => card.title === 'Conrad & Sons Construction');
  expect(found, 'the demo contractor is listed').toBeDefined();
  return found!.id;
}

/** The first <h1> of the HTML the server sends, before any script runs. */
async function serverHeading(request: APIRequestContext, path: string, locale: 'en' | 'fr'): Promise<string> {
  const answer = await request.get(path, { headers: { cookie: `locale=${locale}` } });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  const heading = /<main[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return heading.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");
}

/** The language the shell starts in (it writes the server's cookie from it). */
async function setLocale(page: Page, locale: 'en' | 'fr') {
  await page.addInitScript((chosen) => window.localStorage.setItem('locale', chosen), locale);
}

for (const locale of ['en', 'fr'] as const) {
  test(`the directory, a profile, reviews, the catalog and the tour arrive with their heading in the HTML (${locale})`, async ({ request }) => {
    const id = await demoContractorId(request);
    for (const path of ['/professionals', '/add-review', '/catalog', '/demo'] as const) {
      expect(await serverHeading(request, path, locale), path).toBe(HEADINGS[locale][path]);
    }
    expect(await serverHeading(request, `/professionals/${id}`, locale)).toBe(HEADINGS[locale].profile);
  });

  test(`a visitor finds a verified professional by trade and city and opens their profile, with dated checks (${locale})`, async ({ page }) => {
    test.slow();
    const errors = collectPageErrors(page);
    await setLocale(page, locale);
    await page.goto('/');
    await page
      .getByRole('link', { name: locale === 'en' ? 'View professionals' : 'Voir les professionnels' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/professionals$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[locale]['/professionals'] })).toBeVisible();
    const card = page.locator('.pro-card').filter({ hasText: 'Conrad & Sons Construction' });
    await expect(card).toBeVisible();
    await expect(card.getByText(locale === 'en' ? 'Premises visited' : 'Locaux visités')).toBeVisible();

    // A trade no demo or test specialist does (the suite verifies other specialists, roofers among them):
    // nobody, and a way back. (The filters live in the address.)
    await page.goto('/professionals?trade=landscaping');
    await expect(
      page.getByText(locale === 'en' ? 'No verified professional matches these filters' : 'Aucun professionnel vérifié ne correspond à ces filtres'),
    ).toBeVisible();
    await page.goto('/professionals?trade=kitchen&city=Douala');
    await expect(page.getByRole('combobox', { name: locale === 'en' ? /^Trade/ : /^Métier/ })).toHaveValue('kitchen');
    await expect(page.getByRole('combobox', { name: locale === 'en' ? /^City/ : /^Ville/ })).toHaveValue('Douala');
    await expect(card).toBeVisible();

    await card.getByRole('link', { name: 'Conrad & Sons Construction' }).first().click();
    await expect(page).toHaveURL(/\/professionals\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Conrad & Sons Construction' })).toBeVisible();
    const verification = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: locale === 'en' ? 'Verification' : 'Vérification' }) });
    await expect(verification.locator('time')).toHaveCount(4);
    expect(errors).toEqual([]);
  });
}

test('a client with a completed contract is led from /add-review to sign in, back, and reviews it once; others learn who can review', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const errors = collectPageErrors(page);
  // A contract completed through escrow with the demo contractor, inspected by the demo expert.
  const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
  const scene = await contractScene(request, contractorToken, [{ title: 'Terrace tiling', amount: 600_000 }], `Terrace for review ${Date.now()}`);
  const milestoneId = await fundFirstMilestone(request, scene);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
  const experts = (await (await request.get('/api/v1/admin/experts', { headers: bearer(adminToken) })).json()) as {
    data: { id: string; email: string }[];
  };
  const expertId = experts.data.find((person) => person.email === DEMO.expert.email)!.id;
  expect(
    (await request.post(`/api/v1/admin/contracts/${scene.contractId}/expert`, { headers: bearer(adminToken), data: { expert_id: expertId } })).ok(),
  ).toBe(true);
  const milestone = `/api/v1/contracts/${scene.contractId}/milestones/${milestoneId}`;
  const completed = await request.post(`${milestone}/complete`, {
    headers: bearer(contractorToken),
    multipart: { notes: 'Terrace tiled and grouted.', photos: { name: 'site.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(completed.status()).toBe(200);
  const expertToken = await apiToken(request, DEMO.expert.email, DEMO.expert.password);
  const inspected = await request.post(`${milestone}/inspection`, {
    headers: bearer(expertToken),
    multipart: {
      decision: 'approved',
      notes: 'Levels and joints checked on site.',
      report: { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(inspected.status()).toBe(200);
  const released = await request.post(`${milestone}/release`, {
    headers: { ...bearer(scene.clientToken), 'idempotency-key': `e2e-review-${Date.now()}` },
    data: {},
  });
  expect(released.status()).toBe(200);

  // Signed out: who can review and why, then sign-in, and back to the page.
  await page.goto('/add-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a review' })).toBeVisible();
  await expect(page.getByText('Only the client of a contract can review it, never the professional, a friend or a competitor.')).toBeVisible();
  const signIn = page.getByRole('button', { name: 'Sign in to review a contract' });
  await expectHydrated(signIn);
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(scene.clientEmail);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/add-review$/);
  const form = page.locator('.review-card').filter({ hasText: /Terrace for review/ });
  await expect(form.getByText(/With Conrad & Sons Construction, completed on/)).toBeVisible();

  const body = `Tiles laid straight, site left clean ${Date.now()}.`;
  await form.getByRole('button', { name: 'Publish the review' }).click();
  await expect(form.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
  await form.getByText('5 stars', { exact: true }).click({ force: true });
  await form.getByLabel('Your review').fill(body);
  await form.getByRole('button', { name: 'Publish the review' }).click();
  await expect(page.getByText('Thank you: your review is published.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contract is waiting for your review' })).toBeVisible();

  // The review is public on the profile (a signed-out visitor), with the client's first name only.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(`/professionals/${await demoContractorId(request)}`);
  const review = other.locator('.pro-review').filter({ hasText: body });
  await expect(review).toBeVisible();
  await expect(review.getByText(/Nadia, Masonry and structural work in Douala/)).toBeVisible();
  await expect(other.getByText('Owono')).toHaveCount(0);
  await visitor.close();

  // A professional is told that only clients review.
  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await pro.goto('/login');
  await pro.getByLabel('Email').fill(DEMO.contractor.email);
  await pro.getByLabel('Password', { exact: true }).fill(DEMO.contractor.password);
  await pro.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(pro).toHaveURL(/\/main\/dashboard$/);
  await pro.evaluate(() => {
    window.history.pushState(null, '', '/add-review');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(pro.getByRole('heading', { name: 'Only clients can post reviews' })).toBeVisible();
  await proContext.close();
  expect(errors).toEqual([]);
});

test('the catalog from the home page: costs for a country in the chosen currency, and a project started from a design after sign-in', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  // A click before the home page's sections are React's again would land on server HTML still being adopted.
  const viewCatalog = page.getByRole('link', { name: 'View Catalog' });
  await expectHydrated(viewCatalog);
  await viewCatalog.click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home designs with estimated costs' })).toBeVisible();
  const first = page.locator('.catalog-card').first();
  await expect(first.getByRole('heading', { level: 3 })).toBeVisible();

  await page.getByLabel('Where you would build').selectOption('CM');
  await page.getByLabel('Currency').selectOption('XAF');
  await expect(page.getByText('Estimated for building in Cameroon, in XAF.')).toBeVisible();
  await expect(first.locator('.catalog-card__cost strong')).toContainText('FCFA');
  const title = (await first.getByRole('heading', { level: 3 }).textContent())!;

  await first.getByRole('button', { name: /Sign in to start a project from this design/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The page asked for is kept in the browser: it survives a fresh load of the sign-in page too.
  await page.reload();
  await page.getByLabel('Email').fill(DEMO.client.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.client.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/create\?design=/);
  await expect(page.getByText(`Based on the design “${title}”.`)).toBeVisible();
  expect(errors).toEqual([]);
});
