import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { waitForQuiet } from '../support/quiet';

test.describe('composed site', () => {
  test('loads the shell with the landing remote, header, footer and chat, without console errors', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' })).toHaveAttribute('target', '_blank');
    // The chat remote renders in its own slot.
    await expect(page.locator('.chat-slot button').first()).toBeVisible();
    await waitForQuiet(page);
    // A second React copy would show up here as invalid hook call errors.
    expect(errors).toEqual([]);
  });

  test('navigates across remotes inside one page, scrolling to the top each time', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contractors' }).click();
    await expect(page).toHaveURL(/\/contractors$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // From the landing remote to the auth remote without a full page load.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
    expect(errors).toEqual([]);
  });

  test('sends a signed-out visit of a client page to / and remembers the requested page', async ({ page }) => {
    await page.goto('/main/projects?status=open');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('requested_client_page'))).toBe('/main/projects?status=open');
    await page.goto('/admin/contractors');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('requested_admin_page'))).toBe('/admin/contractors');
  });

  test('switches to French without a reload, and French survives a reload', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(header.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: "Conditions d'utilisation" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr');
  });

  test('shows a translated 404 page for an unknown address', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('a remote whose manifest answers 404 shows its fallback after one automatic retry', async ({ page }) => {
    let attempts = 0;
    await page.route('**/remotes/mfe-auth/mf-manifest.json', (route) => {
      attempts += 1;
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.goto('/login');
    await expect(page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' })).toBeVisible();
    expect(attempts).toBe(2);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  });

  test('a remote whose code fails to run is contained the same way', async ({ page }) => {
    await page.route('**/remotes/mfe-auth/remoteEntry.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken deploy");' }),
    );
    await page.goto('/login');
    await expect(page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  });
});
