import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openTestDatabase } from './test-app';
import type { Database } from '../src/db/database';

let db: Database;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE widgets (id serial PRIMARY KEY, name text NOT NULL UNIQUE);');
  writeFileSync(path.join(dir, '0002_second.sql'), "INSERT INTO widgets (name) VALUES ('seeded');");
  writeFileSync(path.join(dir, 'notes.txt'), 'not a migration');
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('applies migrations in order, once', async () => {
    expect(await migrate(db, dir)).toEqual(['0001_first', '0002_second']);
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM widgets');
    expect(rows).toEqual([{ name: 'seeded' }]);
  });

  it('rolls a failed migration back entirely and applies nothing after it', async () => {
    writeFileSync(path.join(dir, '0003_broken.sql'), "INSERT INTO widgets (name) VALUES ('half'); SELECT * FROM no_such_table;");
    writeFileSync(path.join(dir, '0004_later.sql'), "INSERT INTO widgets (name) VALUES ('later');");
    await expect(migrate(db, dir)).rejects.toThrow();
    const { rows } = await db.query<{ name: string }>('SELECT name FROM widgets ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(['seeded']);
    const versions = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((row) => row.version)).toEqual(['0001_first', '0002_second']);
    rmSync(path.join(dir, '0003_broken.sql'));
    rmSync(path.join(dir, '0004_later.sql'));
  });

  it('refuses to start when an applied migration was edited, naming the file', async () => {
    writeFileSync(path.join(dir, '0002_second.sql'), "INSERT INTO widgets (name) VALUES ('edited');");
    await expect(migrate(db, dir)).rejects.toThrow(/0002_second.*changed since it was applied/);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM widgets ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(['seeded']);
    writeFileSync(path.join(dir, '0002_second.sql'), "INSERT INTO widgets (name) VALUES ('seeded');");
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('reads a migration with Windows line endings as the same file', async () => {
    writeFileSync(path.join(dir, '0005_crlf.sql'), "INSERT INTO widgets (name)\r\nVALUES ('crlf');");
    expect(await migrate(db, dir)).toEqual(['0005_crlf']);
    writeFileSync(path.join(dir, '0005_crlf.sql'), "INSERT INTO widgets (name)\nVALUES ('crlf');");
    expect(await migrate(db, dir)).toEqual([]);
  });

  it('records checksums for a database migrated before they were kept', async () => {
    await db.exec('UPDATE schema_migrations SET checksum = NULL');
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations');
    expect(rows.every((row) => typeof row.checksum === 'string' && row.checksum.length === 64)).toBe(true);
    writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE widgets (id serial PRIMARY KEY);');
    await expect(migrate(db, dir)).rejects.toThrow(/0001_first/);
    writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE widgets (id serial PRIMARY KEY, name text NOT NULL UNIQUE);');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO widgets (name) VALUES ('kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO widgets (name) VALUES ('dropped')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.query<{ name: string }>("SELECT name FROM widgets WHERE name IN ('kept', 'dropped')");
    expect(rows).toEqual([{ name: 'kept' }]);
  });
});
