import { expect, test, type Page } from '@playwright/test';
import { pagesFor, realParams } from '../support/route-pages';

// The floating "Need help?" button sits over the page: it must never cover one of the page's
// own controls where the page comes to rest (its first screen and its end), on every public
// page of the route table and on both steps of the sign-up form, at the widths people use, in
// both languages (French words are longer); on a phone it also steps aside while the visitor types.

const CASES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
] as const;
const LOCALES = ['en', 'fr'] as const;
const NAMES = { en: 'Need help?', fr: "Besoin d'aide ?" };

/** The page's visible controls whose box meets the chat button's, named for the report. */
async function controlsUnderTheChat(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const slot = document.querySelector('.chat-slot');
    if (!slot) return ['no chat button on the page'];
    // Stepped aside (hidden) where no place in its corner is free: it covers nothing.
    if (getComputedStyle(slot).visibility === 'hidden') return [];
    const chat = slot.getBoundingClientRect();
    const meets = (box: DOMRect) =>
      box.width > 0 && box.height > 0 && box.left < chat.right && box.right > chat.left && box.top < chat.bottom && box.bottom > chat.top;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, label, [role="button"], [tabindex="0"]',
    );
    return [...controls]
      .filter((element) => !element.closest('.chat-slot, .skip-link, [hidden]') && element.getClientRects().length > 0)
      .filter((element) => getComputedStyle(element).visibility !== 'hidden' && meets(element.getBoundingClientRect()))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} “${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || '').trim().slice(0, 40)}”`,
      );
  });
}

/** What the launcher covers once it has come to rest (it may move out of the way: a short slide). */
async function coveredOnceStill(page: Page): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(async () => (found = await controlsUnderTheChat(page)), { timeout: 2_000, intervals: [100, 200, 300, 500] })
    .toEqual([])
    .catch(() => undefined);
  return found;
}

/** Waits for the launcher, then lists what it covers on the first screen and at the end of the page. */
async function coveredAtRest(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('.chat-slot').getByRole('button', { name: new RegExp(`${NAMES.en}|${NAMES.fr}`), includeHidden: true })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(page.locator('main h1').first()).toBeVisible();
  const found = (await coveredOnceStill(page)).map((control) => `${where}, first screen: ${control}`);
  // Scrolled again at each look: pictures arriving lengthen the page.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      }),
    )
    .toBe(true);
  found.push(...(await coveredOnceStill(page)).map((control) => `${where}, end of the page: ${control}`));
  return found;
}

for (const { width, height } of CASES) {
  for (const locale of LOCALES) {
    test(`at ${width} px in ${locale}, the chat button covers no control on any public page, at its start and at its end`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const params = await realParams(request);
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((chosen) => window.localStorage.setItem('locale', chosen), locale);
      const page = await context.newPage();
      const covered: string[] = [];
      for (const { path } of pagesFor(false, params)) {
        await page.goto(path);
        covered.push(...(await coveredAtRest(page, path)));
        // Where the corner is free the launcher is there to be pressed: moving aside is the exception.
        if (path === '/') {
          await page.evaluate(() => window.scrollTo(0, 0));
          await expect(page.getByRole('button', { name: NAMES[locale] })).toBeVisible();
        }
      }
      await page.goto('/no-such-page');
      covered.push(...(await coveredAtRest(page, 'the 404 page')));
      expect(covered).toEqual([]);
      await context.close();
    });

    test(`at ${width} px in ${locale}, the chat button covers no control on either step of the sign-up form`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((chosen) => window.localStorage.setItem('locale', chosen), locale);
      const page = await context.newPage();
      await page.goto('/sign-up');
      const covered = await coveredAtRest(page, 'sign-up step 1');
      // The refusals lengthen the form: the controls move down under the corner.
      await page.getByRole('button', { name: locale === 'fr' ? 'Continuer' : 'Continue' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      covered.push(...(await coveredAtRest(page, 'sign-up step 1 with its refusals')));
      const fr = locale === 'fr';
      await page.getByLabel(fr ? 'Prénom' : 'First name').fill('Amara');
      await page.getByLabel(fr ? 'Nom' : 'Last name', { exact: true }).fill('Diallo');
      await page.getByLabel(fr ? 'E-mail' : 'Email').fill(`chat.placement.${width}.${locale}.${Date.now()}@example.com`);
      await page.getByLabel(fr ? 'Pays' : 'Country').selectOption({ index: 1 });
      await page.getByLabel(fr ? 'Ville' : 'City').fill('Dakar');
      await page.getByLabel(fr ? 'Numéro de téléphone' : 'Phone number').fill('+221 77 123 45 67');
      await page.getByRole('button', { name: fr ? 'Continuer' : 'Continue' }).click();
      await expect(page.getByText(fr ? 'Étape 2 sur 2' : 'Step 2 of 2')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      covered.push(...(await coveredAtRest(page, 'sign-up step 2')));
      expect(covered).toEqual([]);
      await context.close();
    });
  }
}

test('on a phone the chat button steps aside while a field is being typed in, and comes back after', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/sign-up');
  const chat = page.getByRole('button', { name: 'Need help?' });
  await expect(chat).toBeVisible({ timeout: 15_000 });
  // The shell's stand-in goes once the chat itself has loaded; the chat does the stepping aside.
  await chat.hover();
  await expect(page.locator('.chat-slot .chat-launcher')).toHaveCount(0, { timeout: 15_000 });
  const field = page.getByRole('textbox').first();
  await field.click();
  await expect(chat).toBeHidden();
  await page.keyboard.press('Escape');
  await field.blur();
  await expect(chat).toBeVisible();
  await context.close();
});
