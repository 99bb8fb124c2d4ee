import { expect, test, type Browser } from '@playwright/test';

/**
 * A public page arrives prerendered and is then taken over by the shell: what
 * the visitor reads must not jump while that happens (Cumulative Layout
 * Shift, as Lighthouse measures it, summed over every shift of the load).
 */
const PAGES = {
  '/': { en: 'Build and renovate with confidence, wherever you live', fr: 'Construisez et rénovez en toute confiance, où que vous viviez' },
  '/contractors': { en: 'Grow your business with verified projects', fr: 'Développez votre activité avec des projets vérifiés' },
  '/terms': { en: 'Terms of service', fr: "Conditions d'utilisation" },
  '/privacy': { en: 'Privacy policy', fr: 'Politique de confidentialité' },
} as const;

/** Lighthouse's mobile screen, and a laptop's. */
const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1280, height: 720 } },
] as const;

interface Shift {
  value: number;
  sources: string[];
}

async function shiftsWhileLoading(browser: Browser, screen: (typeof SCREENS)[number], locale: string, path: string, heading: string) {
  const { name: _name, ...options } = screen;
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
  await context.addInitScript((chosen) => {
    window.localStorage.setItem('locale', chosen);
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      type Rect = { x: number; y: number; width: number; height: number };
      const box = (rect: Rect) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
      }[]) {
        // Which element moved, and from where to where: what a failure needs to be understood.
        const sources = entry.sources.map((source) => {
          const node = source.node as Element | null | undefined;
          const name = node ? `${node.nodeName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}` : '?';
          return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, locale);
  const page = await context.newPage();
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1, name: heading });
  await expect(title).toBeVisible();
  // Hydrated: React has attached itself to the heading the server sent.
  await expect.poll(() => title.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 }).toBe(true);
  // Whatever the take-over still fetches (styles, chunks) has arrived and been laid out.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  await context.close();
  return shifts;
}

test.describe('public pages keep still while the shell takes them over', () => {
  for (const [path, headings] of Object.entries(PAGES)) {
    for (const locale of ['en', 'fr'] as const) {
      test(`${path} in ${locale}`, async ({ browser }) => {
        for (const screen of SCREENS) {
          const shifts = await shiftsWhileLoading(browser, screen, locale, path, headings[locale]);
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          expect(total, `${screen.name}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
        }
      });
    }
  }
});
