import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { DEMO, E2E_PASSWORD, signIn, verifiedAccount } from '../support/people';

// Posting to a selected quote through the screens: a client posts a project with
// two documents, the verified demo contractor opens one and quotes with three
// milestones, the client compares and selects; an unverified contractor sees nothing.
const CONTRACTOR = DEMO.contractor;
const PASSWORD = E2E_PASSWORD;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('marketplace', () => {
  test('a project goes from posting to a selected quote', async ({ browser, page, request }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const client = await verifiedAccount(request, 'client', { account_type: 'client' });
    const title = `Bathroom makeover ${Date.now()}`;

    // The client posts a project in four steps, with two documents.
    await signIn(page, client, PASSWORD);
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'You have no projects yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Post your first project' }).click();
    await expect(page.getByRole('heading', { name: 'Step 1 of 4: What' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This field is mandatory.').first()).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption({ label: 'Bathroom' });
    await page.getByLabel('Description').fill('Replace the bathtub with a walk-in shower, retile walls and floor, new basin.');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Step 2 of 4: Where and when' })).toBeVisible();
    await page.getByLabel('Country').selectOption('CM');
    await page.getByLabel('City').fill('Douala');
    await page.getByLabel('From').fill('1500000');
    await page.getByLabel('To').fill('1000000');
    await page.getByLabel('Currency').selectOption('XAF');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('The minimum budget cannot be more than the maximum.')).toBeVisible();
    await page.getByLabel('To').fill('2500000');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Step 3 of 4: Documents' })).toBeVisible();
    await page.getByLabel('Documents').setInputFiles([
      { name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'current-bathroom.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen documents' });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Step 4 of 4: Review and publish' })).toBeVisible();
    await expect(page.getByText('floor-plan.pdf, current-bathroom.png')).toBeVisible();
    await page.getByRole('button', { name: 'Publish the project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'floor-plan.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'current-bathroom.png' })).toBeVisible();
    const projectUrl = new URL(page.url()).pathname;

    // The verified demo contractor sees the request, opens a document and quotes.
    // The contractor uses their own browser, as on another device.
    const contractor = await browser.newContext();
    const contractorPage = await contractor.newPage();
    const contractorErrors = collectPageErrors(contractorPage);
    await signIn(contractorPage, CONTRACTOR.email, CONTRACTOR.password);
    await contractorPage.getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(contractorPage.getByRole('heading', { name: 'Requests' })).toBeVisible();
    await contractorPage.getByRole('link', { name: title }).click();
    await expect(contractorPage).toHaveURL(projectUrl);
    const download = contractorPage.waitForEvent('download');
    await contractorPage.getByRole('link', { name: 'floor-plan.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('floor-plan.pdf');

    await contractorPage.getByLabel('Total (XAF)').fill('2000000');
    await contractorPage.getByLabel('Duration in days').fill('30');
    await contractorPage.getByLabel('Message to the client').fill('Tiles from our Douala supplier included.');
    await contractorPage.getByLabel('Milestone 1', { exact: true }).fill('Demolition and plumbing');
    await contractorPage.getByLabel('Amount of milestone 1').fill('600000');
    await contractorPage.getByRole('button', { name: 'Add a milestone' }).click();
    await contractorPage.getByLabel('Milestone 2', { exact: true }).fill('Shower and tiling');
    await contractorPage.getByLabel('Amount of milestone 2').fill('900000');
    await contractorPage.getByRole('button', { name: 'Add a milestone' }).click();
    await contractorPage.getByLabel('Milestone 3', { exact: true }).fill('Fittings and finishing');
    await contractorPage.getByLabel('Amount of milestone 3').fill('400000');
    await expect(contractorPage.getByText(/Milestones add up to .*1,900,000 of .*2,000,000/)).toBeVisible();
    await contractorPage.getByRole('button', { name: 'Send the quote' }).click();
    await expect(contractorPage.getByText('The milestone amounts must add up to the total.')).toBeVisible();
    await contractorPage.getByLabel('Amount of milestone 3').fill('500000');
    await expect(contractorPage.getByText(/Milestones add up to .*2,000,000 of .*2,000,000/)).toBeVisible();
    await contractorPage.getByRole('button', { name: 'Send the quote' }).click();
    await expect(contractorPage.getByRole('heading', { name: 'Your quote' })).toBeVisible();
    await expect(contractorPage.getByText('Waiting for the client')).toBeVisible();
    expect(contractorErrors).toEqual([]);
    await contractor.close();

    // The client sees one bid, compares and selects the quote.
    await page.goto('/main/dashboard');
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    await expect(page.getByRole('link', { name: `Unread: Conrad Contractor sent a quote for ${title}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expect(card.getByText('1 bid')).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    const quote = page.getByRole('article', { name: /Quote from Conrad & Sons Construction/ });
    await expect(quote.getByText('Demolition and plumbing')).toBeVisible();
    await expect(quote.getByText('Shower and tiling')).toBeVisible();
    await expect(quote.getByText('Fittings and finishing')).toBeVisible();
    await expect(quote.getByText('30 days')).toBeVisible();
    await quote.getByRole('button', { name: 'Select this quote' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(/Select Conrad & Sons Construction’s quote for .*2,000,000/);
    await page.getByRole('button', { name: 'Confirm selection' }).click();
    await expect(page.getByRole('heading', { name: 'Contract signed' })).toBeVisible();
    await expect(quote.getByText('Selected')).toBeVisible();
    await expect(quote.getByRole('button', { name: 'Select this quote' })).toHaveCount(0);

    // The same screen in French.
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Contrat signé' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unverified contractor sees no requests, but an explanation', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = await verifiedAccount(request, 'unverified', { account_type: 'specialist', specialist_kind: 'contractor' });
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Your account is being verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your account is being verified' })).toBeVisible();
    await expect(page.getByText('Requests arrive once it is.', { exact: false })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
