import { expect, test, type Page } from '@playwright/test';
import { bearer } from '../support/escrow-scene';
import { DEMO, apiToken, signIn } from '../support/people';

// An open conversation is a messenger's screen: on a laptop the thread fills the window's height
// beside the list (no short box with empty space below), and on a phone the composer sits at the
// bottom of the window as the thread opens, not after the messages above the site's footer.

async function demoConversation(page: Page): Promise<string> {
  const token = await apiToken(page.request, DEMO.client.email, DEMO.client.password);
  const answer = await page.request.get('/api/v1/conversations', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { id: string; contract_id: string | null }[] };
  const conversation = data.find((item) => item.contract_id !== null);
  expect(conversation, "the demo contract's conversation").toBeDefined();
  return conversation!.id;
}

/** Boxes of the thread's parts and the footer's top, in the window's coordinates, with the window's scroll. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect ? { top: rect.top, bottom: rect.bottom, height: rect.height } : null;
    };
    return {
      window: window.innerHeight,
      scrollY: window.scrollY,
      messages: box('.conversation-thread__messages'),
      composer: box('.conversation-composer'),
      footer: box('.site-footer'),
    };
  });
}

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px the open thread fills the window and its composer rests at the window's bottom`, async ({ page }) => {
    const id = await demoConversation(page);
    await page.setViewportSize({ width, height });
    await signIn(page, DEMO.client.email, DEMO.client.password);
    await page.goto(`/main/messages/${id}`);
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    const seen = await boxes(page);
    // The composer in the window without scrolling, its bottom within a few lines of the window's end.
    expect(seen.composer!.bottom).toBeLessThanOrEqual(seen.window);
    expect(seen.composer!.bottom).toBeGreaterThan(seen.window - 90);
    // The messages take the room between the thread's head and the composer: no empty space under the composer.
    expect(seen.messages!.bottom).toBeGreaterThan(seen.composer!.top - 40);
    expect(seen.messages!.height).toBeGreaterThan(width === 1280 ? 420 : 300);
    // The site's footer is below the window, not under the thread.
    expect(seen.footer!.top).toBeGreaterThanOrEqual(seen.window);
  });
}
