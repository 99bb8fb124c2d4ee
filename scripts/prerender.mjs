#!/usr/bin/env node
// `pnpm prerender`: the public pages as HTML, per language, for the server to
// send before any script runs (the shell then hydrates them). Part of
// `pnpm build`, and the one deploy step after a remote is redeployed or
// remotes.json changes: it starts the production server with the deployment's
// remotes.json (REMOTES_FILE), opens each page in Chromium in English and in
// French, and writes the HTML of the app root with the page's language, title,
// preload hints for its remote (from the remote's mf-manifest) and its CSS
// inlined. The running server picks the new pages up without a restart.
//
// Options (environment): PRERENDER_DIR (default shell/dist/prerendered, where
// the server reads them), REMOTES_FILE, PRERENDER_PORT (default: a free port).
// `--if-stale` does nothing when the pages were made from the builds now on
// disk (the end-to-end tests' server runs it before starting).
/* global window, document -- the functions handed to page.evaluate run in the browser. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The public pages and the remote that draws each (the shared route table's entries for them). */
export const PAGES = [
  { path: '/', remote: 'mfe_landing' },
  { path: '/contractors', remote: 'mfe_landing' },
  { path: '/terms', remote: 'mfe_landing' },
  { path: '/privacy', remote: 'mfe_landing' },
  { path: '/catalog', remote: 'mfe_landing' },
  { path: '/professionals', remote: 'mfe_landing' },
  // One page for every profile: its heading and text before the profile's own data arrives (the server answers
  // any /professionals/<id> with it; `visit` is the address it is drawn from).
  { path: '/professionals/:id', visit: '/professionals/profile', remote: 'mfe_landing' },
  { path: '/add-review', remote: 'mfe_landing' },
  { path: '/demo', remote: 'mfe_landing' },
  { path: '/login', remote: 'mfe_auth' },
  { path: '/sign-up', remote: 'mfe_auth' },
  { path: '/sign-up-specialists', remote: 'mfe_auth' },
  { path: '/forgot-password', remote: 'mfe_auth' },
];
/** `/register` redirects to the sign-up page in the router: the server answers it with that page. */
export const ALIASES = { '/register': '/sign-up' };
export const LOCALES = ['en', 'fr'];

const outDir = process.env.PRERENDER_DIR ?? join(root, 'shell', 'dist', 'prerendered');
let port = Number(process.env.PRERENDER_PORT ?? 0);
let base = '';

/**
 * Listens on the port (0: any free one) and lets it go, answering the port:
 * two builds on one machine must never render from each other's server, whose
 * pages would point at chunks this build does not have.
 */
function claimPort(wanted) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`is port ${wanted} in use? Set PRERENDER_PORT to a free one`) : error),
    );
    probe.listen(wanted, '127.0.0.1', () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
}

/**
 * What the pages are made from, as far as this machine can tell: the shell
 * page and the local builds of the remotes they draw. A remotes.json override
 * points elsewhere, so it always counts as changed.
 */
function sourcesFingerprint() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'shell', 'dist', 'index.html')));
  for (const pkg of ['mfe-landing', 'mfe-auth']) {
    const manifest = join(root, pkg, 'dist', 'mf-manifest.json');
    hash.update(existsSync(manifest) ? readFileSync(manifest) : 'missing');
  }
  hash.update(process.env.REMOTES_FILE && existsSync(process.env.REMOTES_FILE) ? readFileSync(process.env.REMOTES_FILE) : 'no override');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('base64url');
}

function isFresh() {
  try {
    const index = JSON.parse(readFileSync(join(outDir, 'pages.json'), 'utf8'));
    return !process.env.REMOTES_FILE && index.sources === sourcesFingerprint();
  } catch {
    return false;
  }
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fileOf = (path) => (path === '/' ? 'index.html' : `${path.slice(1).replace(/:/g, '_')}.html`);

/** Waits for our own server; if it stopped (it lost the port after all), nothing it would answer is ours. */
async function waitForHealth(server) {
  for (let i = 0; i < 360; i += 1) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server stopped before answering (is port ${port} in use?)`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** The scripts and stylesheets of a remote's routes module, as its manifest lists them, with absolute URLs. */
async function remoteAssets(manifestUrl) {
  const manifest = await (await fetch(manifestUrl)).json();
  const publicPath =
    manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? manifest.metaData.publicPath : new URL('.', manifestUrl).href;
  const at = (file) => new URL(file, publicPath).href;
  const entry = manifest.metaData.remoteEntry;
  const routes = manifest.exposes.find((expose) => expose.name === 'Routes' || expose.path === './Routes');
  const assets = routes?.assets ?? { js: { sync: [], async: [] }, css: { sync: [], async: [] } };
  return {
    entry: at(`${entry.path ? `${entry.path}/` : ''}${entry.name}`),
    syncJs: assets.js.sync.map(at),
    asyncJs: assets.js.async.map(at),
    css: [...assets.css.sync, ...assets.css.async].map(at),
  };
}

/**
 * One page in one language: loaded signed out with the API left unanswered
 * (no user data, and every query in the state a visitor's first render has),
 * then rendered to HTML by React's server renderer inside the page.
 */
async function renderPage(context, { path, visit = path, remote }, assets) {
  const page = await context.newPage();
  const requested = new Set();
  page.on('request', (request) => requested.add(request.url()));
  // Left pending on purpose: the page is captured in the state it has before any answer arrives.
  await page.route('**/api/**', () => undefined);
  try {
    await page.goto(`${base}${visit}`, { waitUntil: 'load' });
    await page.waitForSelector('main h1', { timeout: 30_000 });
    if (await page.locator('.remote-fallback').count()) throw new Error(`the ${remote} remote could not be loaded`);
    const html = await page.evaluate(() => window.__fundamentRenderHtml());
    const { title, lang, css } = await page.evaluate(() => {
      const rules = [];
      for (const sheet of document.styleSheets) {
        // The shell's and the remote's stylesheets; the boot style of the plain page is not needed under content.
        if (!sheet.href) continue;
        try {
          for (const rule of sheet.cssRules) {
            rules.push(rule.cssText.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (_match, _quote, url) => `url("${new URL(url, sheet.href).href}")`));
          }
        } catch {
          // A stylesheet of another origin without CORS cannot be read: it still loads as a link.
        }
      }
      return { title: document.title, lang: document.documentElement.lang, css: rules.join('') };
    });
    // Preload what the page asked for of its remote's entry, first chunks and styles, in the manifest's order.
    const scripts = [assets.entry, ...assets.syncJs, ...assets.asyncJs].filter((url) => requested.has(url));
    const styles = assets.css.filter((url) => requested.has(url));
    return { html, title, lang, css, scripts, styles };
  } finally {
    await page.close();
  }
}

/**
 * Before the shell has taken the page over, a form would be sent by the
 * browser itself (a GET with its fields, a password, in the address), and
 * what a visitor types would be lost to the state hydration starts from. So
 * the page's controls arrive read-only or disabled, marked with the attribute
 * the shell removes from each once React owns it.
 */
export function holdControlsUntilHydrated(html) {
  const hold = (tag, attributes, attribute) =>
    new RegExp(`\\s${attribute}(=|\\s|/?>|$)`, 'i').test(attributes)
      ? `<${tag}${attributes}>`
      : `<${tag} ${attribute}="" data-until-hydrated="${attribute}"${attributes}>`;
  return html
    .replace(/<(input|textarea)\b([^>]*)>/g, (_match, tag, attributes) =>
      hold(tag, attributes, /\stype="(checkbox|radio|submit|button|file|range|color)"/.test(attributes) ? 'disabled' : 'readonly'),
    )
    .replace(/<select\b([^>]*)>/g, (_match, attributes) => hold('select', attributes, 'disabled'))
    .replace(/<button\b([^>]*\stype="submit"[^>]*)>/g, (_match, attributes) => hold('button', attributes, 'disabled'));
}

function pageDocument(template, locale, { html, title, css, scripts, styles }) {
  const sameOrigin = (url) => (url.startsWith(`${base}/`) ? url.slice(base.length) : url);
  const hints = [
    ...scripts.map((url) => `<link rel="preload" as="script" href="${escapeHtml(sameOrigin(url))}">`),
    ...styles.map((url) => `<link rel="preload" as="style" href="${escapeHtml(sameOrigin(url))}">`),
  ].join('');
  const local = (text) => text.split(`${base}/`).join('/');
  const inlineCss = local(css).replace(/<\/style/gi, '<\\/style');
  // React writes the resource hints it collected (the hero image's preload) ahead of the app: they belong in the head.
  const leading = /^(?:<link [^>]*\/?>)*/.exec(local(html))[0];
  const body = holdControlsUntilHydrated(local(html).slice(leading.length));
  // The root holds the start-up page (index.html), and the noscript notice follows it.
  const rootPattern = /<div id="?root"?>[\s\S]*?<\/div>(?=\s*<noscript)/;
  if (!rootPattern.test(template)) throw new Error('the shell page has no boot root to replace');
  return (
    template
      // The shell page's own preloads (its start-up chunks) would share the first round trips with the
      // content here: a prerendered page paints without them, and its hints are for its remote.
      .replace(/<link rel="?preload"?[^>]*>/g, '')
      // The start-up page's style: a prerendered page shows its content instead.
      .replace(/<style data-boot[^>]*>[\s\S]*?<\/style>/, '')
      .replace(/<html lang="?\w+"?>/, `<html lang="${locale}">`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${hints}${leading}<style data-critical>${inlineCss}</style></head>`)
      .replace(rootPattern, () => `<div id="root" data-prerendered="${locale}">${body}</div>`)
  );
}

async function main() {
  const template = readFileSync(join(root, 'shell', 'dist', 'index.html'), 'utf8');
  port = await claimPort(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'fundament-prerender-'));
  const emptyPrerender = join(dataDir, 'no-pages');
  base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dataDir, 'data'),
      SEED_DEMO: 'false',
      // The pages are made from the plain shell page, never from earlier prerendered ones.
      PRERENDER_DIR: emptyPrerender,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopServer = () => new Promise((resolve) => (server.exitCode !== null ? resolve() : (server.once('exit', resolve), server.kill('SIGTERM'))));
  let browser;
  try {
    await waitForHealth(server);
    const remotes = await (await fetch(`${base}/remotes.json`)).json();
    // Playwright is a test dependency: loaded only when there is a browser to drive.
    const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
    browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });

    const release = `r${Date.now().toString(36)}`;
    mkdirSync(join(outDir, release), { recursive: true });
    const index = { sources: sourcesFingerprint(), pages: {}, aliases: ALIASES };
    const skipped = [];
    const assetsOf = new Map();
    for (const locale of LOCALES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      // The shell starts in the remembered language (English when none), so each page is asked for in its own.
      await context.addInitScript((chosen) => {
        window.__FUNDAMENT_PRERENDER__ = true;
        window.localStorage.setItem('locale', chosen);
      }, locale);
      for (const entry of PAGES) {
        const manifest = remotes[entry.remote];
        try {
          if (!manifest) throw new Error(`remotes.json has no ${entry.remote}`);
          if (!assetsOf.has(manifest)) assetsOf.set(manifest, await remoteAssets(new URL(manifest, `${base}/`).href));
          const rendered = await renderPage(context, entry, assetsOf.get(manifest));
          if (rendered.lang !== locale) throw new Error(`the page came out in ${rendered.lang}`);
          const file = join(release, locale, fileOf(entry.path));
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), pageDocument(template, locale, rendered));
          index.pages[entry.path] ??= { remote: entry.remote, manifest, files: {} };
          index.pages[entry.path].files[locale] = file;
          console.log(
            `prerendered ${entry.path} (${locale}): ${rendered.html.length} characters, ${rendered.scripts.length + rendered.styles.length} preloads`,
          );
        } catch (error) {
          // That page keeps being rendered in the browser (with the remote's fallback if it is down).
          skipped.push(`${entry.path} (${locale}): ${error.message}`);
        }
      }
      await context.close();
    }

    // The index last, in one rename: the server switches from one complete set of pages to the next.
    const indexFile = join(outDir, 'pages.json');
    writeFileSync(`${indexFile}.tmp`, JSON.stringify(index, null, 2));
    renameSync(`${indexFile}.tmp`, indexFile);
    // Keep the previous set a moment longer for a server mid-request; older ones go.
    const releases = readdirSync(outDir)
      .filter((name) => /^r[0-9a-z]+$/.test(name) && name !== release)
      .sort();
    for (const old of releases.slice(0, -1)) rmSync(join(outDir, old), { recursive: true, force: true });

    for (const line of skipped) console.warn(`not prerendered: ${line}`);
    console.log(`${Object.keys(index.pages).length} pages prerendered into ${outDir}`);
  } finally {
    await browser?.close();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, 'shell', 'dist', 'index.html'))) {
    console.error('No built shell: run "pnpm build" first');
    process.exit(1);
  }
  if (!existsSync(CHROME)) {
    // An image without a browser (the Dockerfile's) still builds: its public pages are drawn in the browser.
    console.warn(`No Chromium at ${CHROME} (CHROMIUM_PATH): the public pages are not prerendered, and are served unrendered`);
    process.exit(0);
  }
  if (process.argv.includes('--if-stale') && isFresh()) {
    console.log(`The prerendered pages in ${outDir} are up to date`);
    process.exit(0);
  }
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
