import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { prepared, type Queryable } from '../db/database';

/** How many attempts a key has made in its current window, and when that window ends. */
export interface AttemptCount {
  count: number;
  msBeforeReset: number;
}

/**
 * Counters of attempts per key and fixed window. Every limit of the API goes
 * through this one interface; the counters live where every instance of the
 * API sees them (the database, or Redis), so two instances together allow
 * what one allows.
 */
export interface AttemptLimiter {
  /** Counts one attempt under `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
  /** Stops its timers and lets go of its connections. */
  close(): Promise<void>;
}

/** The table of migration 0017. */
const COUNTERS_TABLE = 'rate_limit_counters';

/** How often ended windows are deleted from the database. */
const CLEAN_EVERY_MS = 5 * 60_000;

type MakeCounter = (options: { points: number; duration: number; keyPrefix: string }) => RateLimiterAbstract;

/** Keys beyond this length are stored by digest: a key carries what callers sent (an address), of any size. */
export const KEY_MAX_LENGTH = 200;

/** The key as stored: itself when short, else its start and a SHA-256 of the whole (distinct keys stay distinct). */
export function boundedKey(key: string): string {
  if (key.length <= KEY_MAX_LENGTH) return key;
  return `${key.slice(0, 100)}…${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * One rate-limiter-flexible counter per window length. Each only counts (its
 * ceiling is never reached); every caller compares the count with its own
 * limit, so one counter serves every limit of the same window.
 */
function countersByWindow(make: MakeCounter): AttemptLimiter['hit'] {
  const byWindow = new Map<number, RateLimiterAbstract>();
  return async (key, windowMs) => {
    let counter = byWindow.get(windowMs);
    if (!counter) {
      counter = make({
        // An int4 column holds the count in the database: far beyond any limit, never reached.
        points: 2 ** 31 - 1,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
        // The same key counted over two window lengths is two counters.
        keyPrefix: `w${windowMs}`,
      });
      byWindow.set(windowMs, counter);
    }
    const result = await counter.consume(boundedKey(key), 1);
    return { count: result.consumedPoints, msBeforeReset: result.msBeforeNext };
  };
}

interface PgQuery {
  name?: string;
  text: string;
  values?: unknown[];
}

/**
 * Counters in the application's database (PGlite or a PostgreSQL server: one
 * code path), one atomic upsert per attempt. Ended windows are deleted every
 * few minutes by every instance; deleting twice is harmless.
 */
export function createDatabaseLimiter(db: Queryable, { cleanEveryMs = CLEAN_EVERY_MS }: { cleanEveryMs?: number } = {}): AttemptLimiter {
  // rate-limiter-flexible speaks to a pg client with query objects; the database takes a prepared statement and its values.
  const storeClient = { query: ({ name, text, values }: PgQuery) => db.query(name ? prepared(text) : text, values) };
  const hit = countersByWindow(
    (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient,
        storeType: 'client',
        tableName: COUNTERS_TABLE,
        // The migration made the table; the library's own timer would outlive a closed app.
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
  );
  const cleaner = setInterval(() => {
    db.query(`DELETE FROM ${COUNTERS_TABLE} WHERE expire < $1`, [Date.now()]).catch(() => undefined);
  }, cleanEveryMs);
  cleaner.unref();
  return {
    hit,
    async close() {
      clearInterval(cleaner);
    },
  };
}

export interface RedisLimiterOptions {
  url: string;
  /** Prepended to every key, so deployments (or test runs) sharing a server count apart. */
  keyPrefix: string;
  /** Redis went away or came back: worth a line in the log. */
  onError?(error: Error): void;
}

/**
 * Counters in Redis. Start-up fails when Redis does not answer, like it does
 * for the database; if it goes away later, each instance counts on its own
 * until it is back rather than refusing everyone's sign-in.
 */
export async function createRedisLimiter({ url, keyPrefix, onError }: RedisLimiterOptions): Promise<AttemptLimiter> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // The first failure decides at start-up (its reason is on 'error'); later ones are reported while ioredis reconnects.
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
  redis.once('error', refuse);
  try {
    await Promise.race([redis.connect(), refused]);
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis did not answer at REDIS_URL (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    redis.off('error', refuse);
  }
  redis.on('error', (error: Error) => onError?.(error));
  const hit = countersByWindow(
    (options) =>
      new RateLimiterRedis({
        ...options,
        keyPrefix: `${keyPrefix}:${options.keyPrefix}`,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      }),
  );
  return {
    hit,
    async close() {
      // Quitting waits for an answer; with Redis away, only stopping its reconnection ends the client.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
