import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { PayoutProvider } from '../src/payments/payout-provider';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { RELAXED_LIMITS } from './accounts-helpers';
import { openMigratedPglite } from './pglite-template';

/**
 * A fresh database for a test file: embedded PGlite in memory by default, or
 * a new schema on the PostgreSQL server of DATABASE_URL (dropped afterwards),
 * so the same suite runs against both. Empty, or with every migration applied
 * (`migrated`).
 */
export async function openTestDatabase({ migrated = false } = {}): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = migrated ? await openMigratedPglite() : await openPglite();
    return { db, drop: () => db.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { schema });
  if (migrated) await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      // The job queue's tables, beside the application's.
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.close();
    },
  };
}

/**
 * A test file's own migrated database, opened before its first test and
 * dropped after its last: read `.db` inside tests and hooks registered after
 * this call.
 */
export function migratedTestDatabase(): { readonly db: Database } {
  let opened: { db: Database; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase({ migrated: true });
  });
  afterAll(async () => opened?.drop());
  return {
    get db() {
      if (!opened) throw new Error('The test database is opened in beforeAll: read it inside a test or a later hook');
      return opened.db;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database, ready for `app.inject`. `wrapDatabase`
 * gives the app another view of that database (a test that makes some
 * statements fail); `db` stays the database itself, for set-up and checks.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  {
    wrapDatabase = (db: Database) => db,
    payouts,
    env = {},
  }: {
    wrapDatabase?: (db: Database) => Database;
    payouts?: (db: Database) => PayoutProvider;
    /** More of the environment, read as the server reads it (the pay-in providers' settings). */
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDatabase({ migrated: true });
  // Uploaded files go to a folder of their own, removed with the app.
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'fundament-uploads-'));
  // Suites sign in many times from one address; the rate-limit tests pass their own small limits.
  const rateLimits = { ...RELAXED_LIMITS };
  const config = loadConfig({ NODE_ENV: 'test', ...env }, { serveWeb: false, uploadsDir, rateLimits, ...overrides });
  const app = await buildApp({ config, database: wrapDatabase(db), ...(payouts ? { payouts: payouts(db) } : {}) });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
