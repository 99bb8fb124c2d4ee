import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { createTestApp, openTestDatabase, type TestApp } from './test-app';

const READY = { status: 'ready', checks: { database: true, migrations: true, accepting: true } };

describe('GET /api/v1/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 when the database answers and carries every migration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(READY);
  });

  it('answers 503 while a migration of this version is missing from the database', async () => {
    const { rows } = await t.db.query<{ version: string; checksum: string }>(
      "DELETE FROM schema_migrations WHERE version LIKE '0017%' RETURNING version, checksum",
    );
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: true, migrations: false, accepting: true } });
      // Still alive: a restart would not help, a migration would.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      for (const row of rows) await t.db.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [row.version, row.checksum]);
    }
  });
});

describe('shutting down', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let uploadsDir: string;
  let app: FastifyInstance;
  // A request that is still being answered when the shutdown starts.
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase({ migrated: true }));
    uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-uploads-'));
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir }), database: db });
    app.get('/slow', async () => {
      entered();
      await gate;
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    finish();
    await app.close();
    await drop();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('says it is not ready at once, answers the request in flight, then closes', async () => {
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const status = (url: string) =>
      fetch(`${origin}${url}`).then(
        (response) => response.status,
        () => 'refused' as const,
      );
    expect(await (await fetch(`${origin}/api/v1/ready`)).json()).toEqual(READY);

    const slow = fetch(`${origin}/slow`);
    await inFlight;
    // What SIGTERM does first: balancers polling /ready move away while requests are still answered.
    app.lifecycle.stop();
    const draining = await fetch(`${origin}/api/v1/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'unavailable', checks: { database: true, migrations: true, accepting: false } });
    expect(await status('/api/v1/health')).toBe(200);

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await sleep(300);
    // The request in flight holds the shutdown back; nothing new is taken.
    expect(closed).toBe(false);
    expect(await status('/api/v1/ready')).toBe('refused');

    finish();
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
  });
});
