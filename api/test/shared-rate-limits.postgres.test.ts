import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { secondInstance, type SecondInstance } from './second-instance';
import { SIGN_IN_LIMITS, tenThenOneMore } from './shared-limits';

/*
 * Two instances of the API on one PostgreSQL database, as behind a load
 * balancer, with the default store: the attempts are counted in the database,
 * so two instances together allow what one allows.
 */

let a: TestApp;
let second: SecondInstance;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp({ rateLimits: SIGN_IN_LIMITS });
  second = await secondInstance(a, { rateLimits: SIGN_IN_LIMITS });
  b = second.app;
});
afterAll(async () => {
  await second.close();
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
