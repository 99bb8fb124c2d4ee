import pg from 'pg';
import { writePgliteTemplate } from './pglite-template';
import { workerDatabaseUrl } from './worker-database';

/**
 * Once per run, before any worker starts: on the embedded database, the
 * migrated archive every file starts from; on a PostgreSQL server, a database
 * for each worker (each file then migrates a schema of its own there).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return writePgliteTemplate();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= Math.max(1, globalConfig.maxWorkers); worker += 1) {
      const name = decodeURIComponent(new URL(workerDatabaseUrl(url, worker)).pathname.slice(1));
      const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rows.length === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}
