import type { Page } from '@playwright/test';

/**
 * Waits until the page has loaded and fetched nothing new for `quietMs`.
 * Playwright's `networkidle` never comes on a signed-in page: the live
 * notification stream stays open for as long as the page does. A resource
 * entry is written when a request ends, so the open stream does not count.
 */
export async function waitForQuiet(page: Page, quietMs = 700, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count !== seen) {
      seen = count;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`The page kept loading for ${timeoutMs} ms`);
}
