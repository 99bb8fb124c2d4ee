import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { contractScene, expectFigures } from '../support/escrow-scene';
import { expectHydrated } from '../support/hydration';
import { DEMO, E2E_PASSWORD, apiToken, verifiedAccount } from '../support/people';

// Sign-up, posting a project and funding a milestone with the keyboard alone:
// Tab, Shift+Tab, Enter, Space, arrows and typing. Locators only check where
// the focus is and what the page shows; nothing is clicked or filled.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** One Tab press, which must land on `target`: the order of the controls is part of the walk. */
async function tab(page: Page, target: Locator) {
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Tabs forward until `target` has the focus, in at most `max` presses (past links and buttons the walk does not use). */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached within ${max} presses of Tab`).toBeFocused();
}

/** From the top of a page: the skip link, then into the page's content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

async function keyboardSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered form's fields are read-only until the shell owns them: what is typed before is lost.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
  await skipToContent(page);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tab(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/main\/dashboard$/);
}

test.describe('keyboard only', () => {
  test('a new client signs up through both steps', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = `e2e.keyboard.${Date.now()}@example.com`;
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    // The prerendered form takes input once the shell owns it (until then its fields are read-only).
    await expectHydrated(page.locator('main'));
    await skipToContent(page);

    await tab(page, page.getByLabel('First name'));
    await page.keyboard.type('Nadia');
    await tab(page, page.getByLabel('Last name'));
    await page.keyboard.type('Owono');
    await tab(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    const country = page.getByLabel('Country');
    await tab(page, country);
    // A closed select picks the option whose name is typed.
    await page.keyboard.type('Cameroon');
    await expect(country).toHaveValue('CM');
    await tab(page, page.getByLabel('City'));
    await page.keyboard.type('Douala');
    await tab(page, page.getByLabel('Phone number'));
    await page.keyboard.type('+237 6 99 00 11 22');

    // The account type is one radio group: the arrows move the choice, and the specialist kinds follow it.
    const client = page.getByRole('radio', { name: /^Client/ });
    await tab(page, client);
    await expect(client).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: /^Specialist/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Contractor' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(client).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Contractor' })).toHaveCount(0);

    await tab(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    // Step 2 announces itself by focusing the title; the password fields come next.
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
    await tab(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(E2E_PASSWORD);
    await tab(page, page.getByRole('button', { name: 'Show password' }).first());
    await tab(page, page.getByLabel('Confirm password'));
    await page.keyboard.type(E2E_PASSWORD);
    await tab(page, page.getByRole('button', { name: 'Show password' }).last());
    // Space presses the toggle: the confirmation shows as text, then hides again.
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('type', 'text');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('type', 'password');
    await tab(page, page.getByRole('main').getByRole('link', { name: /Terms of service/ }));
    await tab(page, page.getByRole('button', { name: 'Create account' }));
    await page.keyboard.press('Enter');

    const pending = page.getByRole('heading', { level: 1, name: 'Verify your email' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a client posts a project in four steps', async ({ page, request }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    const email = await verifiedAccount(request, 'client', { account_type: 'client' });
    const title = `Kitchen by keyboard ${Date.now()}`;
    await keyboardSignIn(page, email, E2E_PASSWORD);

    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'You have no projects yet' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Post your first project' }));
    await page.keyboard.press('Enter');

    // Each step focuses its own title, so the walk goes on from there.
    await expect(page.getByRole('heading', { name: 'Step 1 of 4: What' })).toBeFocused();
    await tab(page, page.getByLabel('Title'));
    await page.keyboard.type(title);
    const category = page.getByLabel('Category');
    await tab(page, category);
    await page.keyboard.type('Kitchen');
    await expect(category.locator('option:checked')).toHaveText('Kitchen');
    await tab(page, page.getByLabel('Description'));
    await page.keyboard.type('New cabinets along two walls, a tiled splashback and a sink under the window.');
    // Every step can be kept as a draft on the way to the next one.
    await tab(page, page.getByRole('button', { name: 'Save as draft' }));
    await tab(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 2 of 4: Where and when' })).toBeFocused();
    const country = page.getByLabel('Country');
    await tab(page, country);
    await page.keyboard.type('Cameroon');
    await expect(country).toHaveValue('CM');
    await tab(page, page.getByLabel('City'));
    await page.keyboard.type('Douala');
    await tabTo(page, page.getByLabel('From'), 6);
    await page.keyboard.type('1500000');
    await tab(page, page.getByLabel('To'));
    await page.keyboard.type('2500000');
    // The currency followed the country.
    await tab(page, page.getByLabel('Currency'));
    await expect(page.getByLabel('Currency')).toHaveValue('XAF');
    await tab(page, page.getByRole('button', { name: 'Back' }));
    await tab(page, page.getByRole('button', { name: 'Save as draft' }));
    await tab(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Documents: the button opens the system's file chooser, where a plan is picked.
    await expect(page.getByRole('heading', { name: 'Step 3 of 4: Documents' })).toBeFocused();
    await tab(page, page.getByRole('button', { name: 'choose files' }));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'kitchen-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('list', { name: 'Chosen documents' }).getByRole('listitem')).toHaveCount(1);
    await tabTo(page, page.getByRole('button', { name: 'Next' }), 6);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 4 of 4: Review and publish' })).toBeFocused();
    await expect(page.getByText('kitchen-plan.pdf')).toBeVisible();
    // Shift+Tab goes back through the buttons as it came.
    await tab(page, page.getByRole('button', { name: 'Back' }));
    await tab(page, page.getByRole('button', { name: 'Save as draft' }));
    await tab(page, page.getByRole('button', { name: 'Publish the project' }));
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Save as draft' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'kitchen-plan.pdf' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a client funds a milestone with the sandbox card', async ({ page, request }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
    const scene = await contractScene(request, contractorToken, [{ title: 'Terrace slab and tiling', amount: 1_000_000 }]);
    await keyboardSignIn(page, scene.clientEmail, E2E_PASSWORD);
    await page.goto(`/main/escrow/${scene.contractId}`);
    await expectFigures(page, { 'Held in escrow': 0 });

    const milestone = page.getByRole('article', { name: /Terrace slab and tiling/ });
    await skipToContent(page);
    await tabTo(page, milestone.getByRole('button', { name: 'Fund' }), 40);
    await page.keyboard.press('Enter');

    // The dialog takes the focus on the first way to pay, the card; the provider's page takes the card.
    const dialog = page.getByRole('dialog', { name: /Fund milestone 1/ });
    await expect(dialog.getByRole('radio', { name: /Card/ })).toBeFocused();
    await tabTo(page, dialog.getByRole('button', { name: /^Continue to the payment page/ }), 10);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    // On the hosted page: the succeeding test card is chosen already, Tab reaches Pay.
    await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }), 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Payment confirmed. Milestone 1 is funded.')).toBeVisible();
    await expectFigures(page, { Funded: 1_040_000, 'Held in escrow': 1_040_000, Released: 0 });
    expect(errors).toEqual([]);
  });
});
