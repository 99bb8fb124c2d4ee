import type { FastifyInstance } from 'fastify';
import { checkLedger, ledgerWatermark, type LedgerReport } from './ledger-check';
import type { Database } from '../db/database';

/** Every hour, a quarter past: the checkpoint (and `ledger_last_pass_age_seconds`) moves on each pass. */
export const LEDGER_CHECK_SCHEDULE = '15 * * * *';

/**
 * The incremental ledger check as the admin route runs it: from a watermark
 * read just before, in one snapshot, moving the checkpoint when it passes.
 */
export async function runLedgerCheck(db: Database): Promise<LedgerReport> {
  const watermark = await ledgerWatermark(db);
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return checkLedger(tx, { advanceTo: watermark });
  });
}

/**
 * The ledger check as a scheduled job: one instance of however many runs it
 * each period. A failing check is logged as an error with the rules it broke
 * (the checkpoint stays, so the metric's age grows until it is put right).
 */
export function defineLedgerCheck(app: FastifyInstance): void {
  app.jobs.define({
    name: 'ledger.check',
    schedule: LEDGER_CHECK_SCHEDULE,
    run: async () => {
      const report = await runLedgerCheck(app.db);
      if (report.ok) app.log.info({ verified: report.verified_transfers }, 'ledger check passed');
      else app.log.error({ failed: report.checks.filter((check) => !check.ok) }, 'ledger check failed');
    },
  });
}
