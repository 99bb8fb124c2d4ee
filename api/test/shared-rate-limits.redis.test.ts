import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './test-app';
import { SIGN_IN_LIMITS, tenThenOneMore } from './shared-limits';

/*
 * Two instances of the API counting their attempts in the Redis of REDIS_URL.
 * Each has a database of its own, so only Redis can carry the count from one
 * to the other. Without a Redis answering, start-up fails, and so does this file.
 */

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// A run of its own on a server others may use: its keys go when it ends.
const keyPrefix = `fundament-test:${randomBytes(6).toString('hex')}`;
const store = { kind: 'redis' as const, url, keyPrefix };

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ rateLimits: SIGN_IN_LIMITS, rateLimitStore: store });
  b = await createTestApp({ rateLimits: SIGN_IN_LIMITS, rateLimitStore: store });
});
/** A client that fails at once, rather than retrying, when Redis does not answer. */
const connect = () => new Redis(url, { retryStrategy: () => null, maxRetriesPerRequest: 0 });

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (!a) return;
  const redis = connect();
  const keys = await redis.keys(`${keyPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

it('ten failed sign-ins through one instance make the eleventh through the other a 429', async () => {
  const { statuses, retryAfter } = await tenThenOneMore(a.app, b.app, '10.9.1.1');
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
});

it('keeps the counters in Redis, under the prefix, with the window as their lifetime', async () => {
  await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@example.com', password: 'Wrong-pass-1' } });
  const redis = connect();
  try {
    const keys = await redis.keys(`${keyPrefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  } finally {
    await redis.quit();
  }
});
