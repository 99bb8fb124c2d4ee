import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test-app';

/** A fake build: a shell page and two remotes, one of them deployed elsewhere by the override file. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Shell</title><div id="root"></div>');
  write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  write('mfe-landing/dist/mf-manifest.json', '{"id":"mfe_landing"}');
  write('mfe-landing/dist/remoteEntry.js', 'var mfe_landing = {}');
  write('mfe-landing/dist/4598.57e0dac1.chunk.js', 'x'.repeat(4000));
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
