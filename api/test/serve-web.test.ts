import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { createTestApp, type TestApp } from './test-app';

/** The parts of a federation manifest the server reads: the entry, and the routes module's own files. */
function clientManifest(routesChunk: string) {
  return {
    id: 'mfe_client',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [
      {
        name: 'Routes',
        path: './Routes',
        assets: { js: { sync: [routesChunk], async: ['7791.d6a780b1.chunk.js'] }, css: { sync: ['routes.0a1b2c3d.chunk.css'], async: [] } },
      },
    ],
  };
}

/** A fake build: a shell page and three remotes, one of them deployed elsewhere by the override file. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>Shell</title></head><body><div id="root"><div class=boot role=status></div></div></body></html>',
  );
  write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  write('mfe-landing/dist/mf-manifest.json', '{"id":"mfe_landing"}');
  write('mfe-landing/dist/remoteEntry.js', 'var mfe_landing = {}');
  write('mfe-landing/dist/4598.57e0dac1.chunk.js', 'x'.repeat(4000));
  // A production build writes a brotli copy of each script at the highest quality beside it.
  const landingChunk = `var landing = ${JSON.stringify('hero '.repeat(800))};`;
  write('mfe-landing/dist/5120.9a8b7c6d.chunk.js', landingChunk);
  writeFileSync(
    path.join(root, 'mfe-landing/dist/5120.9a8b7c6d.chunk.js.br'),
    brotliCompressSync(landingChunk, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  write('mfe-client/dist/mf-manifest.json', JSON.stringify(clientManifest('__federation_expose_Routes.ab12cd34.chunk.js')));
  write('remotes-override.json', JSON.stringify({ mfe_admin: 'https://admin.cdn.example/v7/mf-manifest.json', bogus: 'x' }));
  return root;
}

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fakeWebRoot();
  t = await createTestApp({ serveWeb: true, webRoot, remotesFile: path.join(webRoot, 'remotes-override.json') });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('production web serving', () => {
  it('serves the shell at / and for every client-side route, never cached', async () => {
    for (const url of ['/', '/main/projects', '/admin/clients?x=1', '/unknown/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("marks the start-up page of the signed-in areas, whose header's bar is taller on a laptop", async () => {
    const marked: Record<string, boolean> = {};
    for (const url of [
      '/main/projects',
      '/main/projects/0b9c1c36-0d7e-4c4e-9d0a-3f5e8a1b2c3d',
      '/admin/clients?x=1',
      '/',
      '/login',
      '/unknown/page',
    ]) {
      const { body } = await t.app.inject({ method: 'GET', url });
      // Unquoted, as the build's minifier writes it.
      expect(body).toMatch(/<div class=("boot boot--signed-in"|boot) role=status>/);
      marked[url] = body.includes('<div class="boot boot--signed-in" role=status>');
    }
    expect(marked).toEqual({
      '/main/projects': true,
      '/main/projects/0b9c1c36-0d7e-4c4e-9d0a-3f5e8a1b2c3d': true,
      '/admin/clients?x=1': true,
      '/': false,
      '/login': false,
      '/unknown/page': false,
    });
  });

  it('publishes remotes.json with every remote, applying the override file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      mfe_landing: '/remotes/mfe-landing/mf-manifest.json',
      mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
      mfe_client: '/remotes/mfe-client/mf-manifest.json',
      mfe_admin: 'https://admin.cdn.example/v7/mf-manifest.json',
      mfe_chat: '/remotes/mfe-chat/mf-manifest.json',
    });
  });

  it('allows scripts from a remote deployed on another origin in the content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/admin\.cdn\.example/);
  });

  it('follows an edit of the override file without a restart: a redeploy and its rollback', async () => {
    const file = path.join(webRoot, 'remotes-override.json');
    const original = JSON.stringify({ mfe_admin: 'https://admin.cdn.example/v7/mf-manifest.json', bogus: 'x' });
    try {
      writeFileSync(file, JSON.stringify({ mfe_admin: 'https://cdn2.example/admin/v8/mf-manifest.json' }));
      const redeployed = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(redeployed.json().mfe_admin).toBe('https://cdn2.example/admin/v8/mf-manifest.json');
      const page = await t.app.inject({ method: 'GET', url: '/main/projects' });
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/cdn2\.example/);
      expect(page.headers['content-security-policy']).not.toContain('admin.cdn.example');

      // A half-written or broken file keeps the last good configuration.
      writeFileSync(file, '{ "mfe_admin": ');
      expect((await t.app.inject({ method: 'GET', url: '/remotes.json' })).json().mfe_admin).toBe('https://cdn2.example/admin/v8/mf-manifest.json');
    } finally {
      writeFileSync(file, original);
    }
    const rolledBack = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(rolledBack.json().mfe_admin).toBe('https://admin.cdn.example/v7/mf-manifest.json');
  });

  it('revalidates manifests and entries but caches hashed chunks for a year', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    // Pages on other origins load remotes and the chat's embed script: the site-wide same-origin policy must not win.
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const chunk = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/4598.57e0dac1.chunk.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shellMain = await t.app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(shellMain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses text assets for clients that accept it', async () => {
    const chunk = await t.app.inject({
      method: 'GET',
      url: '/remotes/mfe-landing/4598.57e0dac1.chunk.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(chunk.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's own brotli copy of a script, with its type and year-long caching, instead of compressing it again", async () => {
    const chunk = await t.app.inject({
      method: 'GET',
      url: '/remotes/mfe-landing/5120.9a8b7c6d.chunk.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(String(chunk.headers.vary)).toMatch(/accept-encoding/i);
    // Byte for byte the build's copy: compressing on every request would cost processor time and send more bytes.
    expect(chunk.rawPayload.equals(readFileSync(path.join(webRoot, 'mfe-landing/dist/5120.9a8b7c6d.chunk.js.br')))).toBe(true);
    expect(brotliDecompressSync(chunk.rawPayload).toString()).toBe(`var landing = ${JSON.stringify('hero '.repeat(800))};`);
    const plain = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/5120.9a8b7c6d.chunk.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(`var landing = ${JSON.stringify('hero '.repeat(800))};`);
  });

  it('sends a script only the headers that act on a script, and a page all of them', async () => {
    // Policies for documents (what a page may load, frame or open) do nothing on a script but cost a
    // phone some 600 bytes per script of a cold load; sniffing, HTTPS and who may embed it still apply.
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const scripts = [
      await t.app.inject({ method: 'GET', url: '/main.0123abcd.js', headers: { 'accept-encoding': 'br' } }),
      await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/5120.9a8b7c6d.chunk.js', headers: { 'accept-encoding': 'br' } }),
      await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/remoteEntry.js' }),
      // No brotli copy of this one: compressed as it is sent.
      await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/4598.57e0dac1.chunk.js', headers: { 'accept-encoding': 'gzip' } }),
    ];
    for (const script of scripts) {
      expect(script.statusCode).toBe(200);
      for (const name of documentOnly) expect(script.headers[name]).toBeUndefined();
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(script.headers['cross-origin-resource-policy']).toBeDefined();
      // Said once: the compressed copy's own Vary and ours were both sent.
      expect(String(script.headers.vary).toLowerCase()).toBe('accept-encoding');
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/mf-manifest.json' });
    expect(manifest.headers['content-security-policy']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/main/projects' });
    for (const name of documentOnly) expect(page.headers[name]).toBeDefined();
  });

  it("writes remotes.json into every page, and hints the page's remote: its manifest, entry and routes module", async () => {
    const remotesJson = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json();
    const page = await t.app.inject({ method: 'GET', url: '/main/projects' });
    const inPage = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/.exec(page.body);
    expect(JSON.parse(inPage![1]!)).toEqual(remotesJson);
    // In the head, so the browser starts on them while it reads the rest of the page.
    expect(page.body.indexOf('id="remotes-config"')).toBeLessThan(page.body.indexOf('</head>'));
    const hints = [...page.body.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);
    expect(hints).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/mfe-client/mf-manifest.json">',
      '<link rel="preload" as="script" href="/remotes/mfe-client/remoteEntry.js">',
      '<link rel="preload" as="script" href="/remotes/mfe-client/__federation_expose_Routes.ab12cd34.chunk.js">',
      '<link rel="preload" as="style" href="/remotes/mfe-client/routes.0a1b2c3d.chunk.css">',
    ]);

    // A remote deployed elsewhere: its manifest is hinted where it lives; its files are not known here.
    const admin = await t.app.inject({ method: 'GET', url: '/admin/clients' });
    expect([...admin.body.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag)).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://admin.cdn.example/v7/mf-manifest.json">',
    ]);
    // A page no remote renders gets the configuration alone.
    const unknown = await t.app.inject({ method: 'GET', url: '/unknown/page' });
    expect(unknown.body).toContain('id="remotes-config"');
    expect(unknown.body).not.toContain('rel="preload"');
  });

  it('hints the files of a remote redeployed in place, without a restart', async () => {
    const file = path.join(webRoot, 'mfe-client/dist/mf-manifest.json');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, JSON.stringify(clientManifest('__federation_expose_Routes.ee99ff00.chunk.js')));
      const page = await t.app.inject({ method: 'GET', url: '/main/projects' });
      expect(page.body).toContain('href="/remotes/mfe-client/__federation_expose_Routes.ee99ff00.chunk.js"');
      expect(page.body).not.toContain('ab12cd34');
      // A manifest caught half-written: the page still has everything but that remote's files.
      writeFileSync(file, '{ "metaData": ');
      const meanwhile = await t.app.inject({ method: 'GET', url: '/main/projects' });
      expect(meanwhile.body).toContain('href="/remotes/mfe-client/mf-manifest.json"');
      expect(meanwhile.body).not.toContain('remoteEntry.js');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('writes a hostile remotes.json into the page as data that cannot leave its element', async () => {
    const file = path.join(webRoot, 'remotes-override.json');
    const original = readFileSync(file, 'utf8');
    const hostile = 'https://x.example/"></script><script>alert(1)</script>/mf-manifest.json';
    try {
      writeFileSync(file, JSON.stringify({ mfe_admin: hostile }));
      const page = await t.app.inject({ method: 'GET', url: '/admin/clients' });
      expect(page.body).not.toContain('<script>alert(1)');
      expect(page.body.match(/<\/script>/g)).toHaveLength(1);
      const inPage = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/.exec(page.body);
      expect(JSON.parse(inPage![1]!).mfe_admin).toBe(hostile);
      expect(page.body).toContain('href="https://x.example/&quot;>&lt;/script>&lt;script>alert(1)&lt;/script>/mf-manifest.json"');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('answers a missing asset with 404 instead of the shell page', async () => {
    const missingChunk = await t.app.inject({ method: 'GET', url: '/remotes/mfe-landing/missing.abcdef12.chunk.js' });
    expect(missingChunk.statusCode).toBe(404);
    const missingFile = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(missingFile.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });
});

describe('prerendered public pages', () => {
  const dir = () => path.join(webRoot, 'shell', 'dist', 'prerendered');
  const page = (locale: string, heading: string) =>
    `<!doctype html><html lang="${locale}"><div id="root" data-prerendered="${locale}"><h1>${heading}</h1></div>`;

  /** What `pnpm prerender` writes: the pages, then the index naming them and the remote release they were made from. */
  function prerender(landingManifest: string, heading = 'Build with confidence') {
    mkdirSync(path.join(dir(), 'en'), { recursive: true });
    mkdirSync(path.join(dir(), 'fr'), { recursive: true });
    writeFileSync(path.join(dir(), 'en', 'index.html'), page('en', heading));
    writeFileSync(path.join(dir(), 'fr', 'index.html'), page('fr', `${heading} (fr)`));
    writeFileSync(path.join(dir(), 'en', 'sign-up.html'), page('en', 'Create your account'));
    writeFileSync(
      path.join(dir(), 'pages.json'),
      JSON.stringify({
        pages: {
          '/': { remote: 'mfe_landing', manifest: landingManifest, files: { en: 'en/index.html', fr: 'fr/index.html' } },
          '/sign-up': { remote: 'mfe_auth', manifest: '/remotes/mfe-auth/mf-manifest.json', files: { en: 'en/sign-up.html' } },
        },
        aliases: { '/register': '/sign-up' },
      }),
    );
  }

  afterEach(() => rmSync(dir(), { recursive: true, force: true }));

  it("answers a public page in the visitor's language: the stored choice's cookie, else English whatever the browser's language", async () => {
    prerender('/remotes/mfe-landing/mf-manifest.json');
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/', headers });

    const french = await get({ cookie: 'locale=fr', 'accept-language': 'en' });
    expect(french.body).toContain('Build with confidence (fr)');
    expect(french.headers['content-language']).toBe('fr');
    expect(french.headers.vary).toMatch(/Cookie/);
    expect(french.headers['cache-control']).toBe('no-cache');

    // The spec's default is English: a French browser without a stored choice gets English, as the shell starts in.
    expect((await get({ 'accept-language': 'fr-FR,fr;q=0.9' })).body).toContain('<h1>Build with confidence</h1>');
    expect((await get({ 'accept-language': 'fr', cookie: 'locale=en' })).body).toContain('<h1>Build with confidence</h1>');
    expect((await get({ cookie: 'locale=de' })).body).toContain('<h1>Build with confidence</h1>');
    expect((await get({})).body).toContain('<html lang="en">');
    // An alias gets its target's page; a locale with no page, and signed-in or unknown pages, the plain shell.
    expect((await t.app.inject({ method: 'GET', url: '/register' })).body).toContain('Create your account');
    expect((await get({ cookie: 'locale=fr' })).body).toContain('(fr)');
    expect((await t.app.inject({ method: 'GET', url: '/sign-up', headers: { cookie: 'locale=fr' } })).body).toContain('<title>Shell</title>');
    for (const url of ['/main/projects', '/unknown/page']) {
      expect((await t.app.inject({ method: 'GET', url })).body).toContain('<title>Shell</title>');
    }
  });

  it('answers every address of a page with a parameter (a profile) with that page, and nothing deeper or empty', async () => {
    prerender('/remotes/mfe-landing/mf-manifest.json');
    mkdirSync(path.join(dir(), 'en'), { recursive: true });
    writeFileSync(path.join(dir(), 'en', 'professionals_id.html'), page('en', 'Professional profile'));
    const index = JSON.parse(readFileSync(path.join(dir(), 'pages.json'), 'utf8'));
    index.pages['/professionals/:id'] = {
      remote: 'mfe_landing',
      manifest: '/remotes/mfe-landing/mf-manifest.json',
      files: { en: 'en/professionals_id.html' },
    };
    writeFileSync(path.join(dir(), 'pages.json'), JSON.stringify(index));
    const body = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    expect(await body('/professionals/0b6f8a52-3f57-4c1e-9d39-1f0e1d7a9c11')).toContain('<h1>Professional profile</h1>');
    expect(await body('/professionals/abc/')).toContain('<h1>Professional profile</h1>');
    for (const url of ['/professionals', '/professionals/a/b']) expect(await body(url)).toContain('<title>Shell</title>');
  });

  it('follows a new prerender without a restart, and never serves a page made from a remote remotes.json no longer names', async () => {
    prerender('/remotes/mfe-landing/mf-manifest.json', 'First release');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('First release');

    // The landing is redeployed on a CDN: its old page is no longer served…
    const file = path.join(webRoot, 'remotes-override.json');
    const original = JSON.stringify({ mfe_admin: 'https://admin.cdn.example/v7/mf-manifest.json', bogus: 'x' });
    writeFileSync(file, JSON.stringify({ mfe_landing: 'https://landing.cdn.example/v2/mf-manifest.json' }));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Shell</title>');
      // …until the deploy step prerenders again with it.
      prerender('https://landing.cdn.example/v2/mf-manifest.json', 'Second release');
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Second release');
    } finally {
      writeFileSync(file, original);
    }
  });
});
