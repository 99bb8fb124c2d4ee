// The compiled API (api/dist/server.js, what `pnpm start` and the Docker image
// run) starts with plain Node, finds its migrations and assets, answers, and
// stops cleanly on SIGTERM.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../api/scripts/build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

describe('the compiled API', () => {
  let server;
  let base;
  let dataDir;
  let stderr = '';

  before(async () => {
    const file = await buildServer();
    assert.equal(file, join(root, 'api', 'dist', 'server.js'));
    dataDir = mkdtempSync(join(tmpdir(), 'fundament-compiled-api-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Run from elsewhere than api/, with no loader: nothing may depend on tsx or on the working folder.
    server = spawn(process.execPath, [file], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr.on('data', (chunk) => (stderr += chunk));
    for (let i = 0; ; i += 1) {
      if (server.exitCode !== null) throw new Error(`the compiled server stopped (exit ${server.exitCode}): ${stderr}`);
      if (i > 600) throw new Error(`the compiled server did not answer: ${stderr}`);
      const ok = await fetch(`${base}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await sleep(200);
    }
  });

  after(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one file that needs no TypeScript loader', () => {
    const code = readFileSync(join(root, 'api', 'dist', 'server.js'), 'utf8');
    assert.doesNotMatch(code, /require\("tsx/);
    assert.doesNotMatch(code, /require\("shared/);
  });

  it('answers /health and is ready with every migration applied', async () => {
    const health = await fetch(`${base}/api/v1/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok', database: 'pglite' });
    const ready = await fetch(`${base}/api/v1/ready`);
    assert.equal(ready.status, 200, await ready.clone().text());
  });

  it("serves its own assets and answers in the caller's language", async () => {
    const [art] = readdirSync(join(root, 'api', 'assets', 'designs')).filter((file) => file.endsWith('.svg'));
    const image = await fetch(`${base}/api/v1/designs/images/${art}`);
    assert.equal(image.status, 200);
    assert.match(image.headers.get('content-type') ?? '', /svg/);
    const refusal = async (locale) => {
      const response = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({}),
      });
      assert.equal(response.status, 422);
      return (await response.json()).message;
    };
    assert.notEqual(await refusal('fr'), await refusal('en'));
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
