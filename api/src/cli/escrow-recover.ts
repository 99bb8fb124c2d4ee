import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { configuredPayins } from '../payments/payins/configured-payins';
import { reconcilePayins } from '../payments/payins/payin-service';
import { createSandboxPayins } from '../payments/payins/sandbox-payins';

/**
 * `pnpm --filter api escrow:recover`: asks the pay-in provider about the
 * payments still waiting (older than PAYMENT_RECOVERY_SECONDS: a lost webhook,
 * a crash), posts the confirmed ones, closes the rest, and deletes expired
 * idempotency keys, as every server does at start-up and every minute, then exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    let made: ReturnType<typeof createSandboxPayins> | undefined;
    const sandbox = () =>
      (made ??= createSandboxPayins(db, {
        secret: `${config.escrow.sandboxSecret}:payins`,
        expiryMs: config.escrow.payinExpiryMinutes * 60_000,
        callbackDelayMs: null,
      }));
    const report = await reconcilePayins(db, await configuredPayins(db, config, sandbox), config.escrow.paymentRecoverySeconds);
    console.log(
      `Payments posted: ${report.posted}, declined: ${report.declined}, cancelled: ${report.cancelled}, still pending: ${report.pending}; expired keys deleted: ${report.expiredKeys}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
