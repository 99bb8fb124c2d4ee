import type { Database, Queryable } from '../../db/database';
import { LedgerError } from '../../escrow/ledger';
import { PAYOUT_COOLING_OFF_HOURS } from 'shared/contract';
import { ForgedCallbackError, PayoutUnavailableError, type PayoutDestination, type PayoutProvider, type ProviderPayout } from '../payout-provider';
import { holdPayout, PAYEE_BALANCES_SQL, postStep, type PayoutRow } from './payout-ledger';

/** A rule the payout broke: the route answers it with its status and message; nothing was written. */
export class PayoutRefusal extends Error {
  constructor(readonly reason: 'cooling_off' | 'not_enough' | 'kyc' | 'barred' | 'method' | 'not_holdable' | 'not_retryable' | 'not_found') {
    super(`payout refused: ${reason}`);
    this.name = 'PayoutRefusal';
  }
}

export interface MethodRow {
  id: string;
  user_id: string;
  kind: 'mobile_money' | 'bank';
  operator: 'mtn' | 'orange' | null;
  phone: string | null;
  iban: string | null;
  rib: string | null;
  holder_name: string;
  currency: string;
  created_at: Date;
  usable_from: Date;
  removed_at: Date | null;
  usable: boolean;
}

export const METHOD_COLUMNS = `m.*, m.usable_from <= payout_now() AS usable`;

export const destinationOf = (method: MethodRow): PayoutDestination =>
  method.kind === 'mobile_money'
    ? { kind: 'mobile_money', operator: method.operator!, phone: method.phone! }
    : { kind: 'bank', accountNumber: (method.iban ?? method.rib)! };

/** The number or account with all but its last four characters masked. */
export const maskedOf = (method: Pick<MethodRow, 'phone' | 'iban' | 'rib'>) => {
  const value = method.phone ?? method.iban ?? method.rib ?? '';
  return `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
};

export async function findMethod(db: Queryable, userId: string, id: string): Promise<MethodRow | undefined> {
  const { rows } = await db.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payout_methods m WHERE m.id = $1 AND m.user_id = $2 AND m.removed_at IS NULL`,
    [id, userId],
  );
  return rows[0];
}

export async function addMethod(
  db: Queryable,
  userId: string,
  input: { kind: 'mobile_money' | 'bank'; operator?: string; phone?: string; accountNumber?: string; holderName: string; currency: string },
): Promise<MethodRow> {
  const account = input.accountNumber ?? null;
  const isRib = account !== null && /^\d{23}$/.test(account);
  const { rows } = await db.query<MethodRow>(
    `INSERT INTO payout_methods AS m (user_id, kind, operator, phone, iban, rib, holder_name, currency, usable_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, payout_now() + make_interval(hours => $9::int))
     RETURNING ${METHOD_COLUMNS}`,
    [
      userId,
      input.kind,
      input.operator ?? null,
      input.phone ?? null,
      isRib ? null : account,
      isRib ? account : null,
      input.holderName,
      input.currency,
      PAYOUT_COOLING_OFF_HOURS,
    ],
  );
  return rows[0]!;
}

export async function removeMethod(db: Queryable, userId: string, id: string): Promise<MethodRow | undefined> {
  const { rows } = await db.query<MethodRow>(
    `UPDATE payout_methods m SET removed_at = payout_now() WHERE m.id = $1 AND m.user_id = $2 AND m.removed_at IS NULL RETURNING ${METHOD_COLUMNS}`,
    [id, userId],
  );
  return rows[0];
}

const PAYOUT_BY_ID = 'SELECT * FROM payouts WHERE id = $1';

function toPayout(row: Record<string, unknown>): PayoutRow {
  return {
    ...(row as unknown as PayoutRow),
    amount: Number(row.amount),
    provider_fee: Number(row.provider_fee),
    receipt_number: Number(row.receipt_number),
  };
}

export async function findPayout(db: Queryable, id: string): Promise<PayoutRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(PAYOUT_BY_ID, [id]);
  return rows[0] ? toPayout(rows[0]) : undefined;
}

async function lockPayout(tx: Queryable, id: string): Promise<PayoutRow | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(`${PAYOUT_BY_ID} FOR UPDATE`, [id]);
  return rows[0] ? toPayout(rows[0]) : undefined;
}

/** The payee's balances: available now, on its way (pending or in transit) and paid out, per currency. */
export async function balancesOf(db: Queryable, userId: string) {
  const { rows } = await db.query<{ currency: string; available: string }>(PAYEE_BALANCES_SQL, [userId]);
  const { rows: payouts } = await db.query<{ currency: string; on_the_way: string; paid_out: string }>(
    `SELECT currency, coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'in_transit')), 0) AS on_the_way,
            coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0) AS paid_out
       FROM payouts WHERE user_id = $1 GROUP BY currency`,
    [userId],
  );
  const currencies = new Map<string, { currency: string; available: number; on_the_way: number; paid_out: number }>();
  for (const row of rows) currencies.set(row.currency, { currency: row.currency, available: Number(row.available), on_the_way: 0, paid_out: 0 });
  for (const row of payouts) {
    const entry = currencies.get(row.currency) ?? { currency: row.currency, available: 0, on_the_way: 0, paid_out: 0 };
    entry.on_the_way = Number(row.on_the_way);
    entry.paid_out = Number(row.paid_out);
    currencies.set(row.currency, entry);
  }
  return [...currencies.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

async function isBarred(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM users u WHERE u.id = $1 AND (u.status = 'suspended' OR EXISTS (SELECT 1 FROM insolvencies i WHERE i.contractor_id = u.id))`,
    [userId],
  );
  return rows.length > 0;
}

/**
 * Creates a payout and its hold in the caller's transaction, after the
 * rules: the method is the payee's, past its cooling-off; the provider has
 * verified the holder; the payee is not barred; the amount is available.
 */
export async function createPayout(
  tx: Queryable,
  provider: PayoutProvider,
  input: { userId: string; methodId: string; amount: number; currency: string; automatic: boolean },
): Promise<PayoutRow> {
  const method = await findMethod(tx, input.userId, input.methodId);
  if (!method) throw new PayoutRefusal('method');
  if (!method.usable) throw new PayoutRefusal('cooling_off');
  if (await isBarred(tx, input.userId)) throw new PayoutRefusal('barred');
  if ((await provider.payeeKyc(destinationOf(method), method.holder_name)) !== 'verified') throw new PayoutRefusal('kyc');
  const { rows } = await tx.query<Record<string, unknown>>(
    `INSERT INTO payouts (user_id, method_id, provider, currency, amount, automatic) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [input.userId, method.id, provider.name, input.currency, input.amount, input.automatic],
  );
  const payout = toPayout(rows[0]!);
  try {
    await holdPayout(tx, payout);
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'overdraft') throw new PayoutRefusal('not_enough');
    throw error;
  }
  return payout;
}

const STATUS_OF_STEP = { in_transit: 'in_transit', paid: 'paid', failed: 'failed', returned: 'returned' } as const;

/**
 * Brings a payout to what the provider reports, posting each missing step
 * in order in one transaction: a `completed` whose `accepted` was lost posts
 * in transit then paid. A repeated or stale report changes nothing.
 */
export async function applyProviderState(db: Database, report: ProviderPayout, providerName: string): Promise<PayoutRow | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM payouts WHERE provider = $1 AND provider_reference = $2', [
      providerName,
      report.reference,
    ]);
    if (!rows[0]) return undefined;
    const payout = (await lockPayout(tx, rows[0].id))!;
    const wanted: ('in_transit' | 'paid' | 'failed' | 'returned')[] =
      report.state === 'accepted'
        ? ['in_transit']
        : report.state === 'completed'
          ? ['in_transit', 'paid']
          : report.state === 'returned'
            ? ['in_transit', 'paid', 'returned']
            : payout.status === 'paid'
              ? [] // a payout delivered does not fail afterwards; a return is reported as such
              : ['failed'];
    if (payout.status === 'failed' || payout.status === 'returned') return payout;
    let status: PayoutRow['status'] = payout.status;
    for (const step of wanted) {
      if (await postStep(tx, payout, step)) status = STATUS_OF_STEP[step];
    }
    if (status === payout.status && report.fee === payout.provider_fee) return payout;
    const { rows: updated } = await tx.query<Record<string, unknown>>(
      `UPDATE payouts SET status = $2, provider_fee = $3, failure_reason = coalesce($4, failure_reason), updated_at = now() WHERE id = $1 RETURNING *`,
      [payout.id, status, report.fee, report.failureReason ?? null],
    );
    return toPayout(updated[0]!);
  });
}

/**
 * Hands a pending payout to the provider, outside any money transaction (a
 * provider call never holds a lock): accepted → in transit; refused → failed,
 * the money back in the balance. Unreachable: left pending, the poller sends
 * it again with the same reference, which the provider recognises.
 */
export async function dispatchPayout(db: Database, provider: PayoutProvider, payoutId: string): Promise<PayoutRow | undefined> {
  const payout = await findPayout(db, payoutId);
  if (!payout || payout.status !== 'pending' || payout.held) return payout;
  const { rows } = await db.query<MethodRow>(`SELECT ${METHOD_COLUMNS} FROM payout_methods m WHERE m.id = $1`, [payout.method_id]);
  const method = rows[0]!;
  await db.query('UPDATE payouts SET sent_at = now() WHERE id = $1', [payout.id]);
  let answer;
  try {
    answer = await provider.sendPayout({
      reference: payout.provider_reference,
      amount: payout.amount,
      currency: payout.currency,
      destination: destinationOf(method),
      holderName: method.holder_name,
      description: `Fundament payout ${payout.receipt_number}`,
    });
  } catch (error) {
    if (error instanceof PayoutUnavailableError) return findPayout(db, payoutId);
    throw error;
  }
  const report: ProviderPayout =
    answer.state === 'accepted'
      ? { reference: payout.provider_reference, state: 'accepted', amount: payout.amount, currency: payout.currency, fee: answer.fee }
      : {
          reference: payout.provider_reference,
          state: 'failed',
          amount: payout.amount,
          currency: payout.currency,
          fee: 0,
          failureReason: answer.reason,
        };
  return applyProviderState(db, report, provider.name);
}

/**
 * The poller's round, for callbacks that were lost: pending payouts not
 * held are (re)sent, those in transit are looked up; then the payees who
 * chose automatic payouts get their available balance sent.
 */
export async function pollPayouts(db: Database, provider: PayoutProvider): Promise<{ sent: number; updated: number; automatic: number }> {
  const result = { sent: 0, updated: 0, automatic: 0 };
  const { rows: pending } = await db.query<{ id: string }>(
    `SELECT id FROM payouts WHERE provider = $1 AND status = 'pending' AND NOT held ORDER BY created_at LIMIT 100`,
    [provider.name],
  );
  for (const row of pending) {
    const after = await dispatchPayout(db, provider, row.id);
    if (after && after.status !== 'pending') result.sent += 1;
  }
  const { rows: open } = await db.query<{ id: string; provider_reference: string; status: string }>(
    `SELECT id, provider_reference, status FROM payouts WHERE provider = $1 AND status IN ('in_transit', 'paid')
        AND updated_at > now() - interval '30 days' ORDER BY updated_at LIMIT 200`,
    [provider.name],
  );
  for (const row of open) {
    const report = await provider.payoutStatus(row.provider_reference).catch(() => null);
    if (!report) continue;
    const after = await applyProviderState(db, report, provider.name);
    if (after && after.status !== row.status) result.updated += 1;
  }
  result.automatic = await automaticPayouts(db, provider);
  return result;
}

/**
 * Payees who chose automatic payouts: each available balance goes to their
 * newest usable method of that currency. Refusals (KYC, barred) leave the
 * money where it is; the payee sees why on their payouts page.
 */
export async function automaticPayouts(db: Database, provider: PayoutProvider): Promise<number> {
  const { rows } = await db.query<{ user_id: string; currency: string; available: string; method_id: string }>(
    `SELECT s.user_id, b.currency, b.available, m.id AS method_id
       FROM payout_settings s
       CROSS JOIN LATERAL (${PAYEE_BALANCES_SQL.replace('$1', 's.user_id')}) b
       CROSS JOIN LATERAL (SELECT pm.id FROM payout_methods pm WHERE pm.user_id = s.user_id AND pm.currency = b.currency
                             AND pm.removed_at IS NULL AND pm.usable_from <= payout_now() ORDER BY pm.created_at DESC LIMIT 1) m
      WHERE s.automatic AND b.available > 0`,
  );
  let created = 0;
  for (const row of rows) {
    const payout = await db
      .transaction((tx) =>
        createPayout(tx, provider, {
          userId: row.user_id,
          methodId: row.method_id,
          amount: Number(row.available),
          currency: row.currency,
          automatic: true,
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof PayoutRefusal) return undefined;
        throw error;
      });
    if (!payout) continue;
    created += 1;
    await dispatchPayout(db, provider, payout.id);
  }
  return created;
}

/** Admin: hold a payout not yet sent (it stays reserved), or let it go again. */
export async function setHeld(db: Database, provider: PayoutProvider, id: string, held: boolean): Promise<PayoutRow> {
  const payout = await db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    if (!row) throw new PayoutRefusal('not_found');
    if (row.status !== 'pending') throw new PayoutRefusal('not_holdable');
    const { rows } = await tx.query<Record<string, unknown>>('UPDATE payouts SET held = $2, updated_at = now() WHERE id = $1 RETURNING *', [
      id,
      held,
    ]);
    return toPayout(rows[0]!);
  });
  if (!held) return (await dispatchPayout(db, provider, id)) ?? payout;
  return payout;
}

/**
 * Admin: retry a payout. One still pending (the provider was unreachable) is
 * sent again with its reference; one that failed is a new payout of the same
 * amount to the same method, from the balance it went back to.
 */
export async function retryPayout(db: Database, provider: PayoutProvider, id: string): Promise<PayoutRow> {
  const payout = await findPayout(db, id);
  if (!payout) throw new PayoutRefusal('not_found');
  if (payout.status === 'pending' && !payout.held) return (await dispatchPayout(db, provider, id))!;
  if (payout.status !== 'failed') throw new PayoutRefusal('not_retryable');
  const again = await db.transaction((tx) =>
    createPayout(tx, provider, {
      userId: payout.user_id,
      methodId: payout.method_id,
      amount: payout.amount,
      currency: payout.currency,
      automatic: false,
    }),
  );
  return (await dispatchPayout(db, provider, again.id)) ?? again;
}

export { ForgedCallbackError };

export interface Reconciliation {
  ok: boolean;
  provider: string;
  provider_transactions: number;
  ledger_movements: number;
  mismatches: { reference: string; problem: string }[];
}

/**
 * Our ledger against the provider's transaction list: every provider
 * payout has exactly one payout of ours with the same amount, currency, fee
 * and a state whose ledger steps were posted; every payout we handed over
 * (in transit or later) is in the provider's list. The clearing account
 * holds exactly what is in transit.
 */
export async function reconcilePayouts(db: Queryable, provider: PayoutProvider): Promise<Reconciliation> {
  const theirs = await provider.transactions();
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT p.*, array(SELECT s.step FROM payout_steps s WHERE s.payout_id = p.id) AS steps FROM payouts p
      WHERE p.provider = $1 AND EXISTS (SELECT 1 FROM payout_steps s WHERE s.payout_id = p.id AND s.step = 'in_transit')`,
    [provider.name],
  );
  const ours = new Map(rows.map((row) => [String(row.provider_reference), { ...toPayout(row), steps: row.steps as string[] }]));
  const mismatches: { reference: string; problem: string }[] = [];
  const expectedStatus = { accepted: 'in_transit', completed: 'paid', failed: 'failed', returned: 'returned' } as const;
  const seen = new Set<string>();
  for (const tx of theirs) {
    seen.add(tx.reference);
    const mine = ours.get(tx.reference);
    if (!mine) {
      mismatches.push({ reference: tx.reference, problem: 'provider transaction without a ledger movement' });
      continue;
    }
    if (mine.amount !== tx.amount || mine.currency !== tx.currency) mismatches.push({ reference: tx.reference, problem: 'amount differs' });
    if (mine.provider_fee !== tx.fee) mismatches.push({ reference: tx.reference, problem: 'fee differs' });
    if (mine.status !== expectedStatus[tx.state]) mismatches.push({ reference: tx.reference, problem: `state ${tx.state}, ours ${mine.status}` });
  }
  for (const reference of ours.keys()) {
    if (!seen.has(reference)) mismatches.push({ reference, problem: 'ledger movement without a provider transaction' });
  }
  const { rows: clearing } = await db.query<{ currency: string; balance: string; in_transit: string }>(
    `SELECT a.currency,
        coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.credit_account_id = a.id AND t.flag IN ('posted', 'post_pending')), 0)
        - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id AND t.flag IN ('posted', 'post_pending')), 0) AS balance,
        coalesce((SELECT sum(p.amount) FROM payouts p WHERE p.provider = a.provider AND p.currency = a.currency AND p.status = 'in_transit'), 0) AS in_transit
       FROM ledger_accounts a WHERE a.kind = 'payout_clearing' AND a.provider = $1`,
    [provider.name],
  );
  for (const row of clearing) {
    if (Number(row.balance) !== Number(row.in_transit)) {
      mismatches.push({ reference: `clearing ${row.currency}`, problem: `holds ${row.balance}, in transit ${row.in_transit}` });
    }
  }
  return { ok: mismatches.length === 0, provider: provider.name, provider_transactions: theirs.length, ledger_movements: ours.size, mismatches };
}
