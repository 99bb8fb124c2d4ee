import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

/** How a job that throws is tried again: `limit` more times, `delaySeconds` apart, doubling if `backoff`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDefinition<Payload> {
  name: string;
  run(payload: Payload): Promise<void>;
  retry?: RetryPolicy;
  /** Cron expression (UTC): the job is also enqueued on this schedule, once for all instances. */
  schedule?: string;
}

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** While a job with this key waits, another one with the same key is not added. */
  singletonKey?: string;
}

export interface JobQueue {
  /** Declares a kind of job; only before the application is ready. */
  define<Payload extends object>(definition: JobDefinition<Payload>): void;
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
    enqueueAll(name: string, payloads: object[]): Promise<void>;
  }
}

export interface JobsPluginOptions {
  /** How often an idle instance looks for jobs. */
  pollSeconds: number;
  /** How long a shutdown waits for jobs under way. */
  stopTimeoutMs: number;
}

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
      return db.query(text, values);
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
 * Workers start once the application is ready and finish their jobs on close.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { pollSeconds, stopTimeoutMs }) => {
    const definitions = new Map<string, JobDefinition<object>>();
    let started = false;
    const boss = new PgBoss({
      db: pgBossDb(app.db),
      schema: await jobsSchema(app.db),
      // Completed jobs are kept a day for tracing, then deleted: a mail's payload holds its links.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

    app.decorate('jobs', {
      define<Payload extends object>(definition: JobDefinition<Payload>) {
        if (started) throw new Error(`job ${definition.name} defined after start`);
        definitions.set(definition.name, definition as JobDefinition<object>);
      },
    });
    app.decorate('enqueue', async (name: string, payload: object, options: EnqueueOptions = {}) => {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, payload, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    });

    app.decorate('enqueueAll', async (name: string, payloads: object[]) => {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      // The queue's own retry policy applies, as for `send`.
      if (payloads.length > 0) await boss.insert(payloads.map((data) => ({ name, data })));
    });

    app.addHook('onReady', async () => {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const retry = definition.retry;
        await boss.createQueue(definition.name, {
          name: definition.name,
          ...(retry ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff } : { retryLimit: 0 }),
        });
        await boss.work<object>(definition.name, { pollingIntervalSeconds: pollSeconds }, async (jobs) => {
          for (const job of jobs) {
            try {
              await definition.run(job.data);
            } catch (error) {
              app.log.warn({ err: error, job: definition.name }, 'job failed; retried if it has tries left');
              throw error;
            }
          }
        });
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {});
      }
    });
    // Jobs under way finish (or go back to the queue) before the database closes; jobs enqueued
    // after this still reach the table and wait for the next start.
    app.addHook('preClose', async () => {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
