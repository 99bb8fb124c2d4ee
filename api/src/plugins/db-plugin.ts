import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  config: AppConfig;
  /** An already open database (tests share one per suite). */
  database?: Database;
}

/** Opens PostgreSQL (a server with DATABASE_URL, PGlite otherwise), applies migrations, closes on shutdown. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, database }) => {
    const owned = !database;
    const db =
      database ??
      (config.databaseUrl
        ? await openPostgres(config.databaseUrl, { max: config.databasePoolSize })
        : await openPglite(config.inMemoryDatabase ? undefined : config.dataDir));
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
    app.decorate('db', db);
    if (owned) app.addHook('onClose', async () => db.close());
  },
  { name: 'db' },
);
