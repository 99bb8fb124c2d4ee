import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { currentSchema, SCHEMA_FILE } from '../db/schema-dump';

/** `pnpm schema:sql` writes `api/schema.sql` from the migrations; with `--check` it only says whether the file is up to date. */
async function main(): Promise<void> {
  const schema = await currentSchema();
  if (process.argv.includes('--check')) {
    if (readFileSync(SCHEMA_FILE, 'utf8') !== schema) {
      console.error('api/schema.sql is stale: run `pnpm schema:sql` and commit it.');
      process.exit(1);
    }
    console.log('api/schema.sql is up to date');
    return;
  }
  writeFileSync(SCHEMA_FILE, schema);
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
