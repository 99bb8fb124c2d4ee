import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database';

export interface MetricsPluginOptions {
  /** Callers presenting `Authorization: Bearer <token>` may read the metrics from anywhere (`METRICS_TOKEN`). */
  token: string | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read the metrics: a caller holding the token, or a process on this
 * machine talking to the server directly. A request relayed by a proxy (it
 * carries X-Forwarded-For) is someone else's even though its connection comes
 * from the loopback: a proxy on the same machine must not open the metrics to
 * the internet.
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice('Bearer '.length));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const direct = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
  return direct && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * Prometheus metrics at `GET /metrics` (prom-client), one registry per
 * application: HTTP durations by route and status, the job queues (waiting
 * jobs and the age of the oldest, per kind; jobs done and failed on this
 * instance), e-mails sent and refused, the database pool, the last passing
 * ledger check, and Node's own figures (event-loop lag, memory, CPU).
 * Gauges read the database when scraped, so every instance reports the same
 * queue depths and each scrape is current.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { token }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the path itself: ids would make a series per project.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const jobSeconds = new Histogram({
      name: 'jobs_duration_seconds',
      help: 'Time a job took to run on this instance, by kind (completed jobs)',
      labelNames: ['kind'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60],
      registers: [registry],
    });
    const jobsFailed = new Counter({
      name: 'jobs_failed_total',
      help: 'Tries of a job that threw on this instance, by kind (it is retried if it has tries left)',
      labelNames: ['kind'],
      registers: [registry],
    });
    app.jobs.events.onDone.push((kind, seconds) => jobSeconds.observe({ kind }, seconds));
    app.jobs.events.onFailed.push((kind) => jobsFailed.inc({ kind }));

    // The queue as all instances share it: one query per scrape for both gauges.
    let depths: ReturnType<typeof app.jobs.depths> | undefined;
    const readDepths = () => {
      depths ??= app.jobs.depths().finally(() => setImmediate(() => (depths = undefined)));
      return depths;
    };
    new Gauge({
      name: 'jobs_waiting',
      help: 'Jobs due and not yet taken, by kind (all instances)',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        for (const depth of await readDepths()) this.set({ kind: depth.name }, depth.waiting);
      },
    });
    new Gauge({
      name: 'jobs_oldest_waiting_seconds',
      help: 'Age of the oldest job due and not yet taken, by kind (0 when none waits)',
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        for (const depth of await readDepths()) this.set({ kind: depth.name }, depth.oldestSeconds);
      },
    });

    const mailsSent = new Counter({ name: 'mail_sent_total', help: 'E-mails the SMTP server accepted from this instance', registers: [registry] });
    const mailsFailed = new Counter({
      name: 'mail_failed_total',
      help: 'E-mail deliveries the SMTP server refused or that failed on the way (each retried)',
      registers: [registry],
    });
    // Both exist from the start: an alert on a rate needs the series before the first failure.
    mailsSent.inc(0);
    mailsFailed.inc(0);
    app.mailEvents.onSent.push(() => mailsSent.inc());
    app.mailEvents.onFailed.push(() => mailsFailed.inc());

    const pool = app.db.poolUse?.bind(app.db);
    if (pool) {
      const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(pool()));
          },
        });
      poolGauge('db_pool_connections', 'Database connections open in this instance’s pool', (use) => use.open);
      poolGauge('db_pool_idle_connections', 'Open database connections not in use', (use) => use.idle);
      poolGauge('db_pool_waiting_queries', 'Queries waiting for a free database connection', (use) => use.waiting);
      poolGauge('db_pool_max_connections', 'The most connections the pool opens (DATABASE_POOL_SIZE)', (use) => use.max);
    }

    new Gauge({
      name: 'ledger_last_pass_age_seconds',
      help: 'Seconds since the ledger check last passed (its checkpoint moved); grows while the check fails or does not run',
      registers: [registry],
      async collect() {
        const { rows } = await app.db.query<{ age: number | null }>(
          'SELECT EXTRACT(EPOCH FROM now() - max(checked_at))::float8 AS age FROM ledger_checkpoint',
        );
        const age = rows[0]?.age;
        if (age !== null && age !== undefined) this.set(age);
      },
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayRead(request, token)) return reply.status(403).send({ message: 'Forbidden' });
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'metrics', dependencies: ['db', 'jobs', 'mailer'] },
);
