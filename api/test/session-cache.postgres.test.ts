import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Database } from '../src/db/database';
import { createTestApp, type TestApp } from './test-app';
import { RELAXED_LIMITS, bearer, createVerifiedUser, login } from './accounts-helpers';
import { adminCall, adminToken } from './admin-helpers';

/*
 * Two instances of the API on one database, as behind a load balancer: each
 * remembers sessions for a few seconds, and a sign-out or a suspension
 * answered by one is refused by the other within a second.
 */

let a: TestApp;
let b: FastifyInstance;
let bDb: Database;
let bUploads: string;
let admin: ReturnType<typeof adminCall>;

beforeAll(async () => {
  a = await createTestApp();
  const { rows } = await a.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  bDb = await openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.schema, max: 2 });
  bUploads = mkdtempSync(path.join(tmpdir(), 'fundament-uploads-'));
  b = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }, { serveWeb: false, uploadsDir: bUploads, rateLimits: { ...RELAXED_LIMITS } }),
    database: bDb,
  });
  await b.ready();
  admin = adminCall(a.app, await adminToken(a.app, a.db));
});
afterAll(async () => {
  await b.close();
  await bDb.close();
  rmSync(bUploads, { recursive: true, force: true });
  await a.close();
});

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

/** A signed-in user both instances have just answered (and so remember). */
async function signedInOnBoth() {
  const token = await login(a.app, await createVerifiedUser(a.app));
  for (const app of [a.app, b, b]) expect((await me(app, token)).statusCode).toBe(200);
  const { id } = (await me(a.app, token)).json() as { id: string };
  return { token, id };
}

/** How long the other instance keeps accepting the token, in ms; Infinity past `limit`. */
async function refusedAfter(token: string, since: number, limit = 1000): Promise<number> {
  for (;;) {
    if ((await me(b, token)).statusCode === 401) return performance.now() - since;
    if (performance.now() - since > limit) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a sign-out on one instance is refused by the other within a second', async () => {
  const { token } = await signedInOnBoth();
  const started = performance.now();
  expect((await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
  expect((await me(a.app, token)).statusCode).toBe(401);
  expect(await refusedAfter(token, started)).toBeLessThan(1000);
});

it('a suspension on one instance is refused by the other within a second', async () => {
  const { token, id } = await signedInOnBoth();
  const started = performance.now();
  expect((await admin('POST', `/admin/users/${id}/suspend`, { reason: 'Forged documents' })).statusCode).toBe(200);
  expect((await me(a.app, token)).statusCode).toBe(401);
  expect(await refusedAfter(token, started)).toBeLessThan(1000);
});

it('a change made straight in the database reaches both instances', async () => {
  const { token, id } = await signedInOnBoth();
  const started = performance.now();
  await a.db.query('DELETE FROM user_sessions WHERE user_id = $1', [id]);
  expect(await refusedAfter(token, started)).toBeLessThan(1000);
});
