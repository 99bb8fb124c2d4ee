import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { DEMO } from '../support/people';

/**
 * `pnpm dev`, as a developer starts it: the API with live reload and every
 * app on its own development server (shared/build/dev-ports.cjs), the shell
 * composing the remotes from those servers.
 */
const root = path.join(__dirname, '..', '..');
const shell = 'http://localhost:3000';

let dev: ChildProcess;
let dataDir: string;

async function waitFor(url: string, deadline = Date.now() + 300_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // still compiling
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer`);
}

test.describe.configure({ timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'fundament-dev-'));
  dev = spawn('pnpm', ['dev'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  await waitFor('http://127.0.0.1:3001/api/v1/health');
  for (const port of [3000, 3101, 3102, 3103, 3104, 3105]) await waitFor(`http://127.0.0.1:${port}/`);
});

test.afterAll(async () => {
  // pnpm, the API's watcher and the six webpack servers are one process group.
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    try {
      process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // already stopped
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  // The database may still be closing its files.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
});

test('pnpm dev composes every remote from its own server, with the API behind the shell', async ({ page }) => {
  const errors = collectPageErrors(page);
  const remotes = (await (await fetch(`${shell}/remotes.json`)).json()) as Record<string, string>;
  expect(Object.keys(remotes).sort()).toEqual(['mfe_admin', 'mfe_auth', 'mfe_chat', 'mfe_client', 'mfe_landing']);
  expect(remotes.mfe_landing).toBe('http://localhost:3101/mf-manifest.json');

  await page.goto(`${shell}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Build and renovate/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Need help?' })).toBeVisible();

  await page.goto(`${shell}/login`);
  await page.getByLabel('Email').fill(DEMO.client.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.client.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(errors.filter((message) => message.startsWith('pageerror'))).toEqual([]);
});
