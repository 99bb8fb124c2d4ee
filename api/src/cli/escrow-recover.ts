import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { recoverPaymentIntents } from '../escrow/card-payments';
import { createSandboxProvider } from '../escrow/payment-provider';

/**
 * `pnpm --filter api escrow:recover`: settles the card payments a crash left
 * between charge and posting (older than PAYMENT_RECOVERY_SECONDS) and deletes
 * expired idempotency keys, as every server does at start-up, then exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    const report = await recoverPaymentIntents(db, createSandboxProvider(db, config.escrow.sandboxSecret), config.escrow.paymentRecoverySeconds);
    console.log(
      `Payments posted: ${report.posted}, declined: ${report.declined}, cancelled: ${report.cancelled}; expired keys deleted: ${report.expiredKeys}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
