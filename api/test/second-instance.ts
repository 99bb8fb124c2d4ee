import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openPostgres } from '../src/db/database';
import type { TestApp } from './test-app';
import { RELAXED_LIMITS } from './accounts-helpers';

export interface SecondInstance {
  app: FastifyInstance;
  /** Its own data folder (uploads, were they local): nothing of the first instance's. */
  folder: string;
  close(): Promise<void>;
}

/**
 * Another API instance on the first one's PostgreSQL schema, as a second
 * machine behind a load balancer: its own pool, its own listeners, its own
 * data folder. Listening on a port when `listen` is set (for streams).
 */
export async function secondInstance(first: TestApp, overrides: Partial<AppConfig> = {}, listen = false): Promise<SecondInstance> {
  const { rows } = await first.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const db = await openPostgres(process.env.DATABASE_URL!, { schema: rows[0]!.schema, max: 4 });
  const folder = mkdtempSync(path.join(tmpdir(), 'fundament-instance-'));
  const app = await buildApp({
    config: loadConfig(
      { NODE_ENV: 'test' },
      { serveWeb: false, uploadsDir: folder, dataDir: folder, rateLimits: { ...RELAXED_LIMITS }, ...overrides },
    ),
    database: db,
  });
  if (listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  let closed = false;
  return {
    app,
    folder,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
