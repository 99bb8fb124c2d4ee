import type { FastifyPluginAsync } from 'fastify';
import { HealthSchema, ReadinessSchema, errorResponses } from 'shared/contract';
import { migrationVersions, pendingMigrations } from '../db/migrate';
import type { ValibotTypeProvider } from '../http/valibot-provider';

/** A database slower than this is as good as down for a balancer deciding where to send a request. */
const DATABASE_CHECK_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /health`: the process answers and its database does too (liveness).
 * `GET /ready`: this instance should be sent requests (readiness): its
 * database answers, carries every migration this code expects, and the
 * instance is not shutting down.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  // The files do not change while the process runs; another instance may have applied newer ones, which is fine.
  const expected = migrationVersions();

  api.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The API and its database answer', response: { 200: HealthSchema, ...errorResponses(500) } } },
    async () => {
      await app.db.query('SELECT 1');
      return { status: 'ok' as const, database: app.db.kind };
    },
  );

  api.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'This instance takes requests: database reachable, migrations applied, not shutting down',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const pending = await within(pendingMigrations(app.db, expected), DATABASE_CHECK_MS).catch(() => undefined);
      const checks = { database: pending !== undefined, migrations: pending?.length === 0, accepting: !app.lifecycle.stopping };
      const ready = checks.database && checks.migrations && checks.accepting;
      if (!ready) {
        reply.status(503);
        if (pending && pending.length > 0) app.log.warn({ pending }, 'not ready: migrations not applied');
      }
      return { status: ready ? ('ready' as const) : ('unavailable' as const), checks };
    },
  );
};
