import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';

// A Module Federation host that is not ours (examples/foreign-host: React 18, React Router 6, nothing
// shared, nothing from the workspace), built here, on an origin of its own, mounting the chat from the
// production build's manifest through the remote's `./mount`.

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', 'foreign-host');
const DIST = path.join(EXAMPLE, 'dist');
const PARTNER = 'https://partner-app.test';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.txt': 'text/plain' };

test.beforeAll(() => {
  test.setTimeout(240_000);
  execFileSync('pnpm', ['--filter', 'example-foreign-host', 'build'], { cwd: EXAMPLE, stdio: 'pipe' });
});

test('a foreign host with its own React and router mounts the chat from the manifest, and unmounts it on leaving the page', async ({
  page,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  await page.context().grantPermissions(['local-network-access'], { origin: PARTNER });
  // The partner's static server: its files, and its index page for every route (history mode).
  await page.route(`${PARTNER}/**`, (route) => {
    const file = path.join(DIST, new URL(route.request().url()).pathname);
    const found = file.startsWith(DIST) && existsSync(file) && !file.endsWith(path.sep) && path.extname(file) !== '';
    const served = found ? file : path.join(DIST, 'index.html');
    return route.fulfill({ body: readFileSync(served), contentType: TYPES[path.extname(served)] ?? 'application/octet-stream' });
  });
  const manifest = `${baseURL}/remotes/mfe-chat/mf-manifest.json`;
  const manifestLoaded = page.waitForResponse((response) => response.url() === manifest && response.ok());
  await page.goto(`${PARTNER}/?chat=${encodeURIComponent(manifest)}`);
  await expect(page.getByTestId('react-version')).toHaveText('18.3.1');

  // The host's own router takes it to its help page, where the chat mounts.
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(`${PARTNER}/help`);
  await manifestLoaded;
  const toggle = page.getByRole('button', { name: 'Need help?' });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Fundament support' });
  await dialog.getByRole('button', { name: 'Pricing' }).click();
  await dialog.getByRole('button', { name: 'How much does Fundament cost?' }).click();
  await expect(dialog.getByRole('log')).toContainText("Fundament's platform fee of 1.5 %");
  // Its links lead to the product, not to the partner's app.
  await expect(dialog.getByRole('link', { name: 'See the fees, with an example' })).toHaveAttribute('href', `${baseURL}/fees`);
  // The chat's own shadow root and styles: nothing of it in the partner's document.
  expect(await page.evaluate(() => document.querySelectorAll('style, link[rel="stylesheet"]').length)).toBe(0);

  // The host re-renders with another locale: the chat follows.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: "Besoin d'aide ?" })).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.locator('[data-support-chat]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
