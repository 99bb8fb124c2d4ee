import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ROUTES } from '../../shared/src/routing/route-table';
import { layoutProblems, unreachableEntries } from '../support/layout-check';
import {
  LANGUAGES,
  openInApp,
  pagesOfRole,
  realParams,
  rolePage,
  settled,
  switchLanguage,
  type Params,
  type Role,
  type RoutePage,
} from '../support/route-pages';

// Every page of the route table, signed out and as each role, in English and
// in French, at a phone, a tablet and a desktop width: money figures stay on
// one line and inside their boxes, controls stay inside theirs and the
// window, the page never scrolls sideways, every navigation entry can be
// reached, and the header and footer keep their content off their edges.
// One browser page per role and language; the window is resized, not reloaded.

const WIDTHS = [1280, 768, 390] as const;
const HEIGHT = 900;
const ROLES: Role[] = ['guest', 'client', 'contractor', 'expert', 'admin'];

/** Pages a reviewer looks at in the report, at every width and in both languages. */
const KEY_PAGES = new Set(['Home', 'main.project', 'main.contract', 'admin.escrow']);
/** The least number of money figures these pages show with the demo data, so the money check never passes on a page without any. */
const MONEY_ON_PAGE: Record<string, number> = { 'main.contract': 8, 'admin.contract': 8, 'admin.escrow': 3 };

/** Lets the layout follow a resize before measuring. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The navigation entries out of sight, after opening the menu when there is one; checks the menu closes with Escape and gives focus back. */
async function navigationProblems(page: Page): Promise<string[]> {
  const { hrefs } = await unreachableEntries(page);
  if (hrefs.length === 0) return [];
  const panelId = await page.evaluate(() => {
    for (const button of Array.from(document.querySelectorAll('header button[aria-controls]'))) {
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      const rect = button.getBoundingClientRect();
      if (panel && rect.width > 0 && (panel.matches('nav') || panel.querySelector('nav a[href]') || panel.closest('nav'))) return panel.id;
    }
    return null;
  });
  if (!panelId) return [`navigation entries out of sight and no menu button: ${hrefs.join(', ')}`];
  const toggle = page.locator(`header button[aria-controls="${panelId}"]`);
  await toggle.click();
  const problems: string[] = [];
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') problems.push('the menu button does not say the menu is open');
  const after = await unreachableEntries(page);
  const still = hrefs.filter((href) => after.hrefs.includes(href));
  if (still.length > 0) problems.push(`navigation entries out of sight even with the menu open: ${still.join(', ')}`);
  await page.keyboard.press('Escape');
  if ((await toggle.getAttribute('aria-expanded')) !== 'false') problems.push('Escape does not close the menu');
  if (!(await toggle.evaluate((button) => button === document.activeElement))) problems.push('closing the menu does not give focus back to its button');
  return problems;
}

async function attachScreenshots(page: Page, testInfo: TestInfo, name: string, code: string, width: number) {
  await testInfo.attach(`${name} ${code} ${width}px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const statement = page.locator('section[aria-labelledby="escrow-statement-title"]');
  if (name === 'main.contract' && (await statement.count()) > 0) {
    await statement.scrollIntoViewIfNeeded();
    await testInfo.attach(`statement ${code} ${width}px`, { body: await statement.screenshot(), contentType: 'image/png' });
  }
}

async function checkPage(page: Page, testInfo: TestInfo, role: Role, code: string, { route, path }: RoutePage, widths: readonly number[]) {
  for (const width of widths) {
    await resize(page, width);
    const label = `${route.name} ${path} as ${role} in ${code} at ${width}px`;
    const problems = [...(await layoutProblems(page)), ...(await navigationProblems(page))];
    expect.soft(problems, `${label}:\n  ${problems.join('\n  ')}\n`).toEqual([]);
    const least = MONEY_ON_PAGE[route.name];
    if (least && role !== 'guest') {
      const figures = await page.locator('main [data-money]').count();
      expect.soft(figures, `${label}: money figures marked as such`).toBeGreaterThanOrEqual(least);
    }
    if (KEY_PAGES.has(route.name) && (role === 'client' || role === 'admin' || route.name === 'Home')) await attachScreenshots(page, testInfo, route.name, code, width);
  }
}

test.describe('layout at every width', () => {
  let params: Params = {};

  test.beforeAll(async ({ request }) => {
    params = await realParams(request);
  });

  test('every page of the table is covered: forwarding pages land on a checked page', () => {
    const checked = new Set(ROUTES.filter((route) => !route.redirectTo).map((route) => route.path));
    for (const route of ROUTES.filter((entry) => entry.redirectTo)) expect(checked, `${route.path} forwards to a checked page`).toContain(route.redirectTo);
  });

  for (const role of ROLES) {
    for (const code of LANGUAGES) {
      test(`${role} in ${code}`, async ({ browser }, testInfo) => {
        test.setTimeout(150_000);
        const pages = pagesOfRole(role, params);
        const { page, close } = await rolePage(browser, role, { viewport: { width: WIDTHS[0], height: HEIGHT } });
        if (new URL(page.url()).pathname !== pages[0]!.path) await page.goto(pages[0]!.path);
        await settled(page);
        await switchLanguage(page, code);
        let widths: readonly number[] = WIDTHS;
        for (const entry of pages) {
          if (new URL(page.url()).pathname !== entry.path) await openInApp(page, entry.path);
          await settled(page);
          await checkPage(page, testInfo, role, code, entry, widths);
          // The next page starts at the width this one ended with: one resize fewer per page.
          widths = [...widths].reverse();
        }
        await close();
      });
    }
  }
});
