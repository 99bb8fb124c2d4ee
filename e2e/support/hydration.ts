import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has taken a prerendered element over: hydration attaches
 * its props to the node. Before that the server's HTML shows but does not
 * answer a click yet (the page's scripts may still be on their way).
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))), { timeout: 30_000 })
    .toBe(true);
}
