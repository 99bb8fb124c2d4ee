import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSite, startStaticHost, waitForHealth } from '../support/deploy-scene';
import { expectHydrated } from '../support/hydration';
import { DEMO, apiToken } from '../support/people';

/**
 * Public pages arrive as HTML in the visitor's language (prerendered at build
 * and deploy time), and the shell adopts that HTML instead of drawing the page
 * again.
 */
const root = path.join(__dirname, '..', '..');

const HOME = {
  en: { hero: 'Build and renovate with confidence, wherever you live', faq: 'How does escrow protect my money?', login: 'Login' },
  fr: {
    hero: 'Construisez et rénovez en toute confiance, où que vous viviez',
    faq: 'Comment le séquestre protège-t-il mon argent',
    login: 'Connexion',
  },
} as const;

/** One entry of the shell's compiled catalog in each language, as a catalog chunk holds it. */
const CATALOG_ENTRY = { en: '["Join as a specialist"]', fr: '["Rejoindre en tant que spécialiste"]' } as const;

/** Console errors, uncaught errors and React's hydration complaints (a mismatch is reported as an error or a warning). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat|did not match|#418|#423|#425/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Keeps the page's first main heading element, as the server sent it, before the shell's code has run. */
async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1');
    });
  });
}

/** Waits until React has taken the element over (hydration attaches its props to the node), then clicks it once. */
async function clickOnceHydrated(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name });
  await expectHydrated(button);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test.describe('prerendered public pages', () => {
  for (const locale of ['en', 'fr'] as const) {
    test(`the home page's HTML holds its hero heading, its FAQ and the chat launcher in ${locale}, before any script runs`, async ({
      request,
      browser,
    }) => {
      // The language remembered by the shell reaches the server as a cookie; the browser's own language plays no part.
      const response = await request.get('/', { headers: { Cookie: `locale=${locale}`, 'Accept-Language': locale === 'fr' ? 'en-US' : 'fr-FR' } });
      expect(response.status()).toBe(200);
      expect(response.headers().vary).toMatch(/Cookie/);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(HOME[locale].hero);
      expect(html).toContain(HOME[locale].faq);
      expect(html).toContain('class="chat-launcher"');
      // The landing remote's entry is hinted, its styles are inline, and no chat code is asked for.
      expect(html).toMatch(/<link rel="preload" as="script" href="[^"]*mfe-landing\/remoteEntry\.js">/);
      expect(html).toContain('<style data-critical>');
      expect(html).not.toMatch(/(src|href)="[^"]*mfe-chat/);

      // A browser without JavaScript shows the page as sent.
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HOME[locale].hero })).toBeVisible();
      await context.close();
    });

    test(`the shell hydrates the ${locale} home page: no error, no mismatch, the same elements, and links work`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? '' }]);
      await context.addInitScript((chosen) => window.localStorage.setItem('locale', chosen), locale);
      const page = await context.newPage();
      const problems = collectProblems(page);
      const chatBeforeInteractive: string[] = [];
      let interactive = false;
      page.on('request', (request) => {
        if (!interactive && request.url().includes('/mfe-chat/')) chatBeforeInteractive.push(request.url());
      });
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
      });
      await rememberServerHeading(page);
      await page.goto('/');

      // The FAQ answers a click once React has taken the page over.
      await clickOnceHydrated(page, HOME[locale].faq);
      interactive = true;
      // The messages of the page's language were read, and no catalog of the other (one of the shell's messages, compiled).
      const bodies = await Promise.all(scripts);
      const other = locale === 'fr' ? 'en' : 'fr';
      expect(bodies.filter((body) => body.includes(CATALOG_ENTRY[locale])).length, `scripts with ${locale} messages`).toBeGreaterThan(0);
      expect(bodies.filter((body) => body.includes(CATALOG_ENTRY[other])).length, `scripts with ${other} messages`).toBe(0);
      // Hydrated, not drawn again: the heading is the very element the server sent.
      expect(
        await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverHeading: Element | null }).serverHeading),
      ).toBe(true);
      expect(chatBeforeInteractive).toEqual([]);

      // A link navigates inside the page (no reload: the marker survives).
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole('banner').getByRole('link', { name: HOME[locale].login }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test("a signed-in page is hinted what it needs before the shell's code runs, and uses each hint once", async ({ browser, request }) => {
    // A page that is never prerendered: it paints once the shell and the page's remote have run.
    const html = await (await request.get('/main/projects')).text();
    const hinted = [...html.matchAll(/<link rel="?preload"?[^>]* href="?([^" >]+)"?>/g)].map((match) => match[1]!);
    const named = hinted.map((url) => url.replace(/\.[0-9a-f]{8}\.chunk\.(js|css)$/, ''));
    // The shell's libraries and start-up code, then the client remote's manifest, entry and routes module.
    expect(named.slice(0, 7)).toEqual(['/vendor-dom', '/vendor-router', '/vendor', '/shared-workspace', '/bootstrap', '/bootstrap', '/start-shell']);
    expect(named.slice(7, 10)).toEqual([
      '/remotes/mfe-client/mf-manifest.json',
      '/remotes/mfe-client/remoteEntry.js',
      '/remotes/mfe-client/__federation_expose_Routes',
    ]);
    // remotes.json itself is in the page.
    expect(html).toMatch(
      /<script type="application\/json" id="remotes-config">\{.*"mfe_client":"\/remotes\/mfe-client\/mf-manifest\.json".*\}<\/script>/,
    );

    const token = await apiToken(request, DEMO.client.email, DEMO.client.password);
    const context = await browser.newContext();
    await context.addInitScript((value) => window.localStorage.setItem('access_token', value), token);
    const page = await context.newPage();
    const problems = collectProblems(page);
    const fetched = new Map<string, number>();
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
    });
    await page.goto('/main/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    // Asked for once each: a hint that the page's own request did not match would download it twice.
    expect(hinted.map((url) => [url, fetched.get(url)])).toEqual(hinted.map((url) => [url, 1]));
    expect(fetched.get('/remotes.json')).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();

    // The home page paints from its HTML: its first round trips carry the content and its remote, not the shell's libraries.
    const home = await (await request.get('/')).text();
    expect(home).not.toMatch(/href="?\/vendor[-.]/);
    expect(home).toMatch(/<link rel="preload" as="script" href="[^"]*mfe-landing\/remoteEntry\.js">/);
  });

  test('a prerendered form is never sent by the browser itself, nor typed into, before the shell owns it', async ({ page, request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toMatch(/<button disabled="" data-until-hydrated="disabled" type="submit"/);
    expect(html).toMatch(/<input readonly="" data-until-hydrated="readonly"[^>]* name="password"/);

    const problems = collectProblems(page);
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    const submit = page.locator('main').getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    // The shell sends it, to the API.
    const answer = page.waitForResponse((response) => response.url().includes('/api/v1/auth/login'));
    await submit.click();
    expect((await answer).status()).toBe(401);
    expect(addresses.filter((url) => url.includes('password'))).toEqual([]);
    expect(page.url()).toMatch(/\/login$/);
    // The refused sign-in is the API's answer (401), which the browser reports; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  test('the language stored by the switcher wins over the browser, on the server as in the shell', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/terms');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
    const response = await page.request.get('/');
    expect(await response.text()).toContain(HOME.fr.hero);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME.fr.hero })).toBeVisible();
    await clickOnceHydrated(page, HOME.fr.faq);
    expect(problems).toEqual([]);
  });
});

/**
 * A team redeploys the landing remote under a new URL: one edit of remotes.json
 * and `pnpm prerender`, with no shell rebuild and no server restart. Then the
 * remote's host goes down: the prerendered page falls back to the remote's
 * fallback in the browser.
 */
test.describe('prerendered pages and remote deploys', () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 800;
  const cdnPort = port + 1;
  const site = `http://127.0.0.1:${port}`;
  const cdn = `http://127.0.0.1:${cdnPort}`;
  const NEW_HEADING = 'Build and renovate with confidence, from anywhere';

  let work: string;
  let remotesFile: string;
  let prerenderDir: string;
  let cdnServer: Server;
  let siteServer: ChildProcess;
  let cdnDown = false;

  function prerender(env: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'prerender.mjs')], {
        env: { ...process.env, REMOTES_FILE: remotesFile, PRERENDER_DIR: prerenderDir, PRERENDER_PORT: String(port + 2), ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (status) => resolve({ status, output }));
    });
  }

  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    work = mkdtempSync(path.join(tmpdir(), 'fundament-prerender-e2e-'));
    // The new release: the built landing with its English hero heading reworded.
    const release = path.join(work, 'cdn', 'v2');
    cpSync(path.join(root, 'mfe-landing', 'dist'), release, { recursive: true });
    let changed = 0;
    for (const file of readdirSync(release).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(path.join(release, file), 'utf8');
      if (text.includes(HOME.en.hero)) {
        writeFileSync(path.join(release, file), text.split(HOME.en.hero).join(NEW_HEADING));
        changed += 1;
      }
    }
    expect(changed).toBeGreaterThan(0);
    cdnServer = await startStaticHost(path.join(work, 'cdn'), cdnPort, () => cdnDown);
    remotesFile = path.join(work, 'remotes.json');
    prerenderDir = path.join(work, 'prerendered');
    writeFileSync(remotesFile, '{}');
    siteServer = startSite(port, path.join(work, 'data'), { REMOTES_FILE: remotesFile, PRERENDER_DIR: prerenderDir });
    await waitForHealth(site);
  });

  test.afterAll(async () => {
    siteServer?.kill('SIGTERM');
    await new Promise<void>((resolve) => (cdnServer ? cdnServer.close(() => resolve()) : resolve()));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('a remote redeployed under a new URL is in the HTML after `pnpm prerender`, without a shell rebuild or a restart', async ({ page }) => {
    const serverPid = siteServer.pid;
    writeFileSync(remotesFile, JSON.stringify({ mfe_landing: `${cdn}/v2/mf-manifest.json` }));
    // Before the deploy step the page is drawn in the browser only.
    expect(await (await fetch(`${site}/`)).text()).not.toContain(NEW_HEADING);

    const run = await prerender();
    expect(run.output).toContain('prerendered / (en)');
    expect(run.status).toBe(0);

    const html = await (await fetch(`${site}/`)).text();
    expect(html).toContain(NEW_HEADING);
    expect(html).toContain(`<link rel="preload" as="script" href="${cdn}/v2/remoteEntry.js">`);

    const problems = collectProblems(page);
    await rememberServerHeading(page);
    await page.goto(`${site}/`);
    await clickOnceHydrated(page, HOME.en.faq);
    await expect(page.getByRole('heading', { level: 1, name: NEW_HEADING })).toBeVisible();
    expect(
      await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverHeading: Element | null }).serverHeading),
    ).toBe(true);
    expect(problems).toEqual([]);
    expect(siteServer.pid).toBe(serverPid);
    expect(siteServer.exitCode).toBeNull();
  });

  test('`pnpm prerender` refuses to render from a server it did not start, when its port is taken', async () => {
    // Another build's server on the port would hand out pages that point at chunks this build does not have.
    const elsewhere = path.join(work, 'collided');
    const run = await prerender({ PRERENDER_PORT: String(port), PRERENDER_DIR: elsewhere });
    expect(run.status).toBe(1);
    expect(run.output).toContain(`is port ${port} in use?`);
    expect(run.output).not.toContain('prerendered /');
    expect(existsSync(path.join(elsewhere, 'pages.json'))).toBe(false);
  });

  test("a prerendered page whose remote is down shows the remote's fallback, and the rest of the site works", async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    cdnDown = true;
    try {
      const response = await page.goto(`${site}/`);
      expect(response?.status()).toBe(200);
      const fallback = page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: NEW_HEADING })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('main h1')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      cdnDown = false;
    }
  });
});
