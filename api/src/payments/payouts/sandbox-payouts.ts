import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';
import {
  ForgedCallbackError,
  type KycState,
  type PayoutAnswer,
  type PayoutDestination,
  type PayoutOrder,
  type PayoutProvider,
  type ProviderPayout,
  type ProviderPayoutState,
} from '../payout-provider';

/**
 * The embedded payout provider (no keys, the default): it behaves like one,
 * not like a stub. An order is accepted and settled later, reported by a
 * signed callback to our own webhook; it keeps its own records (its
 * transaction list) in `sandbox_payouts`. The number or account decides the
 * outcome, by its last two digits:
 *
 * | ends in | outcome |
 * | --- | --- |
 * | 01 | refused at once (the operator rejects the account) |
 * | 02 | accepted, then failed |
 * | 03 | accepted, paid, then returned by the receiving bank or operator |
 * | 04 | the holder's KYC is still pending: no payout |
 * | anything else | accepted, then paid |
 */
export const SANDBOX_PAYOUT_ACCOUNTS = {
  paid: '237670000000',
  rejected: '237670000001',
  failed: '237670000002',
  returned: '237670000003',
  kycPending: '237670000004',
  bankPaid: '10005000010123456789000',
  bankFailed: '10005000010123456789002',
} as const;

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The sandbox's fee: 1 % of the amount, at least one minor unit. */
export const sandboxFee = (amount: number) => Math.max(1, Math.round(amount / 100));

const accountOf = (destination: PayoutDestination) => (destination.kind === 'mobile_money' ? destination.phone : destination.accountNumber);
const outcomeOf = (account: string) => account.slice(-2);

interface SandboxRow {
  payout_id: string;
  amount: string;
  fee: string;
  currency: string;
  status: string;
  failure_reason: string | null;
}

const STATE: Record<string, ProviderPayoutState> = { ACCEPTED: 'accepted', COMPLETED: 'completed', FAILED: 'failed', RETURNED: 'returned' };
const toPayout = (row: SandboxRow): ProviderPayout => ({
  reference: row.payout_id,
  state: STATE[row.status]!,
  amount: Number(row.amount),
  currency: row.currency,
  fee: Number(row.fee),
  ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
});

export interface SandboxPayoutOptions {
  /** Signs the callbacks (a real provider gives each merchant a secret). */
  secret: string;
  /** How long after an order the sandbox settles it and calls back; null: only when `settle` is called (tests). */
  settleAfterMs: number | null;
  /** Where the callbacks go: our webhook, given the raw body and its headers. */
  deliver?: (body: string, headers: Record<string, string>) => Promise<void>;
}

export interface SandboxPayoutProvider extends PayoutProvider {
  /**
   * Moves an accepted payout on by one step (paid or failed; a paid one bound
   * to be returned, returned), records it and answers the signed callback it
   * sends: body and headers, as delivered.
   */
  settle(reference: string): Promise<{ body: string; headers: Record<string, string> } | null>;
  /** Signs a body as the sandbox does (tests forge with another secret). */
  sign(body: string, at?: number): string;
  setDeliver(deliver: (body: string, headers: Record<string, string>) => Promise<void>): void;
  /** Settlements still scheduled: a closing app waits for them. */
  idle(): Promise<void>;
}

export function createSandboxPayouts(db: Queryable, options: SandboxPayoutOptions): SandboxPayoutProvider {
  let deliver = options.deliver;
  const scheduled = new Set<Promise<void>>();
  const sign = (body: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', options.secret).update(`${at}.${body}`).digest('hex')}`;

  async function read(reference: string): Promise<SandboxRow | undefined> {
    const { rows } = await db.query<SandboxRow>('SELECT * FROM sandbox_payouts WHERE payout_id = $1', [reference]);
    return rows[0];
  }

  async function settle(reference: string) {
    const row = await read(reference);
    if (!row) return null;
    const { rows: account } = await db.query<{ account: string }>('SELECT account FROM sandbox_payouts WHERE payout_id = $1', [reference]);
    const outcome = outcomeOf(account[0]!.account);
    let next: string | null = null;
    let reason: string | null = null;
    if (row.status === 'ACCEPTED') {
      next = outcome === '02' ? 'FAILED' : 'COMPLETED';
      if (next === 'FAILED') reason = 'RECIPIENT_NOT_ALLOWED_TO_RECEIVE';
    } else if (row.status === 'COMPLETED' && outcome === '03') {
      next = 'RETURNED';
      reason = 'ACCOUNT_CLOSED';
    }
    if (next) {
      await db.query('UPDATE sandbox_payouts SET status = $2, failure_reason = $3, updated_at = now() WHERE payout_id = $1', [
        reference,
        next,
        reason,
      ]);
    }
    const body = JSON.stringify({ payout_id: reference, ...toWire((await read(reference))!) });
    const headers = { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(body) };
    if (deliver) await deliver(body, headers);
    return { body, headers };
  }

  function schedule(reference: string, steps: number) {
    if (options.settleAfterMs === null) return;
    const run = new Promise<void>((resolve) => {
      setTimeout(() => {
        settle(reference)
          .then(() => (steps > 1 ? schedule(reference, steps - 1) : undefined))
          .catch(() => undefined)
          .finally(resolve);
      }, options.settleAfterMs!).unref();
    });
    scheduled.add(run);
    void run.finally(() => scheduled.delete(run));
  }

  return {
    name: 'sandbox',
    sign,
    settle,
    setDeliver(given) {
      deliver = given;
    },
    async idle() {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
    },
    async payeeKyc(destination): Promise<KycState> {
      return outcomeOf(accountOf(destination)) === '04' ? 'pending' : 'verified';
    },
    async sendPayout(order: PayoutOrder): Promise<PayoutAnswer> {
      const account = accountOf(order.destination);
      if (outcomeOf(account) === '01') return { state: 'rejected', reason: 'INVALID_RECIPIENT' };
      const fee = sandboxFee(order.amount);
      // The same reference again is the same payout (the provider's idempotency): answered, not repeated.
      const { rows } = await db.query(
        `INSERT INTO sandbox_payouts (payout_id, amount, fee, currency, account, status) VALUES ($1, $2, $3, $4, $5, 'ACCEPTED')
         ON CONFLICT (payout_id) DO NOTHING RETURNING payout_id`,
        [order.reference, order.amount, fee, order.currency, account],
      );
      if (rows.length > 0) schedule(order.reference, outcomeOf(account) === '03' ? 2 : 1);
      const existing = (await read(order.reference))!;
      return { state: 'accepted', fee: Number(existing.fee) };
    },
    async payoutStatus(reference) {
      const row = await read(reference);
      return row ? toPayout(row) : null;
    },
    verifyCallback(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new ForgedCallbackError();
      const expected = Buffer.from(sign(rawBody, Number(match[1])));
      const given = Buffer.from(header as string);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ForgedCallbackError();
      const body = JSON.parse(rawBody) as Record<string, unknown>;
      return fromWire(body);
    },
    async transactions() {
      const { rows } = await db.query<SandboxRow>('SELECT * FROM sandbox_payouts ORDER BY created_at, payout_id');
      return rows.map(toPayout);
    },
  };
}

/** The callback's body: the sandbox's own field names and upper-case states, like a provider's. */
function toWire(row: SandboxRow) {
  return { status: row.status, amount: String(row.amount), fee: String(row.fee), currency: row.currency, failure_reason: row.failure_reason };
}

function fromWire(body: Record<string, unknown>): ProviderPayout {
  const state = STATE[String(body.status)];
  if (!state || typeof body.payout_id !== 'string') throw new ForgedCallbackError();
  return {
    reference: body.payout_id,
    state,
    amount: Number(body.amount),
    currency: String(body.currency),
    fee: Number(body.fee),
    ...(typeof body.failure_reason === 'string' ? { failureReason: body.failure_reason } : {}),
  };
}
