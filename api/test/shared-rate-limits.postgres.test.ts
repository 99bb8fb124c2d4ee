import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/database';
import { createTestApp, type TestApp } from './test-app';
import { SIGN_IN_LIMITS, tenThenOneMore } from './shared-limits';

/*
 * Two instances of the API on one PostgreSQL database, as behind a load
 * balancer, with the default store: the attempts are counted in the database,
 * so two instances together allow what one allows.
 */

let a: TestApp;
let b: FastifyInstance;
let bDb: Database;
let bUploads: string;

beforeAll(async () => {
  a = await createTestApp({ rateLimits: SIGN_IN_LIMITS });
  const { rows } = await a.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  bDb = await openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.schema, max: 2 });
  bUploads = mkdtempSync(path.join(tmpdir(), 'fundament-uploads-'));
  b = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir: bUploads, rateLimits: SIGN_IN_LIMITS }),
    database: bDb,
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bDb.close();
  rmSync(bUploads, { recursive: true, force: true });
  await a.close();
});

it('ten failed sign-ins through one instance make the eleventh through the other a 429', async () => {
  const { statuses, retryAfter } = await tenThenOneMore(a.app, b, '10.9.0.1');
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
});

it('counts the attempts of both instances together, whichever answers', async () => {
  const { statuses } = await tenThenOneMore(b, a.app, '10.9.0.2');
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
});
