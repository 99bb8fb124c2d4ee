import { RateLimiterMemory } from 'rate-limiter-flexible';

/** How many attempts a key has made in its current window, and when that window ends. */
export interface AttemptCount {
  count: number;
  msBeforeReset: number;
}

/**
 * Counters of attempts per key and fixed window. Every limit of the API goes
 * through this one interface, so the counters can move to a shared store
 * (rate-limiter-flexible has PostgreSQL and Redis stores with the same
 * `consume`) when the API runs on more than one machine.
 */
export interface AttemptLimiter {
  /** Counts one attempt under `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
}

/** Counters kept in this process (one instance). */
export function createMemoryLimiter(): AttemptLimiter {
  const byWindow = new Map<number, RateLimiterMemory>();
  return {
    async hit(key, windowMs) {
      let counter = byWindow.get(windowMs);
      if (!counter) {
        // The limiter only counts; each caller compares the count with its own limit.
        counter = new RateLimiterMemory({ points: Number.MAX_SAFE_INTEGER, duration: Math.max(1, Math.ceil(windowMs / 1000)) });
        byWindow.set(windowMs, counter);
      }
      const result = await counter.consume(key, 1);
      return { count: result.consumedPoints, msBeforeReset: result.msBeforeNext };
    },
  };
}
