import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { createRedisLimiter } from '../src/accounts/attempt-limiter';
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

describe('when Redis goes away after start-up', () => {
  // A server of this test's own, stopped halfway.
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  let server: ChildProcess;
  beforeAll(async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i += 1) {
      const probe = new Redis(`redis://127.0.0.1:${port}`, { retryStrategy: () => null, maxRetriesPerRequest: 0, lazyConnect: true });
      const up = await probe.connect().then(
        () => true,
        () => false,
      );
      probe.disconnect();
      if (up) return;
      await sleep(100);
    }
    throw new Error(`redis-server did not start on port ${port}`);
  });
  afterAll(() => {
    server.kill();
  });

  it('keeps counting on this instance instead of refusing every attempt', async () => {
    const limiter = await createRedisLimiter({ url: `redis://127.0.0.1:${port}`, keyPrefix });
    try {
      expect((await limiter.hit('login:ip:10.9.2.1', 60_000)).count).toBe(1);
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
      const counts = [];
      for (let i = 0; i < 3; i += 1) counts.push((await limiter.hit('login:ip:10.9.2.1', 60_000)).count);
      // Counted in this process from zero: a limit still applies, on this instance alone.
      expect(counts).toEqual([1, 2, 3]);
    } finally {
      await limiter.close();
    }
  });
});
