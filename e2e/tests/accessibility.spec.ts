import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROUTES, pathFor } from '../../shared/src/routing/route-table';
import {
  LANGUAGES,
  openInApp,
  pagesFor,
  realParams,
  rolePage,
  settled,
  switchLanguage,
  type Params,
  type Role,
  type RoutePage,
} from '../support/route-pages';

// axe-core on every page of the route table, signed out and as each role, in
// English and in French: no serious or critical violation of WCAG 2.0/2.1 A
// and AA. Pages that only forward somewhere are covered by the page they
// forward to. One browser page per role is reused across its routes.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page (or inside `include`), one readable line per node. */
async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  // The site has no cross-origin frames, so axe runs in the page itself (legacy mode) rather than
  // finishing each scan in a new blank page, which would double the time of every scan.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary ?? ''}`.replace(/\s+/g, ' '),
      ),
    );
}

async function scan(page: Page, label: string, include?: string) {
  await settled(page);
  const found = await blockingViolations(page, include);
  expect.soft(found.length, `${label}:\n  ${found.join('\n  ')}\n`).toBe(0);
}

async function scanAll(page: Page, role: Role, pages: RoutePage[]) {
  // A bound for a hung page, growing with the route table: each page is opened and scanned in each language.
  test.setTimeout(60_000 + pages.length * LANGUAGES.length * 8_000);
  for (const code of LANGUAGES) {
    await page.goto(pages[0]!.path);
    await settled(page);
    await switchLanguage(page, code);
    for (const { route, path } of pages) {
      if (new URL(page.url()).pathname !== path) await openInApp(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await scan(page, `${route.name} ${path} as ${role} in ${code}`);
    }
  }
}

async function signedInPage(browser: Browser, role: Exclude<Role, 'guest'>) {
  return rolePage(browser, role);
}

test.describe('accessibility', () => {
  let params: Params = {};

  test.beforeAll(async ({ request }) => {
    params = await realParams(request);
  });

  test('every page of the table is covered: forwarding pages land on a scanned page', async ({ page }) => {
    const scanned = new Set(ROUTES.filter((route) => !route.redirectTo).map((route) => route.path));
    for (const route of ROUTES.filter((entry) => entry.redirectTo))
      expect(scanned, `${route.path} forwards to a scanned page`).toContain(route.redirectTo);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('the scan reports a serious violation with where it is and how to fix it', async ({ page }) => {
    await page.goto('/login');
    await settled(page);
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('beforeend', '<button type="button" class="unnamed-probe"></button>'));
    const found = await blockingViolations(page);
    expect(found).toEqual([expect.stringMatching(/^button-name \(critical\) at \.unnamed-probe: Buttons must have discernible text\./)]);
  });

  test('public pages, signed out', async ({ page }) => {
    await scanAll(page, 'guest', pagesFor(false, params));
  });

  for (const role of ['client', 'contractor', 'expert'] as const) {
    test(`client area as the demo ${role}`, async ({ browser }) => {
      const { page, close } = await signedInPage(browser, role);
      await scanAll(page, role, pagesFor('client', params));
      await close();
    });
  }

  test('admin area as the demo admin', async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, close } = await signedInPage(browser, 'admin');
    await scanAll(page, 'admin', pagesFor('admin', params));
    await close();
  });

  test('dialogs and panels: the fund dialog and its payment choice in both languages, dispute, notifications, chat', async ({ browser }) => {
    test.setTimeout(60_000);
    const { page, close } = await signedInPage(browser, 'client');
    const contractPath = pathFor('main.contract', params['main.contract']);
    for (const code of LANGUAGES) {
      await page.goto(contractPath);
      await settled(page);
      await switchLanguage(page, code);
      const milestone = page.getByRole('article').filter({ hasText: 'Solar water heater and finishing' });
      await milestone.getByRole('button', { name: /^(Fund|Financer)$/ }).click();
      // No card form any more: the first field is the choice of how to pay.
      await expect(page.getByRole('dialog').getByRole('radio').first()).toBeFocused();
      await scan(page, `fund dialog in ${code}`, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await switchLanguage(page, 'en');

    await page.getByRole('article').filter({ hasText: 'Shower, tiling and ventilation' }).getByRole('button', { name: 'Open a dispute' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scan(page, 'dispute dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'true');
    await scan(page, 'notifications panel', '.notification-bell');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Need help?' }).click();
    await expect(page.getByRole('dialog', { name: /./ })).toBeVisible();
    await scan(page, 'chat panel', '.chat-slot');
    await close();
  });

  test('admin dialog: declaring a contractor insolvent', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 'admin');
    await page.goto(pathFor('admin.contract', params['admin.contract']));
    await settled(page);
    await page.getByRole('button', { name: 'Declare contractor insolvent' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await scan(page, 'insolvency dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await close();
  });
});
