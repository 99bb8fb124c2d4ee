import { randomUUID } from 'node:crypto';
import type { Queryable } from '../src/db/database';
import { createSandboxPayins } from '../src/payments/payins/sandbox-payins';

/**
 * A whole card funding as the benchmarks measure it, the way it happens for a
 * client: the fund call (202, the sandbox's hosted page), the test card paid
 * on that page, the sandbox's signed webhook (where the posting runs), and
 * the fund call again with its key, which answers the funding (200). The
 * benchmark plays the sandbox's own servers for the webhook, so it signs it
 * with the secret its server was started with.
 */

/** The sandbox secret the benchmarks' servers are started with (SANDBOX_PAYMENT_SECRET). */
export const BENCH_SANDBOX_SECRET = 'fundament-bench-sandbox';

/** The card the sandbox's page accepts. */
const OK_CARD = '4242424242424242';

export interface BenchAnswer {
  status: number;
  body: string;
}

/** One POST to the server: `path` from the origin (`/api/v1/…`, `/sandbox/…`), no redirect followed. */
export type BenchSend = (path: string, headers: Record<string, string>, body: string) => Promise<BenchAnswer>;

export async function fundThroughSandbox(
  send: BenchSend,
  db: Queryable,
  call: { contractId: string; milestoneId: string; headers: Record<string, string>; secret?: string },
): Promise<BenchAnswer> {
  const path = `/api/v1/contracts/${call.contractId}/milestones/${call.milestoneId}/fund`;
  const headers = { ...call.headers, 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` };
  const body = JSON.stringify({ method: 'card' });
  const started = await send(path, headers, body);
  if (started.status !== 202) return started;
  const redirectUrl = (JSON.parse(started.body) as { payment: { redirect_url: string } }).payment.redirect_url;
  const paid = await send(redirectUrl, { 'content-type': 'application/x-www-form-urlencoded' }, `choice=pay&card=${OK_CARD}`);
  if (paid.status !== 303) return paid;
  const { rows } = await db.query<{ provider_key: string }>(
    'SELECT provider_key FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at DESC LIMIT 1',
    [call.milestoneId],
  );
  const sandbox = createSandboxPayins(db, { secret: `${call.secret ?? BENCH_SANDBOX_SECRET}:payins`, expiryMs: 30 * 60_000, callbackDelayMs: null });
  const hook = await sandbox.webhookFor(rows[0]!.provider_key);
  if (!hook) return { status: 0, body: 'the sandbox has no such pay-in' };
  const delivered = await send('/api/v1/payments/webhooks/sandbox', hook.headers, hook.body);
  if (delivered.status !== 200) return delivered;
  return send(path, headers, body);
}
