import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from '../support/console';

// The embed's page API as an integrator's page meets it, on an origin of its own: the snippet's
// queue before the script has loaded, the commands, and the events on window.

const PARTNER = 'https://partner.test';

/** The partner's page: the snippet and its listeners first, commands queued at once, the script loading async. */
function partnerPage(chatOrigin: string, queued: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>A partner's page</title></head>
  <body>
    <h1 id="partner-title">A partner's page</h1>
    <script>
      window.SupportChat = window.SupportChat || function () { (SupportChat.q = SupportChat.q || []).push(arguments); };
      window.chatEvents = [];
      ['ready', 'open', 'close', 'question', 'agent'].forEach(function (name) {
        window.addEventListener('support-chat:' + name, function (event) {
          window.chatEvents.push(name + ' ' + JSON.stringify(event.detail));
        });
      });
      ${queued}
    </script>
    <script src="${chatOrigin}/remotes/mfe-chat/embed/support-chat.js" async></script>
  </body>
</html>`;
}

async function openPartnerPage(page: Page, baseURL: string, queued: string) {
  // The product server is on loopback here, which Chromium shields from public pages (Local Network Access).
  await page.context().grantPermissions(['local-network-access'], { origin: PARTNER });
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'ok', contentType: 'text/plain' }));
  await page.route(`${PARTNER}/**`, (route) => route.fulfill({ body: partnerPage(baseURL, queued), contentType: 'text/html' }));
  await page.goto(`${PARTNER}/help`);
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { chatEvents: string[] }).chatEvents);
const command = (page: Page, ...args: unknown[]) =>
  page.evaluate((call) => (window as unknown as { SupportChat: (...a: unknown[]) => void }).SupportChat(...call), args);

test('commands queued before the script loaded run once it has, and every event reaches the page in order', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page);
  await openPartnerPage(page, baseURL!, `SupportChat('locale', 'fr'); SupportChat('position', 'bottom-left'); SupportChat('open');`);

  // Queued in the page's first lines: open, in French, in the lower left corner.
  const dialog = page.getByRole('dialog', { name: 'Assistance Fundament' });
  await expect(dialog).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Fermer le chat', expanded: true });
  const box = await toggle.boundingBox();
  expect(box!.x).toBeCloseTo(24, 0);
  await expect.poll(() => events(page)).toEqual(['ready {"locale":"fr","position":"bottom-left"}', 'open {}']);

  await dialog.getByRole('button', { name: 'Tarifs' }).click();
  await dialog.getByRole('button', { name: 'Combien coûte Fundament ?' }).click();
  await expect(dialog.getByRole('log')).toContainText('1,5 %');
  const tab = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Parler à un conseiller' }).click();
  await (await tab).close();
  await expect(dialog).toBeHidden();

  // The page's own buttons would call these.
  await command(page, 'toggle');
  await expect(dialog).toBeVisible();
  await command(page, 'locale', 'en');
  await expect(page.getByRole('dialog', { name: 'Fundament support' })).toBeVisible();
  await command(page, 'close');
  await expect(page.getByRole('button', { name: 'Need help?' })).toBeVisible();

  const text = encodeURIComponent("Bonjour l'assistance Fundament, j'ai besoin d'aide au sujet de : Tarifs");
  await expect
    .poll(() => events(page))
    .toEqual([
      'ready {"locale":"fr","position":"bottom-left"}',
      'open {}',
      'question {"id":"pricing-fee"}',
      `agent {"url":"https://wa.me/33184800000?text=${text}"}`,
      'close {}',
      'open {}',
      'close {}',
    ]);
  expect(errors).toEqual([]);
});

test('shutdown leaves nothing of the chat on the page, and boot brings it back', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page);
  await openPartnerPage(page, baseURL!, `SupportChat('open');`);
  const ownElements = () =>
    page.evaluate(() => ({
      styles: document.querySelectorAll('style, link').length,
      body: Array.from(document.body.children, (child) => child.tagName),
    }));
  await expect(page.getByRole('dialog', { name: 'Fundament support' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Support' }).click();

  // A sign-out: the widget, its shadow root and its conversation go.
  await command(page, 'shutdown');
  expect(await page.evaluate(() => document.querySelectorAll('[data-support-chat]').length)).toBe(0);
  // Only the partner's own elements are left: its heading and its two scripts.
  expect(await ownElements()).toEqual({ styles: 0, body: ['H1', 'SCRIPT', 'SCRIPT'] });
  await expect(page.getByRole('button', { name: /Need help|Close chat/ })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The next visitor's boot starts afresh: closed, on the welcome message once opened.
  await command(page, 'boot', { locale: 'fr' });
  await expect(page.getByRole('button', { name: "Besoin d'aide ?" })).toBeVisible();
  await page.getByRole('button', { name: "Besoin d'aide ?" }).click();
  await expect(page.getByRole('dialog', { name: 'Assistance Fundament' }).getByRole('log').getByRole('paragraph')).toHaveCount(1);
  await expect
    .poll(() => events(page))
    .toEqual(['ready {"locale":"en","position":"bottom-right"}', 'open {}', 'ready {"locale":"fr","position":"bottom-right"}', 'open {}']);
  expect(errors).toEqual([]);
});

test('a page that loads the chat on consent: nothing until boot; an empty number disables the agent', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page);
  await openPartnerPage(page, baseURL!, `SupportChat('shutdown'); SupportChat('phone', '');`);
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { SupportChat?: { loaded?: boolean } }).SupportChat?.loaded))).toBe(true);
  await expect(page.getByRole('button', { name: 'Need help?' })).toHaveCount(0);
  await command(page, 'boot', { phone: '' });
  await page.getByRole('button', { name: 'Need help?' }).click();
  const agent = page.getByRole('dialog').getByRole('button', { name: 'Talk to an agent' });
  await expect(agent).toBeDisabled();
  await expect(page.getByRole('dialog')).toContainText('Talking to an agent is not available at the moment.');
  expect(errors).toEqual([]);
});

test('the demo page sends each command from its buttons and logs every event', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/remotes/mfe-chat/embed/demo.html');
  const log = page.getByRole('list', { name: 'Events' });
  await expect(log.getByRole('listitem')).toHaveText(['support-chat:ready {"locale":"en","position":"bottom-right"}']);
  await page.getByRole('button', { name: 'open', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Fundament support' })).toBeVisible();
  await page.getByRole('button', { name: 'locale fr' }).click();
  await expect(page.getByRole('dialog', { name: 'Assistance Fundament' })).toBeVisible();
  await page.getByRole('button', { name: 'position bottom-left' }).click();
  await page.getByRole('button', { name: 'phone (none)' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Parler à un conseiller' })).toBeDisabled();
  await page.getByRole('button', { name: 'toggle' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'shutdown' }).click();
  await expect(page.getByRole('button', { name: "Besoin d'aide ?" })).toHaveCount(0);
  await page.getByRole('button', { name: 'boot' }).click();
  await expect(page.getByRole('button', { name: 'Need help?' })).toBeVisible();
  await expect(log.getByRole('listitem')).toHaveText([
    'support-chat:ready {"locale":"en","position":"bottom-right"}',
    'support-chat:open',
    'support-chat:close',
    'support-chat:ready {"locale":"en","position":"bottom-right"}',
  ]);
  await page.screenshot({ path: test.info().outputPath('demo-1280.png'), fullPage: true });
  expect(errors).toEqual([]);
});
