import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database, Listener, Queryable } from '../db/database';

/** How a job that throws is tried again: `limit` more times, `delaySeconds` apart, doubling if `backoff`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

/** The job being run, for work that must happen once per job whatever the tries (an e-mail's sent marker). */
export interface JobContext {
  id: string;
}

export interface JobDefinition<Payload> {
  name: string;
  run(payload: Payload, job: JobContext): Promise<void>;
  retry?: RetryPolicy;
  /** Cron expression (UTC): the job is also enqueued on this schedule, once for all instances. */
  schedule?: string;
  /**
   * How long a try may run before the queue takes it for lost (its instance died) and hands
   * it to another; the queue's default when unset.
   */
  expireSeconds?: number;
}

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** While a job with this key waits, another one with the same key is not added. */
  singletonKey?: string;
  /** Inside this transaction: the job exists exactly when the change that asks for it commits. */
  tx?: Queryable;
}

export interface JobQueue {
  /** Declares a kind of job; only before the application is ready. */
  define<Payload extends object>(definition: JobDefinition<Payload>): void;
  /** Jobs of each kind waiting to run (created or to retry), and the age of the oldest in seconds. */
  depths(): Promise<QueueDepth[]>;
  /**
   * Resolves once this instance's workers have looked for work after the call
   * and found none, with nothing under way: what this instance queued has run
   * (tests, and a clean shutdown, wait on it through `backgroundIdle`).
   */
  idle(): Promise<void>;
  /** Counts of what the workers of this instance did; see `JobEvents`. */
  readonly events: JobEvents;
}

export interface QueueDepth {
  name: string;
  waiting: number;
  oldestSeconds: number;
}

/** Called as this instance's workers finish jobs (metrics listen here). */
export interface JobEvents {
  onDone: Array<(name: string, seconds: number) => void>;
  onFailed: Array<(name: string) => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /**
     * Stores a job in the database, to be run by whichever instance takes it
     * first: it survives a restart. Resolves with its id, or null when a job
     * with the same `singletonKey` already waits.
     */
    enqueue(name: string, payload: object, options?: EnqueueOptions): Promise<string | null>;
    /** Several jobs of one kind in one statement (the e-mails of one event). */
    enqueueAll(name: string, payloads: object[], options?: { tx?: Queryable }): Promise<void>;
  }
}

export interface JobsPluginOptions {
  /** How often an idle instance looks for jobs; work added anywhere wakes it at once. */
  pollSeconds: number;
  /** How many jobs of one kind an instance runs at the same time. */
  concurrency: number;
  /** How often the queue's upkeep runs: lost jobs handed on, old ones deleted. */
  maintenanceSeconds: number;
  /** How long a shutdown waits for jobs under way. */
  stopTimeoutMs: number;
  /** Cron expressions replacing definitions' own, by job name. */
  schedules?: Record<string, string>;
}

/** The channel every instance listens on: a queue's name when work was added to it. */
const JOBS_ADDED = 'jobs_added';

/**
 * pg-boss sends its schema (several statements in one text, without values)
 * and its queries through one function. A server takes several statements in
 * one text; the embedded database takes them only through `exec`, which
 * returns no rows, and those statements need none.
 */
export function pgBossDb(db: Database): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      if (db.kind === 'pglite' && values.length === 0 && hasSeveralStatements(text)) {
        await db.exec(text);
        return { rows: [] };
      }
      // No trigger announces a change to the queue's tables (an instance announces new jobs itself, with pg_notify):
      // its writes need not wait for the listening connections. Unnamed, so a text of several statements still goes through.
      return db.query({ name: '', text, announces: false }, values);
    },
  };
}

/**
 * The queue's tables beside the application's: `pgboss` next to `public`, and
 * a schema of its own next to any other, so databases sharing a server (one
 * schema each) never share jobs.
 */
export async function jobsSchema(db: Database): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
}

function hasSeveralStatements(text: string): boolean {
  return text.trim().replace(/;\s*$/, '').includes(';');
}

/**
 * Durable jobs on the application's own PostgreSQL (pg-boss), the same on a
 * server and on the embedded database: mail to send, timers to fire, cleanups.
 *
 * Each kind of job has a runner that keeps up to `concurrency` jobs under way:
 * it takes as many as it has free places in one statement and takes more as
 * they finish, so a burst drains at the speed of the work itself. When there is
 * nothing to do it waits for `pollSeconds`, or less: adding work on any
 * instance announces the queue (NOTIFY) and wakes every instance's runner.
 * Each job completes or fails on its own, so one bad job of a batch retries
 * alone. Workers start once the application is ready and finish their jobs on close.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { pollSeconds, concurrency, maintenanceSeconds, stopTimeoutMs, schedules = {} }) => {
    const definitions = new Map<string, JobDefinition<object>>();
    const runners = new Map<string, Runner>();
    const events: JobEvents = { onDone: [], onFailed: [] };
    const schema = await jobsSchema(app.db);
    let started = false;
    const boss = new PgBoss({
      db: pgBossDb(app.db),
      schema,
      // Completed jobs are kept a day for tracing, then deleted: a mail's payload holds its links.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
      maintenanceIntervalSeconds: maintenanceSeconds,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

    app.decorate('jobs', {
      define<Payload extends object>(definition: JobDefinition<Payload>) {
        if (started) throw new Error(`job ${definition.name} defined after start`);
        definitions.set(definition.name, definition as unknown as JobDefinition<object>);
      },
      async depths() {
        const { rows } = await app.db.query<{ name: string; waiting: number; oldest: number }>(
          `SELECT name, count(*)::int AS waiting, COALESCE(EXTRACT(EPOCH FROM now() - min(created_on)), 0)::float8 AS oldest
             FROM ${schema}.job WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name`,
        );
        const found = new Map(rows.map((row) => [row.name, row]));
        return [...definitions.keys()].map((name) => ({
          name,
          waiting: found.get(name)?.waiting ?? 0,
          oldestSeconds: found.get(name)?.oldest ?? 0,
        }));
      },
      async idle() {
        await Promise.all([...runners.values()].map((runner) => runner.idle()));
      },
      events,
    });

    // The transaction's own connection for pg-boss's statements, so the job commits with the change.
    const through = (tx: Queryable) => ({ db: { executeSql: (text: string, values: unknown[] = []) => tx.query(text, values) } });
    const announce = async (name: string, tx?: Queryable) => {
      // In a transaction the announcement goes out on commit, when the job becomes visible.
      await (tx ?? app.db).query('SELECT pg_notify($1, $2)', [JOBS_ADDED, name]);
      if (!tx) runners.get(name)?.wake();
    };
    app.decorate('enqueue', async (name: string, payload: object, options: EnqueueOptions = {}) => {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      const id = await boss.send(name, payload, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.tx ? through(options.tx) : {}),
      });
      if (id && !options.startAfter) await announce(name, options.tx);
      return id;
    });

    app.decorate('enqueueAll', async (name: string, payloads: object[], options: { tx?: Queryable } = {}) => {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      if (payloads.length === 0) return;
      // The queue's own retry policy applies, as for `send`.
      const expireInSeconds = definitions.get(name)!.expireSeconds;
      await boss.insert(
        payloads.map((data) => ({ name, data, ...(expireInSeconds ? { expireInSeconds } : {}) })),
        options.tx ? through(options.tx) : {},
      );
      await announce(name, options.tx);
    });

    let listener: Listener | undefined;
    app.addHook('onReady', async () => {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const retry = definition.retry;
        await boss.createQueue(definition.name, {
          name: definition.name,
          ...(retry ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff } : { retryLimit: 0 }),
          ...(definition.expireSeconds ? { expireInSeconds: definition.expireSeconds } : {}),
        });
        // pg-boss sends one job per period for all instances (a singleton per minute), and one runner takes it.
        const schedule = schedules[definition.name] ?? definition.schedule;
        if (schedule) await boss.schedule(definition.name, schedule, {});
      }
      listener = await app.db.listen(JOBS_ADDED, {
        onPayload: (name) => runners.get(name)?.wake(),
        // Work announced while nobody listened is found by the next poll; look now instead.
        onGap: () => runners.forEach((runner) => runner.wake()),
      });
      for (const definition of definitions.values()) {
        runners.set(definition.name, startRunner(boss, definition, { concurrency, pollMs: pollSeconds * 1000 }, app.log, events));
      }
    });
    // Jobs under way finish (or go back to the queue) before the database closes; jobs enqueued
    // after this still reach the table and wait for the next start.
    app.addHook('preClose', async () => {
      if (!started) return;
      await listener?.close();
      await Promise.race([
        Promise.all([...runners.values()].map((runner) => runner.stop())),
        new Promise((resolve) => setTimeout(resolve, stopTimeoutMs).unref()),
      ]);
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);

interface Runner {
  /** Look for jobs now rather than at the end of the wait. */
  wake(): void;
  /** Takes no more jobs; resolves when those under way have finished. */
  stop(): Promise<void>;
  /** See `JobQueue.idle`. */
  idle(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Keeps up to `concurrency` jobs of one kind under way (see `jobsPlugin`). */
function startRunner(
  boss: PgBoss,
  definition: JobDefinition<object>,
  { concurrency, pollMs }: { concurrency: number; pollMs: number },
  log: Log,
  events: JobEvents,
): Runner {
  const { name } = definition;
  const running = new Set<Promise<void>>();
  /** Waiting for a look that finds nothing; `asked` is the look under way when they asked. */
  let idleWaiters: Array<{ asked: number; resolve: () => void }> = [];
  let looks = 0;
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  /** Resolves on a wake-up or after `ms`. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wakeUp = undefined));

  // Completions of one turn of the event loop go together: one statement for a burst.
  let finished: string[] = [];
  let flushing: Promise<void> | undefined;
  const complete = (id: string) => {
    finished.push(id);
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = finished;
      finished = [];
      flushing = undefined;
      await boss.complete(name, ids).catch((error: unknown) => log.error({ err: error, job: name }, 'job completion failed'));
    });
    return flushing;
  };

  const runOne = async (job: PgBoss.Job<object>) => {
    const began = performance.now();
    try {
      await definition.run(job.data, { id: job.id });
    } catch (error) {
      log.warn({ err: error, job: name }, 'job failed; retried if it has tries left');
      events.onFailed.forEach((listen) => listen(name));
      await boss
        .fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch((failure: unknown) => log.error({ err: failure, job: name }, 'job failure not recorded'));
      return;
    }
    await complete(job.id);
    events.onDone.forEach((listen) => listen(name, (performance.now() - began) / 1000));
  };

  const loop = (async () => {
    while (!stopping) {
      const free = concurrency - running.size;
      // Take jobs by the handful rather than one by one as each place frees.
      if (free < Math.ceil(concurrency / 2)) {
        await Promise.race(running);
        continue;
      }
      woken = false;
      looks += 1;
      const look = looks;
      let jobs: PgBoss.Job<object>[] = [];
      try {
        jobs = await boss.fetch<object>(name, { batchSize: free });
      } catch (error) {
        log.error({ err: error, job: name }, 'jobs could not be fetched');
      }
      if (jobs.length === 0 && running.size === 0) {
        const [ready, waiting] = partition(idleWaiters, (waiter) => waiter.asked < look);
        idleWaiters = waiting;
        ready.forEach((waiter) => waiter.resolve());
      }
      for (const job of jobs) {
        const done: Promise<void> = runOne(job).finally(() => {
          running.delete(done);
          // Someone waits for the queue to be quiet: look again now rather than at the next poll.
          if (idleWaiters.length > 0) wake();
        });
        running.add(done);
      }
      if (jobs.length < free) await pause(pollMs);
    }
    while (running.size > 0) await Promise.all([...running]);
    await flushing;
    idleWaiters.forEach((waiter) => waiter.resolve());
    idleWaiters = [];
  })();

  return {
    wake,
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
    idle() {
      if (stopping) return Promise.resolve();
      const waited = new Promise<void>((resolve) => idleWaiters.push({ asked: looks, resolve }));
      wake();
      return waited;
    },
  };
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
