import { expect, test } from '@playwright/test';

// This server's remotes.json points the auth remote at a port where nothing listens.
test('a remote on a dead port shows its fallback with a retry, and the rest of the site keeps working', async ({ page }) => {
  let attempts = 0;
  page.on('requestfailed', (request) => {
    if (request.url().startsWith('http://127.0.0.1:9/')) attempts += 1;
  });
  await page.goto('/login');
  const fallback = page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });
  await expect(fallback).toBeVisible();
  expect(attempts).toBe(2);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => attempts).toBeGreaterThan(2);
  await expect(page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' })).toBeVisible();

  // Other remotes are untouched: the landing page and its French translation work.
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'unavailable' })).toHaveCount(0);
});
