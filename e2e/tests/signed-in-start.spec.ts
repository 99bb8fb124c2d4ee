import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiToken } from '../support/people';

/**
 * A returning client's or admin's page is drawn in the browser (it is never prerendered):
 * until the shell has started, the page the server sent is all there is. That
 * page shows the header's bar with the logo where the real header will be, and
 * the loading wheel where the page's own wheel will turn, so the first paint
 * already looks like the product and nothing jumps when the shell takes over.
 */
const AREAS = [
  {
    name: 'client',
    person: DEMO.client,
    admin: false,
    path: '/main/projects',
    remote: 'mfe-client',
    heading: 'Projects',
    tokenKey: 'access_token',
    session: '**/api/v1/auth/me',
    widths: [390, 768, 1280, 1440],
  },
  // The admin's header is two rows high from 1,024 px, as the client's.
  {
    name: 'admin',
    person: DEMO.admin,
    admin: true,
    path: '/admin/clients',
    remote: 'mfe-admin',
    heading: 'Clients',
    tokenKey: 'admin_access_token',
    session: '**/api/v1/admin/auth/me',
    widths: [390, 1280],
  },
] as const;

/** Holds the answers to the session's check until the returned function is called, as a slow network would; `answered` says whether it was. */
async function holdSession(page: Page, session: string): Promise<{ answer: () => void; answered: () => boolean }> {
  let answer!: () => void;
  let answered = false;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(session, async (route) => {
    await held;
    answered = true;
    await route.continue();
  });
  return { answer, answered: () => answered };
}

interface Frame {
  /** What the root showed: the start-up page's bar, the real header, or neither. */
  shows: 'boot' | 'header' | 'nothing';
  bar?: { top: number; bottom: number; logoLeft: number; logoTop: number };
}

for (const area of AREAS) {
  for (const width of area.widths) {
    test(`a signed-in ${area.name} page shows the header's bar from its first paint until the header arrives, at ${width} px`, async ({
      browser,
      request,
    }) => {
      const token = await apiToken(request, area.person.email, area.person.password, area.admin);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(
        ({ key, value }) => {
          window.localStorage.setItem(key, value);
          // Every state the root goes through, as painted: React commits a render in one go.
          const frames: Frame[] = [];
          (window as unknown as { rootFrames: Frame[] }).rootFrames = frames;
          const record = () => {
            const root = document.getElementById('root');
            if (!root) return;
            const header = root.querySelector('header.site-header');
            const boot = root.querySelector('.boot__bar');
            const bar = header ?? boot;
            const logo = bar?.querySelector('svg');
            const rect = bar?.getBoundingClientRect();
            frames.push({
              shows: header ? 'header' : boot ? 'boot' : 'nothing',
              ...(rect && logo
                ? {
                    bar: {
                      top: rect.top,
                      bottom: rect.bottom,
                      logoLeft: logo.getBoundingClientRect().left,
                      logoTop: logo.getBoundingClientRect().top,
                    },
                  }
                : {}),
            });
          };
          document.addEventListener('DOMContentLoaded', () => {
            record();
            new MutationObserver(record).observe(document.getElementById('root')!, { childList: true, subtree: true });
          });
        },
        { key: area.tokenKey, value: token },
      );
      const page = await context.newPage();
      // The session is answered late, as on a slow network: the shell has long finished its other start-up steps.
      const session = await holdSession(page, area.session);
      await page.goto(area.path);
      await page.waitForTimeout(1500);
      await expect(page.locator('#root .boot__bar svg')).toBeVisible();
      session.answer();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

      const frames = await page.evaluate(() => (window as unknown as { rootFrames: Frame[] }).rootFrames);
      await context.close();
      expect(frames[0]?.shows, 'the page as the server sent it').toBe('boot');
      expect(
        frames.filter((frame) => frame.shows === 'nothing'),
        'no moment without the bar',
      ).toEqual([]);
      const boot = frames.find((frame) => frame.shows === 'boot')!.bar!;
      const header = frames.filter((frame) => frame.shows === 'header').at(-1)!.bar!;
      // The real header takes the bar's place: same edges, the logo where it was.
      expect(Math.abs(boot.top - header.top)).toBeLessThanOrEqual(1);
      expect(Math.abs(boot.bottom - header.bottom)).toBeLessThanOrEqual(1);
      expect(Math.abs(boot.logoLeft - header.logoLeft)).toBeLessThanOrEqual(1);
      expect(Math.abs(boot.logoTop - header.logoTop)).toBeLessThanOrEqual(1);
    });
  }
}

for (const area of AREAS) {
  test(`a returning ${area.name}'s page gets its messages and code while the session is still being answered`, async ({ browser, request }) => {
    const token = await apiToken(request, area.person.email, area.person.password, area.admin);
    const context = await browser.newContext();
    await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), { key: area.tokenKey, value: token });
    const page = await context.newPage();
    const session = await holdSession(page, area.session);
    // The remote's files beyond its manifest, entry and routes module: the page's messages, code and styles.
    const ownFiles: { url: string; after: boolean }[] = [];
    const own = new RegExp(`^/remotes/${area.remote}/(?!mf-manifest|remoteEntry|__federation_expose_Routes)`);
    page.on('request', (sent) => {
      const url = new URL(sent.url()).pathname;
      if (own.test(url)) ownFiles.push({ url, after: session.answered() });
    });
    await page.goto(area.path);
    // Asked for while the session is held: they no longer wait for the page's first render, one round trip after another.
    await expect.poll(() => ownFiles.length, { timeout: 20_000 }).toBeGreaterThan(1);
    session.answer();
    await expect(page.getByRole('heading', { level: 1, name: area.heading })).toBeVisible({ timeout: 30_000 });
    expect(
      ownFiles.filter((file) => file.after).map((file) => file.url),
      'asked for only once the session answered',
    ).toEqual([]);
    await context.close();
  });
}
