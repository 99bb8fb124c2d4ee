import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabaseLimiter } from '../src/accounts/attempt-limiter';
import { migratedTestDatabase } from './test-app';

const database = migratedTestDatabase();

const counters = async () =>
  (await database.db.query<{ key: string; points: number }>('SELECT key, points FROM rate_limit_counters ORDER BY key')).rows;

describe('attempts counted in the database', () => {
  it('counts each key in its window, apart from other keys and other window lengths', async () => {
    const limiter = createDatabaseLimiter(database.db);
    try {
      const first = await limiter.hit('login:ip:10.0.0.1', 60_000);
      expect(first.count).toBe(1);
      expect(first.msBeforeReset).toBeGreaterThan(55_000);
      expect(first.msBeforeReset).toBeLessThanOrEqual(60_000);
      expect((await limiter.hit('login:ip:10.0.0.1', 60_000)).count).toBe(2);
      expect((await limiter.hit('login:ip:10.0.0.2', 60_000)).count).toBe(1);
      expect((await limiter.hit('login:ip:10.0.0.1', 3_600_000)).count).toBe(1);
      // A second limiter on the same database (another instance) continues the same count.
      const other = createDatabaseLimiter(database.db);
      expect((await other.hit('login:ip:10.0.0.1', 60_000)).count).toBe(3);
      await other.close();
    } finally {
      await limiter.close();
    }
  });

  it('keeps an address of any length as its key', async () => {
    const limiter = createDatabaseLimiter(database.db);
    try {
      const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.example.com`;
      expect((await limiter.hit(`login:ip-email:2001:db8::1:${email}`, 60_000)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });

  it('starts a new window once the last one ended, and deletes ended windows', async () => {
    const limiter = createDatabaseLimiter(database.db, { cleanEveryMs: 200 });
    try {
      expect((await limiter.hit('short', 1000)).count).toBe(1);
      expect((await limiter.hit('short', 1000)).count).toBe(2);
      expect((await counters()).filter((row) => row.key.endsWith(':short'))).toHaveLength(1);
      await sleep(1500);
      expect((await counters()).filter((row) => row.key.endsWith(':short'))).toHaveLength(0);
      expect((await limiter.hit('short', 1000)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });
});
