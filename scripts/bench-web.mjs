#!/usr/bin/env node
// `pnpm bench:web`: Lighthouse (mobile preset, simulated throttling, median of
// BENCH_RUNS runs, 3 by default) in Debian's Chromium against the production
// server, for every public page and the signed-in `/main/projects`, each in
// English and in French (the signed-in page as a returning client has it, its
// files in the browser's cache, and with an empty cache for comparison), then
// the JavaScript budget of a cold load of `/`
// (scripts/budget-web.mjs). Prints a table with a verdict per row; --enforce
// exits non-zero when a row misses its targets (scripts/bench-web-targets.mjs).
// A run in which Lighthouse lost its own trace is taken again (`takeRuns`).
// BENCH_PAGES (comma-separated paths) and BENCH_LOCALES (`en,fr`) measure a
// subset; BENCH_PORT picks the server's port.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { LOCALES, PUBLIC_PAGES, SIGNED_IN_PAGES, benchRows, parseChoice, renderTable, summarize, takeRuns, verdict } from './bench-web-targets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
// The Puppeteer that Lighthouse itself drives: handing Lighthouse a page of our
// own keeps that page open after the audit, so the page it measured can be asked
// which language it is in and where it ended.
const puppeteer = createRequire(import.meta.resolve('lighthouse'))('puppeteer-core');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The same cookie encryption as Playwright's Chromium, which prepares the profiles.
  '--password-store=basic',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const enforce = process.argv.includes('--enforce');
const rows = benchRows({
  pages: parseChoice(process.env.BENCH_PAGES, [...PUBLIC_PAGES, ...SIGNED_IN_PAGES], 'BENCH_PAGES'),
  locales: parseChoice(process.env.BENCH_LOCALES, LOCALES, 'BENCH_LOCALES'),
});

/** Lighthouse's figures move with the machine's load, so every run says what the load was. */
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} (1, 5, 15 min)`;

async function waitForHealth(base, server) {
  for (let i = 0; i < 240; i += 1) {
    // A server that stopped (a failed migration, a taken port) will not answer: say so at once.
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server stopped (exit ${server.exitCode ?? server.signalCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

const port = Number(process.env.BENCH_PORT ?? 3391);
const base = `http://127.0.0.1:${port}`;

async function signIn() {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'client@demo.fundament.example', password: 'Client-demo-2026' }),
  });
  if (!response.ok) throw new Error(`the demo client could not sign in (${response.status})`);
  return (await response.json()).access_token;
}

/**
 * A Chromium profile holding what a returning visitor's browser keeps: for
 * French, the `locale` cookie (the server picks the prerendered page by it) and
 * `locale` in local storage (the shell starts in it); for the signed-in page,
 * the demo client's session. None for an English visitor signed out: a first
 * visit. For a row with an empty cache, every request is answered with an
 * empty page while the profile is written, so it holds no copy of the site;
 * Lighthouse's storage reset clears the cache before each run but, by default,
 * neither cookies nor local storage, so these survive it. For a row whose cache
 * is kept (a returning client), the page is opened once in the profile, as the
 * client did before, and Lighthouse is told to keep the cache.
 */
async function prepareProfile({ path, locale, signedIn, cache }) {
  if (locale === 'en' && !signedIn) return undefined;
  const token = signedIn ? await signIn() : undefined;
  const profile = mkdtempSync(join(tmpdir(), 'fundament-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: FLAGS.slice(1) });
  try {
    if (cache === 'empty') {
      await context.route(`${base}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>profile</title>' }));
    }
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(
      ({ token: value, locale: chosen }) => {
        if (value) localStorage.setItem('access_token', value);
        if (chosen !== 'en') localStorage.setItem('locale', chosen);
      },
      { token, locale },
    );
    if (locale !== 'en') {
      const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
      await context.addCookies([{ name: 'locale', value: locale, url: base, expires, sameSite: 'Lax' }]);
    }
    if (cache === 'kept') {
      await page.goto(`${base}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 60_000 });
      // What loads once the page is idle (the chat) is in a returning visitor's cache too.
      await page.waitForTimeout(3000);
    }
  } finally {
    await context.close();
  }
  return profile;
}

/** The language of the HTML the server sent for the measured navigation (`Content-Language`, set on prerendered pages only). */
function servedLanguage(artifacts, documentUrl) {
  const response = (artifacts?.DevtoolsLog ?? []).find(
    (entry) => entry.method === 'Network.responseReceived' && entry.params.type === 'Document' && entry.params.response.url === documentUrl,
  )?.params.response;
  if (!response) return undefined;
  const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-language');
  return header?.[1];
}

/** One Lighthouse run: the figures, the language of the sent HTML and of the page as shown, and the path it ended on. */
async function audit(url, userDataDir, { keepCache = false } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, ...(userDataDir ? { userDataDir } : {}) });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    const { lhr, artifacts } = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepCache },
      undefined,
      page,
    );
    if (lhr.runtimeError) return { error: lhr.runtimeError.code };
    const score = lhr.categories.performance.score;
    if (score === null) return { error: 'no performance score' };
    const shown = await page.evaluate(() => ({ lang: globalThis.document.documentElement.lang, path: globalThis.location.pathname }));
    return {
      score: Math.round(score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      lang: shown.lang,
      path: shown.path,
      served: servedLanguage(artifacts, lhr.mainDocumentUrl),
    };
  } catch (error) {
    return { error: error.message.split('\n')[0] };
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

console.log(`${rows.length} rows × ${RUNS} runs; ${load()} at the start`);
const dataDir = mkdtempSync(join(tmpdir(), 'fundament-bench-'));
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let failed = false;
try {
  await waitForHealth(base, server);
  const results = [];
  for (const [index, row] of rows.entries()) {
    // A profile per row, signed in just before, so a session never expires during a long run.
    const profile = await prepareProfile(row);
    let taken;
    try {
      let attempt = 0;
      taken = await takeRuns(
        async () => {
          attempt += 1;
          const result = await audit(`${base}${row.path}`, profile, { keepCache: row.cache === 'kept' });
          const figures =
            result.error ??
            `score ${result.score}, LCP ${result.lcp.toFixed(0)} ms, TBT ${result.tbt.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, ${result.lang} page (${result.served ?? 'unprerendered'} HTML) on ${result.path}`;
          console.error(
            `[${index + 1}/${rows.length}] ${row.path} ${row.locale}${row.signedIn ? ` (cache ${row.cache})` : ''} run ${attempt} (of ${RUNS} wanted): ${figures}`,
          );
          return result;
        },
        { runs: RUNS, retakes: 2 },
      );
    } finally {
      if (profile) rmSync(profile, { recursive: true, force: true });
    }
    const summary = summarize(taken.runs);
    const misses = verdict(row, summary);
    if (misses.length) failed = true;
    results.push({ row, summary, misses, retaken: taken.retaken });
  }

  console.log(`\nLighthouse, mobile preset with simulated throttling, median of ${RUNS} run${RUNS === 1 ? '' : 's'} (${base})\n`);
  console.log(renderTable(results));
  const held = results.filter((result) => Object.keys(result.row.targets).length);
  console.log(`\n${held.filter((result) => !result.misses.length).length} of ${held.length} rows with targets pass; ${load()} at the end`);
  // Runs Lighthouse could not trace measured nothing of the page: taken again, and counted here.
  const retaken = results.flatMap((result) => result.retaken);
  if (retaken.length)
    console.log(
      `${retaken.length} run${retaken.length === 1 ? '' : 's'} taken again after Lighthouse lost its trace (${[...new Set(retaken)].join(', ')})`,
    );
  console.log('');
  const budget = spawnSync(process.execPath, [join(root, 'scripts', 'budget-web.mjs')], {
    env: { ...process.env, BASE_URL: base },
    stdio: 'inherit',
  });
  if (budget.status !== 0) failed = true;
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
if (enforce && failed) process.exit(1);
