import type { Database } from '../src/db/database';

/*
 * The shape of the API benchmark's table, shared with the benchmarks whose
 * rows join it (bench/escrow-bench.ts): a module without side effects, so
 * importing it runs nothing.
 */

/** One measured endpoint, or a row handed over by another benchmark. */
export interface BenchRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors: the figures of such a run mean nothing. */
  failures: number;
  /** Requests still unanswered after autocannon's 10 s: slowness, reported but not a failure of the measurement. */
  timeouts?: number;
  /** Answers received during the run. */
  answered?: number;
  /** A share of the baseline's throughput or a number of requests per second to reach, and a p99 ceiling in milliseconds. */
  target?: { minRatio?: number; minPerSecond?: number; maxP99?: number };
}

/** What the optional escrow benchmark (bench/escrow-bench.ts, when present) is given. */
export interface EscrowBenchOptions {
  baseUrl: string;
  databaseUrl: string;
  connections: number;
  duration: number;
  db: Database;
}
