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

/**
 * The navigation entries out of sight, after opening the menu when there is
 * one; checks the menu closes with Escape and gives focus back. The menu is
 * the same on every page of a role, so once it has been opened at a width,
 * later pages only check that the hidden entries are in its panel and that
 * its button is on screen.
 */
async function navigationProblems(page: Page, openedAt: Set<number>, width: number): Promise<string[]> {
  const { hrefs } = await unreachableEntries(page);
  if (hrefs.length === 0) return [];
  const menu = await page.evaluate((wanted) => {
    for (const button of Array.from(document.querySelectorAll('header button[aria-controls]'))) {
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      const rect = button.getBoundingClientRect();
      const onScreen = rect.width > 0 && rect.left >= 0 && rect.right <= document.documentElement.clientWidth;
      if (panel && onScreen && (panel.matches('nav') || panel.querySelector('nav a[href]') || panel.closest('nav'))) {
        const inPanel = wanted.every((href) => panel.querySelector(`a[href="${CSS.escape(href)}"]`));
        return { panelId: panel.id, inPanel };
      }
    }
    return null;
  }, hrefs);
  if (!menu) return [`navigation entries out of sight and no menu button: ${hrefs.join(', ')}`];
  if (!menu.inPanel) return [`navigation entries out of sight and not in the menu: ${hrefs.join(', ')}`];
  if (openedAt.has(width)) return [];
  openedAt.add(width);
  const panelId = menu.panelId;
  const toggle = page.locator(`header button[aria-controls="${panelId}"]`);
  await toggle.click();
  const problems: string[] = [];
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') problems.push('the menu button does not say the menu is open');
  const after = await unreachableEntries(page);
  const still = hrefs.filter((href) => after.hrefs.includes(href));
  if (still.length > 0) problems.push(`navigation entries out of sight even with the menu open: ${still.join(', ')}`);
  await page.keyboard.press('Escape');
  if ((await toggle.getAttribute('aria-expanded')) !== 'false') problems.push('Escape does not close the menu');
  if (!(await toggle.evaluate((button) => button === document.activeElement)))
    problems.push('closing the menu does not give focus back to its button');
  return problems;
}

/**
 * In a whole-page picture the floating buttons would be drawn once, somewhere in the middle, and
 * the sticky header over an element's picture: left out, so the page itself can be reviewed.
 */
const SCREENSHOT_STYLE = '.chat-slot, .scroll-top { visibility: hidden !important; } .site-header { position: static !important; }';

/**
 * Written as files in the test's output folder, then attached: they stay for a reviewer whatever
 * the reporter (CI's list reporter keeps no in-memory attachment).
 */
async function attachScreenshots(page: Page, testInfo: TestInfo, name: string, code: string, width: number) {
  // No dot in an attachment's name: the report would take what follows it for a file extension.
  const label = `${name.replace(/\./g, ' ')} ${code} ${width}px`;
  const file = testInfo.outputPath(`${label.replace(/\s+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true, style: SCREENSHOT_STYLE });
  await testInfo.attach(label, { path: file, contentType: 'image/png' });
  const statement = page.locator('section[aria-labelledby="escrow-statement-title"]');
  if (name === 'main.contract' && (await statement.count()) > 0) {
    await statement.scrollIntoViewIfNeeded();
    const statementFile = testInfo.outputPath(`statement-${code}-${width}px.png`);
    await statement.screenshot({ path: statementFile, style: SCREENSHOT_STYLE });
    await testInfo.attach(`statement ${code} ${width}px`, { path: statementFile, contentType: 'image/png' });
  }
}

async function checkPage(
  page: Page,
  testInfo: TestInfo,
  role: Role,
  code: string,
  { route, path }: RoutePage,
  widths: readonly number[],
  openedAt: Set<number>,
) {
  for (const width of widths) {
    await resize(page, width);
    const label = `${route.name} ${path} as ${role} in ${code} at ${width}px`;
    const problems = [...(await layoutProblems(page, { footer: role !== 'admin' })), ...(await navigationProblems(page, openedAt, width))];
    expect.soft(problems, `${label}:\n  ${problems.join('\n  ')}\n`).toEqual([]);
    const least = MONEY_ON_PAGE[route.name];
    if (least && role !== 'guest') {
      const figures = await page.locator('main [data-money]').count();
      expect.soft(figures, `${label}: money figures marked as such`).toBeGreaterThanOrEqual(least);
    }
    if (KEY_PAGES.has(route.name) && (role === 'client' || role === 'admin' || route.name === 'Home'))
      await attachScreenshots(page, testInfo, route.name, code, width);
  }
}

test.describe('layout at every width', () => {
  let params: Params = {};

  test.beforeAll(async ({ request }) => {
    params = await realParams(request);
  });

  test('every page of the table is covered: forwarding pages land on a checked page', () => {
    const checked = new Set(ROUTES.filter((route) => !route.redirectTo).map((route) => route.path));
    for (const route of ROUTES.filter((entry) => entry.redirectTo))
      expect(checked, `${route.path} forwards to a checked page`).toContain(route.redirectTo);
  });

  test('a toast appears below the header, never over its buttons', async ({ browser }) => {
    const { page, close } = await rolePage(browser, 'client', { viewport: { width: 1280, height: HEIGHT } });
    await openInApp(page, '/main/settings');
    await settled(page);
    for (const width of [1280, 390]) {
      await resize(page, width);
      await page.getByRole('button', { name: 'Save changes' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Your personal information has been saved.' });
      await expect(toast.last()).toBeVisible();
      const header = await page.locator('header.site-header').boundingBox();
      // The toast slides in from above: where it comes to rest is what counts.
      await expect
        .poll(async () => (await toast.last().boundingBox())!.y, { message: `at ${width}px the toast rests below the header` })
        .toBeGreaterThanOrEqual(header!.y + header!.height);
    }
    await close();
  });

  test('an open dialog covers the floating chat button, and the admin area has no chat', async ({ browser }) => {
    const { page, close } = await rolePage(browser, 'client', { viewport: { width: 1280, height: HEIGHT } });
    await openInApp(page, `/main/escrow/${params['main.contract']!.id}`);
    await settled(page);
    const chat = page.getByRole('button', { name: 'Need help?' });
    await expect(chat).toBeVisible({ timeout: 15_000 });
    for (const width of [1280, 390]) {
      await resize(page, width);
      const milestone = page.getByRole('article').filter({ hasText: 'Solar water heater and finishing' });
      await milestone.getByRole('button', { name: 'Fund' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The slot, not the button: the chat replaces the shell's stand-in button when the page goes idle,
      // and a button measured during that swap has no box.
      const box = await page.locator('.chat-slot').boundingBox();
      const onTop = await page.evaluate(
        ({ x, y }) => {
          const element = document.elementFromPoint(x, y);
          return element ? (element.closest('.chat-slot') ? 'the chat button' : 'the dialog') : 'nothing';
        },
        { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
      );
      expect(onTop, `at ${width}px, what shows where the chat button is`).toBe('the dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await close();

    // The admin area is a tool: no customer chat over its dialogs, and no marketing footer under its pages.
    const admin = await rolePage(browser, 'admin', { viewport: { width: 390, height: HEIGHT } });
    await openInApp(admin.page, `/admin/contracts/${params['admin.contract']!.id}`);
    await settled(admin.page);
    await expect(admin.page.locator('.chat-slot')).toHaveCount(0);
    await expect(admin.page.locator('.site-footer')).toHaveCount(0);
    await admin.close();
  });

  for (const role of ROLES) {
    for (const code of LANGUAGES) {
      test(`${role} in ${code}`, async ({ browser }, testInfo) => {
        test.setTimeout(150_000);
        const pages = pagesOfRole(role, params);
        const { page, close } = await rolePage(browser, role, { viewport: { width: WIDTHS[0], height: HEIGHT } });
        // A page that crashed has no layout to check: its error is part of the report.
        page.on('pageerror', (error) => expect.soft(error.message, `uncaught error as ${role} in ${code} on ${page.url()}`).toBe(''));
        if (new URL(page.url()).pathname !== pages[0]!.path) await page.goto(pages[0]!.path);
        await settled(page);
        await switchLanguage(page, code);
        let widths: readonly number[] = WIDTHS;
        const menuOpenedAt = new Set<number>();
        for (const entry of pages) {
          if (new URL(page.url()).pathname !== entry.path) await openInApp(page, entry.path);
          await settled(page);
          await checkPage(page, testInfo, role, code, entry, widths, menuOpenedAt);
          // The next page starts at the width this one ended with: one resize fewer per page.
          widths = [...widths].reverse();
        }
        await close();
      });
    }
  }
});
