import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { adminSignIn } from '../support/people';

// The admin area against the production server with its demo data: the demo
// admin and the specialists awaiting verification seeded by the API.
const SPECIALIST_PASSWORD = 'Specialist-demo-2026';

// A 1×1 PNG, as an uploaded evidence file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const CHECKS = [
  { title: 'Identity against the national register', file: 'register-extract.png' },
  { title: 'Location visit', file: 'site-visit.png' },
  { title: 'Previous-customer interviews', file: 'interview-notes.png' },
  { title: 'Financial check', file: 'bank-statement.png' },
];

test('an admin runs the verification of a new contractor from start to finish', async ({ page, browser }) => {
  // Four checks, four uploads and a download in one go: longer than the suite's default.
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await adminSignIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Client accounts' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contractors' }).click();
  await expect(page).toHaveURL(/\/admin\/contractors$/);
  await expect(page.getByRole('region', { name: 'Summary' }).getByText('Awaiting verification')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Mbappe');
  await page.getByRole('button', { name: 'Apply' }).click();
  const table = page.getByRole('table', { name: 'Contractor, vendor and artisan accounts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Awaiting verification');
  await table.getByRole('link', { name: 'Paul Mbappe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paul Mbappe' })).toBeVisible();
  const userId = page.url().split('/').pop()!;

  // Verify is refused while checks are missing, on the page and by the server.
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeDisabled();
  await expect(
    page.getByText('Still needed: Identity against the national register, Location visit, Previous-customer interviews, Financial check.'),
  ).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('admin_access_token'));
  const refused = await page.request.put(`/api/v1/admin/users/${userId}/verify`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(
    'Verification needs: identity check against the national register, location visit, previous-customer interviews, financial check.',
  );

  for (const check of CHECKS) {
    const card = page.getByRole('region', { name: check.title });
    await card.getByRole('combobox', { name: 'Outcome' }).selectOption('passed');
    await card.getByRole('textbox', { name: 'Notes' }).fill(`${check.title}: confirmed.`);
    await card.getByRole('button', { name: 'Save check' }).click();
    await expect(card.getByText(/Recorded by Ada Admin/)).toBeVisible();
    await card.getByLabel(`Add evidence for “${check.title}”`).setInputFiles({ name: check.file, mimeType: 'image/png', buffer: PNG });
    await expect(card.getByRole('button', { name: `Download ${check.file}` })).toBeVisible();
  }
  await expect(page.getByText('4 of 4 checks passed')).toBeVisible();

  // The evidence comes back as a download, for admins only.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download site-visit.png' }).click();
  expect((await download).suggestedFilename()).toBe('site-visit.png');

  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByText(/Verified by Ada Admin on .+\. This specialist receives project requests\./)).toBeVisible();
  await expect(page.locator('.admin-badge--verified')).toHaveText('✓ Verified');

  // The badge shows in the list too.
  await page.getByRole('link', { name: 'Back to contractors' }).click();
  await page.getByRole('combobox', { name: 'Verification' }).selectOption('verified');
  await expect(table.getByRole('row', { name: /Paul Mbappe/ })).toContainText('Verified');

  // Every step is in the audit trail.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Account' }).fill('Mbappe');
  await page.getByRole('button', { name: 'Apply' }).click();
  const entries = page.getByRole('region', { name: 'Audit entries' }).getByRole('listitem');
  // Refused verify, 4 checks, 4 uploads, 1 download, verified.
  await expect(entries).toHaveCount(11);
  await expect(entries.first()).toContainText('Verified');
  await expect(entries.first()).toContainText('By Ada Admin');
  await page.getByRole('combobox', { name: 'Action' }).selectOption('check.recorded');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText('Check recorded');
  await expect(entries.first()).toContainText('passed');
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);

  // Verified, the contractor now receives the requests in their trades and area.
  const contractorContext = await browser.newContext();
  const contractor = await contractorContext.newPage();
  await contractor.goto('/login');
  await contractor.getByLabel('Email').fill('pending.builder@demo.fundament.example');
  await contractor.getByLabel('Password', { exact: true }).fill(SPECIALIST_PASSWORD);
  await contractor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(contractor).toHaveURL(/\/main\/dashboard$/);
  await contractor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(contractor.getByRole('link', { name: 'Three-bedroom house in Yaoundé' })).toBeVisible();
  await contractorContext.close();
});

test('suspending an account ends its session at once', async ({ page, browser }) => {
  // The vendor signs in on another browser first.
  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  await vendor.goto('/login');
  await vendor.getByLabel('Email').fill('pending.supplies@demo.fundament.example');
  await vendor.getByLabel('Password', { exact: true }).fill(SPECIALIST_PASSWORD);
  await vendor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(vendor).toHaveURL(/\/main/);
  const vendorToken = await vendor.evaluate(() => window.localStorage.getItem('access_token'));
  expect(vendorToken).toBeTruthy();

  await adminSignIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contractors' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Fotso');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name: 'Olivier Fotso' }).click();
  await page.getByRole('button', { name: 'Suspend account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Olivier Fotso?' });
  await dialog.getByRole('textbox', { name: 'Reason (kept in the audit trail)' }).fill('Supplier licence under review.');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText(/Suspended on .+: Supplier licence under review\./)).toBeVisible();

  // The vendor's token stopped working: the next load signs the vendor out.
  const me = await vendor.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${vendorToken}` } });
  expect(me.status()).toBe(401);
  await vendor.reload();
  await expect(vendor).not.toHaveURL(/\/main/);
  expect(await vendor.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  // And cannot sign in again until reactivated.
  const again = await vendor.request.post('/api/v1/auth/login', {
    data: { email: 'pending.supplies@demo.fundament.example', password: SPECIALIST_PASSWORD },
  });
  expect(again.status()).toBe(403);

  await page.getByRole('button', { name: 'Reactivate account' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Olivier Fotso?' }).getByRole('button', { name: 'Reactivate account' }).click();
  await expect(page.getByRole('button', { name: 'Suspend account' })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Account reactivated');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Account suspended');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Supplier licence under review.');
  await vendorContext.close();
});

test('the admin pages in French, and the admin session apart from the client one', async ({ page }) => {
  await adminSignIn(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('table', { name: 'Comptes clients' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Synthèse' }).getByText('Nouveaux cette semaine')).toBeVisible();

  await page.goto('/admin/contractors?q=Ekambi');
  await page.getByRole('link', { name: 'Nadine Ekambi' }).click();
  await expect(page.getByRole('button', { name: 'Vérifier', exact: true })).toBeDisabled();
  await expect(page.getByText(/Reste à faire : Identité auprès du registre national, Visite sur place/)).toBeVisible();
  const card = page.getByRole('region', { name: 'Visite sur place' });
  await card.getByRole('combobox', { name: 'Résultat' }).selectOption('failed');
  await card.getByRole('button', { name: 'Enregistrer le contrôle' }).click();
  await expect(card.getByText(/Enregistré par Ada Admin/)).toBeVisible();
  await expect(page.locator('.admin-badge')).toHaveText('Contrôle échoué');

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entrées du journal' }).getByRole('listitem').first()).toContainText('Contrôle enregistré');

  // The admin's session never doubles as a client one.
  expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/main/dashboard');
  await expect(page).not.toHaveURL(/\/main\/dashboard/);
});

test('the dashboards fit a phone: each account is a card of labelled lines, its e-mail whole, nothing off screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await adminSignIn(page);
  await page.goto('/admin/contractors');
  const region = page.getByRole('region', { name: 'Contractor, vendor and artisan accounts' });
  await expect(region).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // No sideways scroller to discover: the rows are stacked inside the region's width.
  expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  const email = region.locator('.admin-table__email').first();
  await expect(email).toBeVisible();
  expect(await email.evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1 && cell.getBoundingClientRect().right <= window.innerWidth)).toBe(
    true,
  );
});
