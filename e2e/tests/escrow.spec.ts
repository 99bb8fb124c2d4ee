import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { bearer, contractScene, expectFigures, fundFirstMilestone, payOnHostedPage, watchCardData } from '../support/escrow-scene';
import { DEMO, E2E_PASSWORD, adminSignIn, apiToken, signIn, verifiedAccount } from '../support/people';

// The money flow through the screens of all four roles, on the sandbox card
// provider: fund → complete → inspect → release → review; a dispute resolved
// by an admin; an insolvency settled with a partial release. The scene
// (project, quote, selection) is set through the API; every money step is
// taken on screen, and the escrow figures are read back at each step.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** An amount as either language writes it: any separator between groups of three digits. */
function amount(value: number): RegExp {
  const groups = value.toLocaleString('en').split(',');
  return new RegExp(`(^|[^\\d])${groups.join('[^\\d]?')}($|[^\\d])`);
}

async function milestone(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(title) }) });
}

async function openAs(browser: Browser, email: string, password: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, email, password);
  await page.goto(path);
  return { page, errors, close: () => context.close() };
}

/** From the fund dialog to the provider's hosted page, a test card there, and back to the contract. */
async function payWithCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Card/ }).check();
  await dialog.getByRole('button', { name: /^Continue to the payment page/ }).click();
  await payOnHostedPage(page, number);
}

test.describe('escrow', () => {
  test('fund, complete, inspect, release and review, with the balances at each step', async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    const leaks = watchCardData(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const scene = await contractScene(request, contractorToken, [{ title: 'Terrace slab and tiling', amount: 1_000_000 }]);
    const contractPath = `/main/escrow/${scene.contractId}`;

    // The client sees the contract in escrow with nothing paid yet.
    await signIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.getByRole('link', { name: 'Escrow', exact: true }).click();
    await page
      .getByRole('link', { name: /Terrace and pergola/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${contractPath}$`));
    await expectFigures(page, { 'Held in escrow': 0 });

    // Fund: the fee breakdown comes before paying; a declined card takes nothing.
    await (await milestone(page, 'Terrace slab and tiling')).getByRole('button', { name: 'Fund' }).click();
    const fund = page.getByRole('dialog');
    await expect(fund.getByText('Platform fee (1.5 %)')).toBeVisible();
    await expect(fund.getByText(amount(15_000)).first()).toBeVisible();
    await expect(fund.getByText(amount(1_040_000)).first()).toBeVisible();
    await payWithCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined. No money was taken.' })).toBeVisible();
    await expectFigures(page, { 'Held in escrow': 0 });
    await (await milestone(page, 'Terrace slab and tiling')).getByRole('button', { name: 'Fund' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByText('Payment confirmed. Milestone 1 is funded.')).toBeVisible();
    await expectFigures(page, { Funded: 1_040_000, 'Held in escrow': 1_040_000, Released: 0 });
    // No request of this journey to /api/v1 carried a card number, an expiry or a security code.
    expect(leaks).toEqual([]);

    // The contractor marks the work complete with a photo.
    const contractor = await openAs(browser, DEMO.contractor.email, DEMO.contractor.password, contractPath);
    await (await milestone(contractor.page, 'Terrace slab and tiling')).getByRole('button', { name: 'Mark complete' }).click();
    const done = contractor.page.getByRole('dialog');
    await done.getByLabel('What was done').fill('Slab poured, tiles laid and grouted, drainage slope checked.');
    await done.getByLabel('Photos').setInputFiles({ name: 'terrace.png', mimeType: 'image/png', buffer: PNG });
    await done.getByRole('button', { name: 'Send for inspection' }).click();
    await expect(done).toBeHidden();
    await expect((await milestone(contractor.page, 'Terrace slab and tiling')).getByText('Waiting on the Fundament team')).toBeVisible();

    // An admin assigns the independent expert.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await adminSignIn(admin);
    await admin.goto(`/admin/contracts/${scene.contractId}`);
    const experts = admin.getByLabel('Expert', { exact: true });
    await experts.selectOption((await experts.locator('option', { hasText: 'Estelle Expert' }).getAttribute('value')) ?? '');
    await admin.getByRole('button', { name: 'Assign expert' }).click();
    await expect(admin.getByText(/inspects this contract’s milestones/)).toBeVisible();

    // The expert approves the work with a report.
    const expert = await openAs(browser, DEMO.expert.email, DEMO.expert.password, contractPath);
    await (await milestone(expert.page, 'Terrace slab and tiling')).getByRole('button', { name: 'Inspect' }).click();
    const inspection = expert.page.getByRole('dialog');
    await inspection.getByLabel('Approve the work').check();
    await inspection.getByLabel('Inspection notes').fill('Slope and grout checked on site; work conforms to the quote.');
    await inspection.getByLabel('Report').setInputFiles({ name: 'inspection.pdf', mimeType: 'application/pdf', buffer: PDF });
    await inspection.getByRole('button', { name: 'Save the inspection' }).click();
    await expect(inspection).toBeHidden();

    // The client releases: the confirmation names the amounts, the balance goes to zero.
    await page.reload();
    await expect((await milestone(page, 'Terrace slab and tiling')).getByText(/Inspection: approved by/)).toBeVisible();
    await (await milestone(page, 'Terrace slab and tiling')).getByRole('button', { name: 'Release' }).click();
    const release = page.getByRole('dialog');
    await expect(release.getByText(/To Conrad/)).toBeVisible();
    await expect(release.getByText(amount(1_000_000)).first()).toBeVisible();
    await release.getByRole('button', { name: /^Release / }).click();
    await expect(release).toBeHidden();
    await expectFigures(page, { 'Held in escrow': 0, Released: 1_000_000, 'Expert fees': 25_000, 'Platform fees': 15_000 });
    await expect(page.getByRole('table').filter({ hasText: 'Balance' }).last()).toBeVisible();

    // The contractor sees the payout.
    await contractor.page.reload();
    await expectFigures(contractor.page, { Released: 1_000_000 });

    // A verified review, once, then shown on the contractor's profile.
    await page.locator('label').filter({ hasText: '5 stars' }).click();
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.getByLabel('Your review').fill('Clean work, on time, and photos at every step.');
    await page.getByRole('button', { name: 'Publish the review' }).click();
    await expect(page.getByText('Thank you: your review is published.')).toBeVisible();

    // The ledger still balances.
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
    const check = await request.get('/api/v1/admin/ledger/check', { headers: bearer(adminToken) });
    expect(((await check.json()) as { ok: boolean }).ok).toBe(true);

    // The declined card is answered 402, which the browser logs as a failed load: that one was expected.
    const declined = 'the server responded with a status of 402 (Payment Required)';
    expect([...errors.filter((error) => !error.includes(declined)), ...contractor.errors, ...expert.errors, ...adminErrors]).toEqual([]);
    await Promise.all([contractor.close(), expert.close(), adminContext.close()]);
  });

  test('a client in Douala funds by mobile money, approved on the phone, without giving us any card', async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const leaks = watchCardData(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const scene = await contractScene(request, contractorToken, [{ title: 'Terrace slab and tiling', amount: 1_000_000 }]);
    await signIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.goto(`/main/escrow/${scene.contractId}`);
    await (await milestone(page, 'Terrace slab and tiling')).getByRole('button', { name: 'Fund' }).click();
    const fund = page.getByRole('dialog');
    await fund.getByRole('radio', { name: /Mobile money/ }).check();
    await fund.getByLabel('Operator').selectOption('mtn');
    // A number the phone declines first: the dialog says so and nothing is taken.
    await fund.getByLabel('Mobile money number').fill('6 70 00 00 11');
    await fund.getByRole('button', { name: /^Send the request to my phone/ }).click();
    await expect(fund.getByText('Approve the payment on your phone')).toBeVisible();
    await expect(fund.getByText('The payment was not approved on the phone. No money was taken.')).toBeVisible({ timeout: 15_000 });
    await fund.getByLabel('Mobile money number').fill('6 70 00 00 00');
    await fund.getByRole('button', { name: /^Send the request to my phone/ }).click();
    await expect(fund.getByText(/A payment request of .* was sent to your number ending 0000/)).toBeVisible();
    await expect(fund).toBeHidden({ timeout: 15_000 });
    await expectFigures(page, { Funded: 1_040_000, 'Held in escrow': 1_040_000, Released: 0 });
    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a dispute freezes the contract until an admin splits the hold', async ({ browser, page, request }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const scene = await contractScene(request, contractorToken, [{ title: 'Pergola frame', amount: 500_000 }]);
    await fundFirstMilestone(request, scene);

    await signIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.goto(`/main/escrow/${scene.contractId}`);
    await (await milestone(page, 'Pergola frame')).getByRole('button', { name: 'Open a dispute' }).click();
    const dispute = page.getByRole('dialog');
    await dispute.getByLabel('What is wrong').fill('Nobody has come to the site for three weeks.');
    await dispute.getByRole('button', { name: 'Open the dispute' }).click();
    await expect(page.getByRole('dialog', { name: 'Dispute opened' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('heading', { name: 'This contract is frozen' })).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await adminSignIn(admin);
    await admin.getByRole('link', { name: 'Disputes' }).click();
    await admin
      .getByRole('link', { name: /Terrace and pergola/ })
      .first()
      .click();
    await expect(admin.getByText('Nobody has come to the site for three weeks.')).toBeVisible();
    await admin.getByRole('button', { name: 'Resolve', exact: true }).click();
    const resolve = admin.getByRole('dialog');
    await resolve.getByLabel(/Paid to the contractor/).fill('200000');
    await resolve.getByLabel('Note explaining the decision').fill('Materials were delivered; the labour was not done.');
    await resolve.getByRole('button', { name: 'Review the split' }).click();
    await resolve.getByRole('button', { name: 'Confirm the resolution' }).click();
    await expect(admin.getByText('The dispute is resolved and the contract is unfrozen.')).toBeVisible();

    // Held: 500 000 + 25 000 expert fee + 7 500 platform fee. 200 000 to the contractor and 3 000 platform
    // fee on it; nobody inspected, so the expert fee goes back too: 532 500 − 203 000 refunded.
    await page.reload();
    await expectFigures(page, { 'Held in escrow': 0, Released: 200_000, 'Platform fees': 3_000, Refunded: 329_500 });
    await expect(page.getByRole('heading', { name: 'This contract is frozen' })).toBeHidden();

    // The same figures in French, straight from the ledger.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Compte séquestre' })).toBeVisible();
    await expectFigures(page, { 'Bloqué en séquestre': 0, Remboursé: 329_500 });
    expect([...errors, ...adminErrors]).toEqual([]);
    await adminContext.close();
  });

  test('an insolvency is ring-fenced, estimated by the expert and settled with a partial release', async ({ browser, page, request }) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
    // A contractor of our own, verified by the admin: the demo contractor stays solvent for the other specs.
    const contractorEmail = await verifiedAccount(request, 'contractor', { account_type: 'specialist', specialist_kind: 'contractor' });
    const contractorToken = await apiToken(request, contractorEmail, E2E_PASSWORD);
    const me = (await (await request.get('/api/v1/auth/me', { headers: bearer(contractorToken) })).json()) as { id: string };
    await request.put('/api/v1/specialist-profile', {
      headers: bearer(contractorToken),
      data: { company_name: 'Short Lived Builders', categories: ['masonry'], service_country: 'CM', service_cities: ['Douala'] },
    });
    for (const kind of ['identity_register', 'location_visit', 'customer_interviews', 'financial_check']) {
      await request.put(`/api/v1/admin/users/${me.id}/checks/${kind}`, {
        headers: bearer(adminToken),
        data: { outcome: 'passed', checked_on: '2026-11-20', notes: 'Checked for the escrow test.' },
      });
    }
    expect((await request.put(`/api/v1/admin/users/${me.id}/verify`, { headers: bearer(adminToken) })).status()).toBe(200);
    const scene = await contractScene(request, contractorToken, [{ title: 'Retaining wall', amount: 800_000 }]);
    await fundFirstMilestone(request, scene);
    const experts = (await (await request.get('/api/v1/admin/experts', { headers: bearer(adminToken) })).json()) as {
      data: { id: string; email: string }[];
    };
    const expertId = experts.data.find((person) => person.email === DEMO.expert.email)!.id;
    await request.post(`/api/v1/admin/contracts/${scene.contractId}/expert`, { headers: bearer(adminToken), data: { expert_id: expertId } });

    // The admin declares the contractor insolvent: the contract freezes.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await adminSignIn(admin);
    await admin.goto(`/admin/contracts/${scene.contractId}`);
    await admin.getByRole('button', { name: 'Declare contractor insolvent' }).click();
    const declare = admin.getByRole('dialog');
    await declare.getByLabel('Reason (kept in the audit trail)').fill('The company entered liquidation.');
    await declare.getByRole('button', { name: 'Declare insolvent' }).click();
    await expect(admin.getByText(/is declared insolvent/)).toBeVisible();

    // The expert estimates what the work done is worth.
    const expert = await openAs(browser, DEMO.expert.email, DEMO.expert.password, `/main/escrow/${scene.contractId}`);
    await (await milestone(expert.page, 'Retaining wall')).getByRole('button', { name: 'Estimate' }).click();
    const estimate = expert.page.getByRole('dialog');
    await estimate.getByLabel(/Amount owed/).fill('300000');
    await estimate.getByLabel('Estimate notes').fill('Footing and two courses of blocks done, about 40 %.');
    await estimate.getByLabel('Report').setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await estimate.getByRole('button', { name: 'Save the estimate' }).click();
    await expect(estimate).toBeHidden();

    // The client agrees: the estimate is paid, the rest refunded.
    await signIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.goto(`/main/escrow/${scene.contractId}`);
    await expect(page.getByRole('heading', { name: 'This contract is frozen' })).toBeVisible();
    await expectFigures(page, { 'Held in escrow': 800_000 + 25_000 + 12_000 });
    await page.getByLabel('Come back to me (refund)').check();
    await page.getByRole('button', { name: 'Settle the contract' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm the settlement' }).click();
    await expect(page.getByText('The contract is settled. The rest of the money is refunded to you.')).toBeVisible();
    // 300 000 owed, 4 500 platform fee on it, 25 000 to the expert; 837 000 − 329 500 refunded.
    await expectFigures(page, { 'Held in escrow': 0, Released: 300_000, 'Expert fees': 25_000, 'Platform fees': 4_500, Refunded: 507_500 });

    expect([...errors, ...expert.errors, ...adminErrors]).toEqual([]);
    await Promise.all([expert.close(), adminContext.close()]);
  });
});
