import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';

const THIRD_PARTY = 'https://third-party.test';

/** The messaging app must never be reached from a test: answer it locally. */
async function stubMessagingApp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'ok', contentType: 'text/plain' }));
}

/** Clicks `button` and returns the URL of the tab it opens. */
async function openedUrl(context: BrowserContext, click: () => Promise<void>): Promise<URL> {
  const tab = context.waitForEvent('page');
  await click();
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/^https:\/\/wa\.me\//);
  return new URL(opened.url());
}

function chatDialog(page: Page, name: string) {
  return page.getByRole('dialog', { name });
}

test('inside the site: answers after the delay, back resets, the language switch resets, the agent opens the messaging app', async ({
  page,
  context,
}) => {
  await stubMessagingApp(context);
  await page.goto('/');

  const toggle = page.getByRole('button', { name: 'Need help?' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const dialog = chatDialog(page, 'Fundament support');
  await expect(dialog).toBeVisible();
  const log = dialog.getByRole('log');
  await expect(log).toContainText('How can we help you today?');
  await expect(dialog.getByRole('button', { name: 'Pricing' })).toBeFocused();
  await expect(dialog.getByRole('group').getByRole('button')).toHaveText(['Pricing', 'Support', 'Dispute', 'Talk to an agent']);

  await dialog.getByRole('button', { name: 'Pricing' }).click();
  await dialog.getByRole('button', { name: 'How much does Fundament cost?' }).click();
  await expect(log.locator('.chat__message--sent')).toHaveText('You: How much does Fundament cost?');
  await expect(log.locator('.chat__message--received').last()).toContainText("Fundament's platform fee of 1.5 %");
  // On the site itself the answer's link stays on the page.
  await expect(log.getByRole('link', { name: 'See the fees, with an example' })).toHaveAttribute('href', '/fees');
  await expect(dialog.getByRole('button', { name: 'How much does Fundament cost?' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('site.png') });

  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(log.getByRole('paragraph')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Pricing' })).toBeVisible();

  // The shell's language switch, with a conversation under way.
  await dialog.getByRole('button', { name: 'Support' }).click();
  await dialog.getByRole('button', { name: 'I cannot log in' }).click();
  await expect(log.getByRole('paragraph')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  const french = chatDialog(page, 'Assistance Fundament');
  await expect(french).toBeVisible();
  await expect(french.getByRole('log').getByRole('paragraph')).toHaveCount(1);
  await expect(french.getByRole('log')).toContainText('Comment pouvons-nous vous aider');
  await expect(french.getByRole('group').getByRole('button')).toHaveText(['Tarifs', 'Assistance', 'Litige', 'Parler à un conseiller']);

  const url = await openedUrl(context, () => french.getByRole('button', { name: 'Parler à un conseiller' }).click());
  expect(url.pathname).toBe('/33184800000');
  expect(url.searchParams.get('text')).toBe("Bonjour l'assistance Fundament, j'ai besoin d'aide.");
  await expect(french).toBeHidden();
  await expect(page.getByRole('button', { name: "Besoin d'aide ?" })).toBeFocused();
});

test('the standalone page: the embed on its own, switched to French by a command, usable by keyboard and at 375 px', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/remotes/mfe-chat/embed/demo.html');

  await page.getByRole('button', { name: 'Need help?' }).focus();
  await page.keyboard.press('Enter');
  const dialog = chatDialog(page, 'Fundament support');
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.y).toBeGreaterThanOrEqual(0);

  // Keyboard only: the focus is on the first topic, Tab walks to Dispute.
  await expect(dialog.getByRole('button', { name: 'Pricing' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Dispute' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'How does arbitration work?' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('log')).toContainText('6 weeks to 3 months');
  await page.screenshot({ path: test.info().outputPath('standalone-375.png') });

  // The demo's own button (under the open panel on a phone, so pressed without a pointer).
  await page.getByRole('button', { name: 'locale fr' }).dispatchEvent('click');
  const french = chatDialog(page, 'Assistance Fundament');
  await expect(french).toBeVisible();
  await expect(french.getByRole('log').getByRole('paragraph')).toHaveCount(1);
  await expect(french.getByRole('button', { name: 'Litige' })).toBeVisible();

  await french.getByRole('button', { name: 'Litige' }).click();
  await page.keyboard.press('Escape');
  await expect(french).toBeHidden();
  await expect(page.getByRole('button', { name: "Besoin d'aide ?" })).toBeFocused();
  expect(errors).toEqual([]);
});

test('embedded in a hostile third-party page: looks and works right, and leaks no style', async ({ page, context, baseURL }) => {
  const errors = collectPageErrors(page);
  await stubMessagingApp(context);
  // Here the product server is on loopback, which Chromium shields from public pages (Local Network Access);
  // in production both are public and no permission is involved.
  await context.grantPermissions(['local-network-access'], { origin: THIRD_PARTY });
  const html = readFileSync(path.join(__dirname, '..', 'fixtures', 'hostile-page.html'), 'utf8').replace('__CHAT_ORIGIN__', baseURL ?? '');
  await page.route(`${THIRD_PARTY}/**`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${THIRD_PARTY}/shop`);

  const toggle = page.getByRole('button', { name: "Besoin d'aide ?" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveCSS('font-size', '15px');
  await expect(toggle).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(toggle).toHaveCSS('background-color', 'rgb(31, 78, 140)');
  // data-position="bottom-left": pinned to the lower left corner.
  const toggleBox = await toggle.boundingBox();
  expect(toggleBox!.x).toBeCloseTo(24, 0);
  expect(toggleBox!.y + toggleBox!.height).toBeCloseTo(800 - 24, 0);

  await toggle.click();
  const dialog = chatDialog(page, 'Assistance Fundament');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await dialog.getByRole('button', { name: 'Assistance' }).click();
  const question = dialog.getByRole('button', { name: "Je n'ai pas reçu mon e-mail de vérification" });
  await expect(question).toHaveCSS('font-size', '15px');
  await question.click();
  const answer = dialog.getByRole('log').locator('.chat__message--received').last();
  await expect(answer).toContainText('nous envoyons un lien à votre adresse e-mail');
  // On another site, the answer's link leads to the product, in a new tab.
  await expect(answer.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', `${baseURL}/login`);
  await expect(answer.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('target', '_blank');
  await expect(answer).toHaveCSS('color', 'rgb(20, 33, 61)');
  await expect(answer).toHaveCSS('font-size', '15px');

  // The host page keeps exactly its own styles: nothing was added to its document.
  const hostText = page.locator('#host-text');
  await expect(hostText).toHaveCSS('font-size', '40px');
  await expect(hostText).toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(hostText).not.toHaveCSS('font-family', /system-ui/);
  // (Locators pierce shadow roots; the document's own list does not.)
  expect(await page.evaluate(() => document.querySelectorAll('style, link[rel="stylesheet"]').length)).toBe(1);

  await page.screenshot({ path: test.info().outputPath('hostile-page.png') });

  const url = await openedUrl(context, () => dialog.getByRole('button', { name: 'Parler à un conseiller' }).click());
  expect(url.pathname).toBe('/237699001122');
  expect(url.searchParams.get('text')).toBe("Bonjour l'assistance Fundament, j'ai besoin d'aide au sujet de : Assistance");
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
