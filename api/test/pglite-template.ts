import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';

/**
 * The migrated embedded database every test file starts from. A new PGlite
 * runs initdb, then the migrations: 4 to 9 s here, most of a test file's
 * time. One loaded from an archive of a migrated data folder opens in 1.5 to
 * 2.5 s. The run's global set-up writes the archive once, from the migrations
 * as they are now, and names it in PGLITE_TEMPLATE for every worker.
 */
const TEMPLATE_ENV = 'PGLITE_TEMPLATE';

export async function writePgliteTemplate(): Promise<void> {
  const pglite = new PGlite();
  const db = await pgliteDatabase(pglite);
  await migrate(db);
  const archive = await pglite.dumpDataDir('none');
  await db.close();
  const file = path.join(tmpdir(), `fundament-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
}

export function removePgliteTemplate(): void {
  const file = process.env[TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
}

/** A fresh, migrated embedded database: from the run's archive, or built here when a run has none. */
export async function openMigratedPglite(): Promise<Database> {
  const file = process.env[TEMPLATE_ENV];
  if (file && existsSync(file)) return pgliteDatabase(new PGlite({ loadDataDir: new Blob([readFileSync(file)]) }));
  const db = await pgliteDatabase(new PGlite());
  await migrate(db);
  return db;
}
