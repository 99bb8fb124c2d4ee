import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { checkLedgerFully } from '../escrow/ledger-check';

/**
 * `pnpm --filter api ledger:full-check`: the nightly re-derivation of the
 * whole ledger (every rule over every transfer, and the incremental check's
 * running totals against the transfers). Exits 1 when a rule is broken.
 */
async function main(): Promise<boolean> {
  const config = loadConfig();
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    const started = performance.now();
    const report = await db.transaction(async (tx) => {
      // One snapshot: payments going on meanwhile cannot make a consistent ledger look broken.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return checkLedgerFully(tx);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    for (const check of report.checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    console.log(`${report.ok ? 'Ledger sound' : 'Ledger BROKEN'}: ${report.transfers} transfers, ${report.accounts} accounts, ${seconds} s`);
    return report.ok;
  } finally {
    await db.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
