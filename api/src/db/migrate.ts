import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_DIR } from '../paths';
import type { Database, Queryable } from './database';

export const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');

/** Line endings are folded so a checkout with CRLF files reads as the same migration. */
const checksumOf = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** The migrations in `dir`, by version (the file name without `.sql`), in the order they apply. */
export function migrationVersions(dir: string = MIGRATIONS_DIR): string[] {
  return migrationFiles(dir).map((file) => file.replace(/\.sql$/, ''));
}

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort();
}

/** The versions of `expected` the database has not applied (what a readiness check refuses). */
export async function pendingMigrations(db: Queryable, expected: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  return expected.filter((version) => !applied.has(version));
}

/**
 * Applies the plain SQL files of `migrations/` in name order, each once and
 * in its own transaction. An advisory lock keeps two instances starting at
 * the same time from applying the same file twice.
 *
 * Each applied file's checksum is kept: a migration edited after it ran would
 * otherwise be skipped silently and leave databases that differ from the code,
 * so start-up refuses instead, naming the file. Databases migrated before
 * checksums were kept adopt the current files' checksums once.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
     ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`,
  );
  const files = migrationFiles(dir);
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const sql = readFileSync(path.join(dir, file), 'utf8');
    const checksum = checksumOf(sql);
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(727274)');
      const { rows } = await tx.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations WHERE version = $1', [version]);
      const [row] = rows;
      if (row) {
        if (row.checksum === null) {
          await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [version, checksum]);
        } else if (row.checksum !== checksum) {
          throw new Error(
            `Migration ${file} changed since it was applied (checksum ${row.checksum.slice(0, 12)}…, file ${checksum.slice(0, 12)}…). ` +
              'Applied migrations are never edited: restore the file and add a new migration for the change.',
          );
        }
        return false;
      }
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [version, checksum]);
      return true;
    });
    if (done) applied.push(version);
  }
  return applied;
}
