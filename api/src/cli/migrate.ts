import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';

/** `pnpm --filter api migrate`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
