import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/console';
import { startSite, startStaticHost, waitForHealth } from '../support/deploy-scene';

/**
 * A team deploys the landing remote on its own: builds published under new
 * URLs of a static host (another origin, as a CDN), the shell pointed at them
 * by editing remotes.json, with no shell rebuild and no server restart.
 */
const root = path.join(__dirname, '..', '..');
const port = Number(process.env.E2E_PORT ?? 3100) + 600;
const cdnPort = port + 1;
const site = `http://127.0.0.1:${port}`;
const cdn = `http://127.0.0.1:${cdnPort}`;

// The next major of `shared`: a release built against it needs code the running shell does not have.
const sharedVersion = (JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const currentMajor = Number(sharedVersion.split('.')[0]);
const NEXT_MAJOR = `${currentMajor + 1}.0.0`;

const HEADING = 'Build and renovate with confidence, wherever you live';
const NEW_HEADING = 'Build and renovate with confidence, from anywhere';

let work: string;
let remotesFile: string;
let cdnServer: Server;
let siteServer: ChildProcess;

/** Where remotes.json sends the landing remote: one edit of the deployment file. */
const pointLandingAt = (release: string) => writeFileSync(remotesFile, JSON.stringify({ mfe_landing: `${cdn}/${release}/mf-manifest.json` }));

/**
 * `pnpm check:remote`, as a team runs it before editing remotes.json (asynchronously:
 * the static host answering it lives in this process).
 */
function checkRemote(name: string, manifest: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'scripts', 'check-remote.mjs'), name, manifest, '--against', site], (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A second release of the built remote: the same build with the hero heading reworded in its English catalog. */
function publishReworded(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(to).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(to, file), 'utf8');
    if (text.includes(HEADING)) {
      writeFileSync(path.join(to, file), text.split(HEADING).join(NEW_HEADING));
      changed += 1;
    }
  }
  if (changed === 0) throw new Error('the landing build does not contain the hero heading');
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(tmpdir(), 'fundament-deploys-'));
  const releases = path.join(work, 'cdn');
  cpSync(path.join(root, 'mfe-landing', 'dist'), path.join(releases, 'v1'), { recursive: true });
  publishReworded(path.join(root, 'mfe-landing', 'dist'), path.join(releases, 'v2'));
  // A release built against the next major of `shared`, which the running shell does not have.
  const build = spawnSync('pnpm', ['exec', 'webpack', '--mode', 'production', '--output-path', path.join(releases, 'next-major')], {
    cwd: path.join(root, 'mfe-landing'),
    env: { ...process.env, FEDERATION_SHARED_VERSION: NEXT_MAJOR },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building the next-major release failed:\n${build.stdout}${build.stderr}`);

  cdnServer = await startStaticHost(releases, cdnPort);
  remotesFile = path.join(work, 'remotes.json');
  pointLandingAt('v1');
  siteServer = startSite(port, path.join(work, 'data'), { REMOTES_FILE: remotesFile });
  await waitForHealth(site);
});

test.afterAll(async () => {
  siteServer?.kill('SIGTERM');
  await new Promise<void>((resolve) => (cdnServer ? cdnServer.close(() => resolve()) : resolve()));
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a new release goes live by editing remotes.json, and rolls back the same way, with no rebuild or restart', async ({ page }) => {
  const errors = collectPageErrors(page);
  const serverPid = siteServer.pid;

  await page.goto(`${site}/`);
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();

  // The deploy check passes for the new release before the switch.
  expect(await checkRemote('mfe-landing', `${cdn}/v2/mf-manifest.json`)).toMatchObject({
    status: 0,
    output: expect.stringContaining('safe to point remotes.json at it'),
  });
  pointLandingAt('v2');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: NEW_HEADING })).toBeVisible();

  // Rolling back is the same edit.
  pointLandingAt('v1');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();

  expect(siteServer.pid).toBe(serverPid);
  expect(siteServer.exitCode).toBeNull();
  expect(errors).toEqual([]);
});

test('a release built against a newer major of shared is refused by the deploy check, and if deployed anyway shows its fallback', async ({
  page,
}) => {
  const check = await checkRemote('mfe_landing', `${cdn}/next-major/mf-manifest.json`);
  expect(check.status).toBe(1);
  expect(check.output).toContain(`[shared-incompatible] shared: the shell provides ${sharedVersion}, the remote needs ^${NEXT_MAJOR}`);

  const errors = collectPageErrors(page);
  pointLandingAt('next-major');
  try {
    await page.goto(`${site}/`);
    const fallback = page.getByRole('alert').filter({ hasText: 'This part of the site is being updated' });
    await expect(fallback).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toHaveCount(0);
    // The rest of the site keeps working: header and footer, and another remote's page.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'being updated' })).toHaveCount(0);
    // The console names the remote and both versions, and nothing was left uncaught.
    expect(
      errors.some(
        (message) =>
          message.includes(`mfe_landing is incompatible`) && message.includes(`^${NEXT_MAJOR}`) && message.includes(`provides ${sharedVersion}`),
      ),
    ).toBe(true);
    expect(errors.filter((message) => message.startsWith('pageerror'))).toEqual([]);
  } finally {
    pointLandingAt('v1');
  }
});
