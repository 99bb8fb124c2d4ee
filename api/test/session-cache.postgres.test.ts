import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { bearer, createVerifiedUser, login } from './accounts-helpers';
import { adminCall, adminToken } from './admin-helpers';

/*
 * Two instances of the API on one database, as behind a load balancer: each
 * remembers sessions for a few seconds, and a sign-out or a suspension
 * answered by one is refused by the other within a second.
 */

let a: TestApp;
let second: SecondInstance;
let b: FastifyInstance;
let admin: ReturnType<typeof adminCall>;

beforeAll(async () => {
  a = await createTestApp();
  second = await secondInstance(a);
  b = second.app;
  admin = adminCall(a.app, await adminToken(a.app, a.db));
});
afterAll(async () => {
  await second.close();
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
