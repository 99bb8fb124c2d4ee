import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shared/src/routing/route-table';
import { REMOTE_PACKAGES, type RemoteName } from '../../shared/src/federation/remote-names';
import { collectPageErrors } from '../support/console';
import { adminSignIn, apiToken, DEMO, signIn } from '../support/people';

/**
 * Each remote's smoke test: its standalone development server renders every
 * page it owns, and the production site renders it inside the shell. A team
 * runs its own with `pnpm --filter <remote> test` (REMOTE names it); the full
 * suite runs all of them.
 */
const root = path.join(__dirname, '..', '..');
const devPort = Number(process.env.E2E_PORT ?? 3100) + 700;

const only = process.env.REMOTE;
const selected = (Object.keys(REMOTE_PACKAGES) as RemoteName[]).filter((name) => !only || only === name || only === REMOTE_PACKAGES[name]);

/** How each remote shows itself inside the composed site. */
const IN_SHELL: Record<RemoteName, (page: Page) => Promise<void>> = {
  mfe_landing: async (page) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Build and renovate/ })).toBeVisible();
  },
  mfe_auth: async (page) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
  },
  mfe_client: async (page) => {
    await signIn(page, DEMO.client.email, DEMO.client.password);
    await expect(page.locator('main h1').first()).toBeVisible();
  },
  mfe_admin: async (page) => {
    await adminSignIn(page);
    await expect(page.locator('main h1').first()).toBeVisible();
  },
  mfe_chat: async (page) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Need help?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
};

/** Who uses a remote's pages standalone: its signed-in area needs the matching session. */
const SIGNED_IN: Partial<Record<RemoteName, { storageKey: string; account: { email: string; password: string }; admin: boolean }>> = {
  mfe_client: { storageKey: 'access_token', account: DEMO.client, admin: false },
  mfe_admin: { storageKey: 'admin_access_token', account: DEMO.admin, admin: true },
};

/** `pnpm --filter <remote> dev`, on a port of the test's own, with the test server as its API. */
function startDevServer(pkg: string, api: string): ChildProcess {
  return spawn('pnpm', ['exec', 'webpack', 'serve', '--mode', 'development', '--port', String(devPort)], {
    cwd: path.join(root, pkg),
    env: { ...process.env, DEV_API_URL: api },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
}

async function waitForPage(url: string, deadline = Date.now() + 150_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // still compiling
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

function stop(server: ChildProcess): void {
  // The whole process group: pnpm, webpack and its workers.
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

for (const remote of selected) {
  const pkg = REMOTE_PACKAGES[remote];

  test.describe(`${pkg}`, () => {
    test(`standalone development server renders its pages`, async ({ page, request, baseURL }) => {
      test.setTimeout(240_000);
      const server = startDevServer(pkg, baseURL ?? '');
      try {
        const base = `http://127.0.0.1:${devPort}`;
        await waitForPage(`${base}/`);
        const errors = collectPageErrors(page);
        const session = SIGNED_IN[remote];
        if (session) {
          const token = await apiToken(request, session.account.email, session.account.password, session.admin);
          await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [session.storageKey, token] as const);
        }
        if (remote === 'mfe_chat') {
          await page.goto(`${base}/`);
          await expect(page.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
          await page.getByRole('button', { name: 'Need help?' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        } else {
          // Every page without parameters, reached through the standalone bar (client-side, like a developer would).
          const pages = ROUTES.filter((route) => route.remote === remote && !route.path.includes(':'));
          await page.goto(`${base}${pages[0]?.path ?? '/'}`);
          const bar = page.getByRole('navigation', { name: 'Pages' });
          await expect(page.getByText(`${remote} (standalone)`)).toBeVisible();
          for (const route of pages) {
            await bar.getByRole('link', { name: route.name, exact: true }).click();
            // Each page renders content of its own (a link-only page such as /verify-email may forward, as in the site).
            await expect(page.locator('main h1, main h2').first()).toBeVisible();
          }
        }
        expect(errors.filter((message) => message.startsWith('pageerror'))).toEqual([]);
      } finally {
        stop(server);
      }
    });

    test(`renders inside the shell`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await IN_SHELL[remote](page);
      await expect(page.getByRole('alert').filter({ hasText: /unavailable|being updated/ })).toHaveCount(0);
      expect(errors.filter((message) => message.startsWith('pageerror'))).toEqual([]);
    });
  });
}
