#!/usr/bin/env node
// `pnpm bench:web`: Lighthouse (mobile preset, simulated throttling, median of
// three runs) in Debian's Chromium against the production server, for the
// public pages and a signed-in page, then the JavaScript budget of a cold
// load of `/` (scripts/budget-web.mjs). Prints a table; --enforce exits
// non-zero when a target is missed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const enforce = process.argv.includes('--enforce');

/** Targets: the home page is held to the strictest ones. */
const PAGES = [
  { path: '/', label: '/', score: 95, lcp: 2000, tbt: 150, cls: 0.05 },
  { path: '/contractors', label: '/contractors', score: 90 },
  { path: '/login', label: '/login', score: 90 },
  { path: '/main/projects', label: '/main/projects (signed in)', score: 90, signedIn: true },
];

async function waitForHealth(base) {
  for (let i = 0; i < 240; i += 1) {
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
const dataDir = mkdtempSync(join(tmpdir(), 'fundament-bench-'));
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** A Chromium profile whose local storage holds the demo client's session, for the signed-in page. */
async function signedInProfile() {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'client@demo.fundament.example', password: 'Client-demo-2026' }),
  });
  const { access_token: token } = await response.json();
  const profile = mkdtempSync(join(tmpdir(), 'fundament-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: FLAGS.slice(1) });
  const page = await context.newPage();
  await page.goto(`${base}/terms`);
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await context.close();
  return profile;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function audit(url, userDataDir) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, ...(userDataDir ? { userDataDir } : {}) });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(userDataDir),
    });
    const { lhr } = result;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

let failed = false;
try {
  await waitForHealth(base);
  const profile = await signedInProfile();
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${base}${page.path}`, page.signedIn ? profile : undefined));
    const result = {
      score: median(runs.map((run) => run.score)),
      lcp: median(runs.map((run) => run.lcp)),
      tbt: median(runs.map((run) => run.tbt)),
      cls: median(runs.map((run) => run.cls)),
    };
    const misses = [];
    if (result.score < page.score) misses.push(`score < ${page.score}`);
    if (page.lcp && result.lcp > page.lcp) misses.push(`LCP > ${page.lcp} ms`);
    if (page.tbt && result.tbt > page.tbt) misses.push(`TBT > ${page.tbt} ms`);
    if (page.cls !== undefined && result.cls > page.cls) misses.push(`CLS > ${page.cls}`);
    if (page.signedIn && !runs.every((run) => run.finalUrl.endsWith(page.path))) misses.push('not signed in');
    if (misses.length) failed = true;
    rows.push({ page: page.label, ...result, verdict: misses.length ? misses.join(', ') : 'OK' });
  }
  rmSync(profile, { recursive: true, force: true });

  console.log(`\nLighthouse, mobile preset with simulated throttling, median of ${RUNS} runs (${base})\n`);
  console.log(`${'page'.padEnd(28)} ${'score'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(6)}  targets`);
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(28)} ${String(row.score).padStart(5)} ${row.lcp.toFixed(0).padStart(8)} ${row.tbt.toFixed(0).padStart(8)} ${row.cls.toFixed(3).padStart(6)}  ${row.verdict}`,
    );
  }
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
