import type { Queryable } from '../../db/database';
import { accountId, LedgerError } from '../../escrow/ledger';

/**
 * A payout's steps in the double-entry ledger, each one immutable transfer,
 * each posted once (the `payout_steps` key refuses a second):
 *
 * - hold: payee → the provider's clearing account, pending: the money is
 *   reserved and no longer available, but not yet gone;
 * - in transit: the hold posted, when the provider has taken the order;
 * - paid: clearing → paid out, when the provider reports it delivered;
 * - failed: the hold voided (never sent), or clearing → payee (sent, then
 *   failed): the money is back in the balance;
 * - returned: paid out → payee, when the receiving bank or operator sends it back.
 *
 * The payee's account is the one account here that must never go negative:
 * it is locked (its row, FOR UPDATE) only by a payout's hold, so releases,
 * which only add to it, never wait for it.
 */
export type PayoutStep = 'hold' | 'in_transit' | 'paid' | 'failed' | 'returned';

export interface PayoutRow {
  id: string;
  user_id: string;
  method_id: string;
  provider: string;
  currency: string;
  amount: number;
  provider_fee: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'returned';
  held: boolean;
  automatic: boolean;
  provider_reference: string;
  sent_at: Date | null;
  failure_reason: string | null;
  receipt_number: number;
  created_at: Date;
  updated_at: Date;
}

export type PayeeKind = 'contractor' | 'expert';

/** The payee's ledger account: experts are paid their fees, every other specialist the releases. */
export async function payeeAccount(tx: Queryable, userId: string, currency: string): Promise<{ id: number; kind: PayeeKind }> {
  const { rows } = await tx.query<{ specialist_kind: string | null }>('SELECT specialist_kind FROM users WHERE id = $1', [userId]);
  const kind: PayeeKind = rows[0]?.specialist_kind === 'expert' ? 'expert' : 'contractor';
  return { id: await accountId(tx, { kind, userId, currency }), kind };
}

/** A provider's account of a currency (clearing or paid out), created on first use. */
export async function providerAccount(tx: Queryable, kind: 'payout_clearing' | 'paid_out', provider: string, currency: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ledger_accounts (kind, provider, currency) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
    [kind, provider, currency],
  );
  if (rows[0]) return Number(rows[0].id);
  const { rows: found } = await tx.query<{ id: string }>(
    `SELECT id FROM ledger_accounts WHERE kind = $1 AND provider = $2 AND currency = $3 AND user_id IS NULL AND contract_id IS NULL`,
    [kind, provider, currency],
  );
  return Number(found[0]!.id);
}

/**
 * What a payee can be paid out now, per currency: released money (posted)
 * less what was paid out or is held for a payout. Funded milestones' money
 * still on its way (pending credits) is not available.
 */
export const PAYEE_BALANCES_SQL = `
  SELECT a.currency,
    coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.credit_account_id = a.id AND t.flag IN ('posted', 'post_pending')), 0)
    - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id AND t.flag IN ('posted', 'post_pending')), 0)
    - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id AND t.flag = 'pending'
                  AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)), 0) AS available
  FROM ledger_accounts a WHERE a.user_id = $1 AND a.kind IN ('contractor', 'expert')`;

export async function availableBalance(tx: Queryable, accountIdValue: number): Promise<number> {
  const { rows } = await tx.query<{ available: string }>(
    `SELECT coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.credit_account_id = $1 AND t.flag IN ('posted', 'post_pending')), 0)
          - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = $1 AND t.flag IN ('posted', 'post_pending')), 0)
          - coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.debit_account_id = $1 AND t.flag = 'pending'
                        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)), 0) AS available`,
    [accountIdValue],
  );
  return Number(rows[0]!.available);
}

async function insertTransfer(
  tx: Queryable,
  payoutId: string,
  step: PayoutStep,
  fields: {
    debit: number;
    credit: number;
    amount: number;
    currency: string;
    flag: string;
    pendingId?: number | null;
    code: 'payout' | 'payout_return';
  },
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [fields.debit, fields.credit, fields.amount, fields.currency, fields.flag, fields.pendingId ?? null, fields.code],
  );
  await tx.query('INSERT INTO payout_steps (payout_id, step, transfer_id) VALUES ($1, $2, $3)', [payoutId, step, rows[0]!.id]);
}

/** Reserves the amount on the payee's account, under its lock: refused (nothing written) beyond the available balance. */
export async function holdPayout(tx: Queryable, payout: PayoutRow): Promise<void> {
  const payee = await payeeAccount(tx, payout.user_id, payout.currency);
  await tx.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [payee.id]);
  if ((await availableBalance(tx, payee.id)) < payout.amount) throw new LedgerError('overdraft');
  const clearing = await providerAccount(tx, 'payout_clearing', payout.provider, payout.currency);
  await insertTransfer(tx, payout.id, 'hold', {
    debit: payee.id,
    credit: clearing,
    amount: payout.amount,
    currency: payout.currency,
    flag: 'pending',
    code: 'payout',
  });
}

async function stepTransfer(tx: Queryable, payoutId: string, step: PayoutStep): Promise<{ id: number; debit: number; credit: number } | undefined> {
  const { rows } = await tx.query<{ id: string; debit_account_id: string; credit_account_id: string }>(
    `SELECT t.id, t.debit_account_id, t.credit_account_id FROM payout_steps s JOIN ledger_transfers t ON t.id = s.transfer_id
      WHERE s.payout_id = $1 AND s.step = $2`,
    [payoutId, step],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), debit: Number(row.debit_account_id), credit: Number(row.credit_account_id) } : undefined;
}

/**
 * Posts the transfer of `step` for a payout whose row the caller locked.
 * Answers false when that step (or the one it would undo) was already
 * posted: a repeated or late callback changes nothing.
 */
export async function postStep(tx: Queryable, payout: PayoutRow, step: Exclude<PayoutStep, 'hold'>): Promise<boolean> {
  if (await stepTransfer(tx, payout.id, step)) return false;
  const hold = await stepTransfer(tx, payout.id, 'hold');
  if (!hold) throw new LedgerError('resolved');
  const payee = hold.debit;
  const clearing = hold.credit;
  const base = { amount: payout.amount, currency: payout.currency };
  switch (step) {
    case 'in_transit':
      await insertTransfer(tx, payout.id, step, {
        ...base,
        debit: payee,
        credit: clearing,
        flag: 'post_pending',
        pendingId: hold.id,
        code: 'payout',
      });
      return true;
    case 'paid': {
      const paidOut = await providerAccount(tx, 'paid_out', payout.provider, payout.currency);
      await insertTransfer(tx, payout.id, step, { ...base, debit: clearing, credit: paidOut, flag: 'posted', code: 'payout' });
      return true;
    }
    case 'failed':
      if (await stepTransfer(tx, payout.id, 'in_transit')) {
        await insertTransfer(tx, payout.id, step, { ...base, debit: clearing, credit: payee, flag: 'posted', code: 'payout_return' });
      } else {
        await insertTransfer(tx, payout.id, step, {
          ...base,
          debit: payee,
          credit: clearing,
          flag: 'void_pending',
          pendingId: hold.id,
          code: 'payout',
        });
      }
      return true;
    case 'returned': {
      const paidOut = await providerAccount(tx, 'paid_out', payout.provider, payout.currency);
      await insertTransfer(tx, payout.id, step, { ...base, debit: paidOut, credit: payee, flag: 'posted', code: 'payout_return' });
      return true;
    }
  }
}
