import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ROUTES, pathFor, type RouteEntry } from '../../shared/src/routing/route-table';
import { bearer, contractScene, fundFirstMilestone } from '../support/escrow-scene';
import { DEMO, adminSignIn, apiToken, signIn } from '../support/people';

// axe-core on every page of the route table, signed out and as each role, in
// English and in French: no serious or critical violation of WCAG 2.0/2.1 A
// and AA. Pages that only forward somewhere are covered by the page they
// forward to. One browser page per role is reused across its routes.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const LANGUAGES = ['en', 'fr'] as const;

type Role = 'guest' | 'client' | 'contractor' | 'expert' | 'admin';
type Params = Record<string, Record<string, string>>;

/** The serious and critical violations on the page (or inside `include`), one readable line per node. */
async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  // The site has no cross-origin frames, so axe runs in the page itself (legacy mode) rather than
  // finishing each scan in a new blank page, which would double the time of every scan.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    );
}

/** Waits for the page to settle: its main heading shown and nothing still loading. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.ui-spinner, .client-skeleton, [aria-busy="true"]')).toHaveCount(0);
}

async function scan(page: Page, label: string, include?: string) {
  await settled(page);
  const found = await blockingViolations(page, include);
  expect.soft(found.length, `${label}:\n  ${found.join('\n  ')}\n`).toBe(0);
}

/** The pages of the table behind one kind of auth, with their parameters filled in; forwarding entries are left to their targets. */
function pagesFor(auth: RouteEntry['auth'], params: Params): { route: RouteEntry; path: string }[] {
  return ROUTES.filter((route) => route.auth === auth && !route.redirectTo).map((route) => ({ route, path: pathFor(route.name, params[route.name] ?? {}) }));
}

async function switchLanguage(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: /^(Language|Langue)$/ });
  if ((await select.inputValue()) !== code) await select.selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/**
 * Opens a page the way the app's own links do, without reloading the shell
 * and its remotes: the router follows history changes. The previous page
 * stays on screen until the guard has answered, so the scan waits for its
 * heading to go (each page of the table is mounted afresh).
 */
async function openInApp(page: Page, path: string) {
  const previous = await page.locator('main h1').first().elementHandle();
  await page.evaluate((target) => {
    window.history.pushState({ idx: (window.history.state?.idx ?? 0) + 1, key: target, usr: null }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (previous) {
    await page.waitForFunction((heading) => !heading.isConnected, previous);
    await previous.dispose();
  }
}

async function scanAll(page: Page, role: Role, pages: { route: RouteEntry; path: string }[]) {
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
  const context = await browser.newContext();
  const page = await context.newPage();
  if (role === 'admin') await adminSignIn(page);
  else await signIn(page, DEMO[role].email, DEMO[role].password);
  return { page, close: () => context.close() };
}

/** Real ids for the pages with parameters: the demo contract, its project, a specialist, a user and a dispute. */
async function realParams(request: APIRequestContext): Promise<Params> {
  const clientToken = await apiToken(request, DEMO.client.email, DEMO.client.password);
  const contractorToken = await apiToken(request, DEMO.contractor.email, DEMO.contractor.password);
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password, true);
  const get = async <T>(url: string, token: string) => {
    const response = await request.get(url, { headers: bearer(token) });
    expect(response.status(), url).toBe(200);
    return (await response.json()) as T;
  };

  const contracts = await get<{ data: { id: string; project: { id: string; title: string } }[] }>('/api/v1/contracts', clientToken);
  const demo = contracts.data.find((contract) => contract.project.title === 'Bathroom refit in Akwa');
  expect(demo, 'the demo contract').toBeDefined();
  const specialists = await get<{ data: { id: string }[] }>('/api/v1/specialists', clientToken);
  expect(specialists.data.length).toBeGreaterThan(0);
  const users = await get<{ data: { id: string; email: string }[] }>(`/api/v1/admin/users?q=${encodeURIComponent(DEMO.contractor.email)}`, adminToken);
  const contractor = users.data.find((user) => user.email === DEMO.contractor.email);
  expect(contractor, 'the demo contractor in the admin list').toBeDefined();

  let disputes = await get<{ data: { id: string }[] }>('/api/v1/admin/disputes', adminToken);
  if (disputes.data.length === 0) {
    const scene = await contractScene(request, contractorToken, [{ title: 'Garden wall', amount: 500_000 }], `Garden wall ${Date.now()}`);
    const milestoneId = await fundFirstMilestone(request, scene);
    const opened = await request.post(`/api/v1/contracts/${scene.contractId}/milestones/${milestoneId}/disputes`, {
      headers: bearer(scene.clientToken),
      multipart: { reason: 'The wall was left half built for a month.' },
    });
    expect(opened.status()).toBe(201);
    disputes = await get<{ data: { id: string }[] }>('/api/v1/admin/disputes', adminToken);
  }

  return {
    'main.project': { id: demo!.project.id },
    'main.specialist': { id: specialists.data[0]!.id },
    'main.contract': { id: demo!.id },
    'admin.user': { id: contractor!.id },
    'admin.contract': { id: demo!.id },
    'admin.dispute': { id: disputes.data[0]!.id },
  };
}

test.describe('accessibility', () => {
  let params: Params = {};

  test.beforeAll(async ({ request }) => {
    params = await realParams(request);
  });

  test('every page of the table is covered: forwarding pages land on a scanned page', async ({ page }) => {
    const scanned = new Set(ROUTES.filter((route) => !route.redirectTo).map((route) => route.path));
    for (const route of ROUTES.filter((entry) => entry.redirectTo)) expect(scanned, `${route.path} forwards to a scanned page`).toContain(route.redirectTo);
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
    test.setTimeout(120_000);
    await scanAll(page, 'guest', pagesFor(false, params));
  });

  for (const role of ['client', 'contractor', 'expert'] as const) {
    test(`client area as the demo ${role}`, async ({ browser }) => {
      test.setTimeout(120_000);
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

  test('dialogs and panels: the fund dialog and its card form in both languages, dispute, notifications, chat', async ({ browser }) => {
    test.setTimeout(60_000);
    const { page, close } = await signedInPage(browser, 'client');
    const contractPath = pathFor('main.contract', params['main.contract']);
    for (const code of LANGUAGES) {
      await page.goto(contractPath);
      await settled(page);
      await switchLanguage(page, code);
      const milestone = page.getByRole('article').filter({ hasText: 'Solar water heater and finishing' });
      await milestone.getByRole('button', { name: /^(Fund|Financer)$/ }).click();
      await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeFocused();
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
