#!/usr/bin/env node
// Prints what a cold load of the home page transfers, script by script, and
// checks the budgets (compressed, as sent, headers included): JavaScript for
// `/` ≤ 200 KiB in total; each remote's own code for its first route ≤ 60 KiB
// beyond the shared libraries; the chat embed script ≤ 90 KiB; one copy of
// each shared library and of the federation runtime on the page; at most 15
// scripts asked for by a cold load of `/`. Runs against a production server it
// starts itself (or BASE_URL), in Debian's Chromium. With --enforce it fails
// when a budget marked as holding is over; the others are printed, so their
// distance to the target stays visible.
//   node scripts/budget-web.mjs [--enforce]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

const KIB = 1024;
const enforce = process.argv.includes('--enforce');
/** `holds`: met by the product today, so CI enforces it; the rest are targets still to reach. */
const BUDGETS = {
  totalJs: { kib: 200, holds: true },
  // Scripts a cold load of `/` asks for (13 today, 29 before the shell's libraries came as one chunk): each
  // costs the main thread a script to insert and run, and the page a request.
  jsRequests: { max: 15, holds: true },
  remoteJs: { kib: 60, holds: true },
  embedJs: { kib: 90, holds: true },
  singleCopies: { holds: true },
  oneRuntime: { holds: true },
};
/**
 * A warning of the federation runtime's remote handler (runtime-core): each
 * copy of runtime-core a page receives carries it once, whichever of its
 * builds (ES module or CommonJS) the bundler took. The error-code table is no
 * mark: every remote entry's container code carries its own.
 */
const RUNTIME_MARK = 'Please note that overriding it may cause unexpected errors.';

async function waitForHealth(base, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server at ${base} did not start`);
}

let server;
let base = process.env.BASE_URL;
if (!base) {
  const port = Number(process.env.BUDGET_PORT ?? 3390);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fundament-budget-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { url: response.url, type, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);

  const all = [...requests.values()];
  const sum = (list) => list.reduce((total, entry) => total + entry.bytes, 0);
  const scripts = all.filter((entry) => entry.type === 'Script');
  const byOrigin = (prefix) => scripts.filter((entry) => new URL(entry.url).pathname.startsWith(prefix));
  const shellJs = scripts.filter((entry) => !new URL(entry.url).pathname.startsWith('/remotes/'));

  // Which shared libraries were actually loaded, and from how many providers.
  const shared = await page.evaluate(() => {
    const scopes = globalThis.__FEDERATION__?.__SHARE__ ?? {};
    const loaded = {};
    for (const scope of Object.values(scopes)) {
      for (const [pkg, versions] of Object.entries(scope.default ?? {})) {
        for (const [version, info] of Object.entries(versions)) {
          if (info.loaded || info.lib) (loaded[pkg] ??= new Set()).add(`${version} from ${info.from}`);
        }
      }
    }
    return Object.fromEntries(Object.entries(loaded).map(([pkg, set]) => [pkg, [...set]]));
  });

  const rows = [
    ['JavaScript, total', sum(scripts)],
    ['  shell and shared libraries', sum(shellJs)],
    ...['mfe-landing', 'mfe-auth', 'mfe-client', 'mfe-admin', 'mfe-chat'].map((name) => [`  ${name}`, sum(byOrigin(`/remotes/${name}/`))]),
    ['CSS', sum(all.filter((entry) => entry.type === 'Stylesheet'))],
    ['Images', sum(all.filter((entry) => entry.type === 'Image'))],
    ['Everything', sum(all)],
  ];
  console.log(`\nCold load of ${base}/ (bytes as transferred, compressed)\n`);
  for (const [label, bytes] of rows) console.log(`${label.padEnd(34)} ${(bytes / KIB).toFixed(1).padStart(8)} KiB`);
  console.log(`${'requests'.padEnd(34)} ${String(all.length).padStart(8)}`);
  console.log(`${'  of them scripts'.padEnd(34)} ${String(scripts.length).padStart(8)}`);
  // Each script of the cold load, largest first: where the next kibibytes would come from.
  for (const entry of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`    ${new URL(entry.url).pathname.padEnd(58)} ${(entry.bytes / KIB).toFixed(1).padStart(8)} KiB`);
  }

  console.log('\nShared libraries loaded (one provider each expected):');
  let duplicates = 0;
  for (const [pkg, providers] of Object.entries(shared).sort()) {
    console.log(`  ${pkg.padEnd(24)} ${providers.join(', ')}`);
    if (providers.length > 1) duplicates += 1;
  }

  // Copies of the federation runtime among the page's scripts (fetched again: the CDP event has only sizes).
  let runtimeCopies = 0;
  for (const entry of scripts) {
    const text = await (await fetch(entry.url)).text();
    runtimeCopies += text.split(RUNTIME_MARK).length - 1;
  }

  // The embed script gzipped, as a third-party page receives it (fetch hands back the decoded bytes).
  const embed = await fetch(`${base}/remotes/mfe-chat/embed/support-chat.js`);
  const embedKib = gzipSync(Buffer.from(await embed.arrayBuffer())).byteLength / KIB;

  // Each remote's own code for its first route: the remotes the home page loads, and the sign-in page's.
  const login = await context.newPage();
  const loginScripts = [];
  login.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/remotes/mfe-auth/')) {
      const size = Number((await response.request().sizes()).responseBodySize);
      loginScripts.push(size);
    }
  });
  await login.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const remotes = {
    'mfe-landing (/)': sum(byOrigin('/remotes/mfe-landing/')) / KIB,
    'mfe-chat (/)': sum(byOrigin('/remotes/mfe-chat/')) / KIB,
    'mfe-auth (/login)': loginScripts.reduce((total, bytes) => total + bytes, 0) / KIB,
  };

  const results = [
    {
      name: `JavaScript for / ≤ ${BUDGETS.totalJs.kib} KiB`,
      value: `${(sum(scripts) / KIB).toFixed(1)} KiB`,
      ok: sum(scripts) / KIB <= BUDGETS.totalJs.kib,
      holds: BUDGETS.totalJs.holds,
    },
    {
      name: `JavaScript requests for / ≤ ${BUDGETS.jsRequests.max}`,
      value: String(scripts.length),
      ok: scripts.length <= BUDGETS.jsRequests.max,
      holds: BUDGETS.jsRequests.holds,
    },
    ...Object.entries(remotes).map(([name, kib]) => ({
      name: `${name} own code ≤ ${BUDGETS.remoteJs.kib} KiB`,
      value: `${kib.toFixed(1)} KiB`,
      ok: kib <= BUDGETS.remoteJs.kib,
      holds: BUDGETS.remoteJs.holds,
    })),
    {
      name: `chat embed script ≤ ${BUDGETS.embedJs.kib} KiB`,
      value: `${embedKib.toFixed(1)} KiB`,
      ok: embed.ok && embedKib <= BUDGETS.embedJs.kib,
      holds: BUDGETS.embedJs.holds,
    },
    {
      name: 'one federation runtime on /',
      value: `${runtimeCopies} cop${runtimeCopies === 1 ? 'y' : 'ies'}`,
      ok: runtimeCopies === 1,
      holds: BUDGETS.oneRuntime.holds,
    },
    {
      name: 'one copy of each shared library',
      value: duplicates === 0 ? 'yes' : `${duplicates} duplicated`,
      ok: duplicates === 0,
      holds: BUDGETS.singleCopies.holds,
    },
  ];
  console.log('\nBudgets');
  for (const result of results) {
    const verdict = result.ok ? 'OK' : result.holds ? 'OVER (enforced)' : 'OVER (target, not enforced yet)';
    console.log(`  ${result.name.padEnd(40)} ${result.value.padStart(12)}  ${verdict}`);
  }
  failed = results.some((result) => result.holds && !result.ok);
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
if (enforce && failed) process.exit(1);
