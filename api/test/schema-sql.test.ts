import { readFileSync } from 'node:fs';
import type { Database } from '../src/db/database';
import { dumpSchema, SCHEMA_FILE } from '../src/db/schema-dump';
import { openMigratedPglite } from './pglite-template';

// api/schema.sql is the one place to read the current schema: a migration that changes it without
// `pnpm schema:sql` fails here, in CI, rather than leaving the file to describe an older database.
let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

describe('api/schema.sql', () => {
  it('is the schema the migrations add up to (run `pnpm schema:sql` after adding a migration)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await dumpSchema(db));
  });

  it('changes with the schema and names every object once', async () => {
    const before = await dumpSchema(db);
    await db.exec(`CREATE FUNCTION schema_sql_probe() RETURNS integer LANGUAGE sql AS 'SELECT 1'`);
    const after = await dumpSchema(db);
    expect(after).not.toBe(before);
    expect(after).toContain('CREATE OR REPLACE FUNCTION schema_sql_probe()');
    // Each object once, by kind: a trigger may share its function's name.
    const names = [...after.matchAll(/^CREATE (?:OR REPLACE )?(FUNCTION|TABLE|VIEW|TRIGGER|SEQUENCE|(?:UNIQUE )?INDEX) (\S+?)(?:\(| )/gm)].map(
      ([, kind, name]) => `${(kind ?? '').replace('UNIQUE ', '')} ${name}`,
    );
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
