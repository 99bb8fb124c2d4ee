import { prepared, type Queryable } from '../db/database';

/**
 * The double-entry ledger. Every movement is one immutable transfer from a
 * debit account to a credit account, so the balances of all accounts always
 * sum to zero. Holds follow TigerBeetle's two-phase model: a pending transfer
 * reserves money; posting it (in full or in part) or voiding it resolves it
 * exactly once. Callers run inside one database transaction.
 *
 * Only the accounts that must never go negative are locked and keep stored
 * totals: a contract's escrow (in id order, so concurrent calls queue instead
 * of deadlocking or spending the same money twice). The others only receive
 * (contractor, expert, platform fee, refunds) or are the outside source of
 * card money (client funding): they take append-only transfers and their
 * balances are derived from them (`ACCOUNT_BALANCES_SQL`). A shared stored
 * total would serialise every payment of a currency on the platform's fee row.
 */

/** Kinds whose totals are stored on the row, under its lock. */
export const LOCKED_KINDS: readonly AccountKind[] = ['escrow'];

/**
 * Every account with its four totals: stored for a locked account, derived
 * from its transfers (by the debit and credit indexes) for the others.
 */
export const ACCOUNT_BALANCES_SQL = `
  SELECT a.id, a.kind, a.user_id, a.contract_id, a.currency,
    CASE WHEN a.kind = 'escrow' THEN a.debits_pending ELSE d.debits_pending END AS debits_pending,
    CASE WHEN a.kind = 'escrow' THEN a.debits_posted ELSE d.debits_posted END AS debits_posted,
    CASE WHEN a.kind = 'escrow' THEN a.credits_pending ELSE d.credits_pending END AS credits_pending,
    CASE WHEN a.kind = 'escrow' THEN a.credits_posted ELSE d.credits_posted END AS credits_posted
  FROM ledger_accounts a CROSS JOIN LATERAL (
    SELECT
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.debit_account_id = a.id AND t.flag IN ('posted', 'post_pending')) AS debits_posted,
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.credit_account_id = a.id AND t.flag IN ('posted', 'post_pending')) AS credits_posted,
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.debit_account_id = a.id AND t.flag = 'pending'
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)) AS debits_pending,
      (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.credit_account_id = a.id AND t.flag = 'pending'
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)) AS credits_pending
  ) d`;

export type AccountKind = 'client_funding' | 'escrow' | 'contractor' | 'expert' | 'platform_fee' | 'refunds' | 'payout_clearing' | 'paid_out';
export type TransferFlag = 'posted' | 'pending' | 'post_pending' | 'void_pending';
export type TransferCode = 'funding' | 'contractor_payout' | 'expert_fee' | 'platform_fee' | 'refund' | 'carry' | 'payout' | 'payout_return';

export interface AccountRef {
  kind: AccountKind;
  currency: string;
  /** The owner of a client, contractor, expert or refunds account. */
  userId?: string;
  /** The contract of an escrow account. */
  contractId?: string;
}

export interface AccountRow {
  id: number;
  kind: AccountKind;
  currency: string;
  debits_pending: number;
  debits_posted: number;
  credits_pending: number;
  credits_posted: number;
}

export interface TransferRow {
  id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  currency: string;
  flag: TransferFlag;
  pending_id: number | null;
  code: TransferCode;
  contract_id: string | null;
  milestone_id: string | null;
  created_at: Date | string;
}

/** A ledger rule the caller broke; nothing was written. */
export class LedgerError extends Error {
  constructor(readonly reason: 'overdraft' | 'resolved' | 'amount' | 'currency' | 'unlocked') {
    super(`ledger: ${reason}`);
    this.name = 'LedgerError';
  }
}

/** The account's id, created on first use. */
export async function accountId(tx: Queryable, ref: AccountRef): Promise<number> {
  const params = [ref.kind, ref.userId ?? null, ref.contractId ?? null, ref.currency];
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ledger_accounts (kind, user_id, contract_id, currency) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    params,
  );
  if (rows[0]) return Number(rows[0].id);
  const { rows: found } = await tx.query<{ id: string }>(
    `SELECT id FROM ledger_accounts
     WHERE kind = $1 AND user_id IS NOT DISTINCT FROM $2 AND contract_id IS NOT DISTINCT FROM $3 AND currency = $4`,
    params,
  );
  return Number(found[0]!.id);
}

function toAccount(row: Record<string, unknown>): AccountRow {
  return {
    id: Number(row.id),
    kind: row.kind as AccountKind,
    currency: String(row.currency),
    debits_pending: Number(row.debits_pending),
    debits_posted: Number(row.debits_posted),
    credits_pending: Number(row.credits_pending),
    credits_posted: Number(row.credits_posted),
  };
}

function toTransfer(row: Record<string, unknown>): TransferRow {
  return {
    ...(row as unknown as TransferRow),
    id: Number(row.id),
    debit_account_id: Number(row.debit_account_id),
    credit_account_id: Number(row.credit_account_id),
    amount: Number(row.amount),
    pending_id: row.pending_id === null ? null : Number(row.pending_id),
  };
}

/**
 * The accounts of one operation. The escrow accounts among them are locked
 * for the rest of the transaction, in ascending id order: two operations on
 * the same contract's money wait for each other instead of deadlocking. The
 * others are not locked and their totals are not kept: transfers to and from
 * them are only appended.
 */
export class LockedAccounts {
  private constructor(
    private readonly tx: Queryable,
    private readonly byId: Map<number, AccountRow>,
    private readonly tracked: Set<number>,
  ) {}

  static async lock(tx: Queryable, refs: AccountRef[]): Promise<{ locked: LockedAccounts; ids: number[] }> {
    const ids = await accountIds(tx, refs);
    const lockedIds = [...new Set(ids.filter((_, index) => LOCKED_KINDS.includes(refs[index]!.kind)))];
    const { rows } =
      lockedIds.length === 0 ? { rows: [] as Record<string, unknown>[] } : await tx.query<Record<string, unknown>>(LOCK_ACCOUNTS, [lockedIds]);
    const byId = new Map<number, AccountRow>();
    refs.forEach((ref, index) => {
      const zero = { debits_pending: 0, debits_posted: 0, credits_pending: 0, credits_posted: 0 };
      byId.set(ids[index]!, { id: ids[index]!, kind: ref.kind, currency: ref.currency, ...zero });
    });
    for (const row of rows) byId.set(Number(row.id), toAccount(row));
    return { locked: new LockedAccounts(tx, byId, new Set(lockedIds)), ids };
  }

  get(id: number): AccountRow {
    const account = this.byId.get(id);
    if (!account) throw new LedgerError('unlocked');
    return account;
  }

  /** Posted balance on the credit side (what an escrow account holds). */
  balance(id: number): number {
    if (!this.tracked.has(id)) throw new LedgerError('unlocked');
    const account = this.get(id);
    return account.credits_posted - account.debits_posted;
  }

  /** What an account can still pay out: its posted balance less the holds on it. */
  available(id: number): number {
    return this.balance(id) - this.get(id).debits_pending;
  }

  /**
   * Checks and books `amount` at once ('posted') or reserves it ('pending'):
   * written with the others of the operation by `write`. An escrow account
   * never pays out or reserves more than it holds.
   */
  transfer(input: {
    debit: number;
    credit: number;
    amount: number;
    flag: 'posted' | 'pending';
    code: TransferCode;
    contractId?: string;
    milestoneId?: string;
  }): void {
    const debit = this.get(input.debit);
    const credit = this.get(input.credit);
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new LedgerError('amount');
    if (debit.currency !== credit.currency) throw new LedgerError('currency');
    if (debit.kind === 'escrow' && this.available(debit.id) < input.amount) throw new LedgerError('overdraft');
    if (input.flag === 'posted') {
      debit.debits_posted += input.amount;
      credit.credits_posted += input.amount;
    } else {
      debit.debits_pending += input.amount;
      credit.credits_pending += input.amount;
    }
    this.book(debit, credit, { ...input, pendingId: null });
  }

  /**
   * Resolves a hold, one of `openHolds` read under this lock: posts `amount`
   * of it (all of it by default; the rest goes back to the debit account) or,
   * with `amount` 0, voids it. A hold resolved twice is refused here, and by
   * the unique index on `pending_id` should one slip through.
   */
  resolve(pending: TransferRow, amount: number = pending.amount): void {
    if (pending.flag !== 'pending') throw new LedgerError('resolved');
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > pending.amount) throw new LedgerError('amount');
    if (this.queued.some((row) => row.pendingId === pending.id)) throw new LedgerError('resolved');
    const debit = this.get(pending.debit_account_id);
    const credit = this.get(pending.credit_account_id);
    debit.debits_pending -= pending.amount;
    credit.credits_pending -= pending.amount;
    debit.debits_posted += amount;
    credit.credits_posted += amount;
    this.book(debit, credit, {
      amount: amount === 0 ? pending.amount : amount,
      flag: amount === 0 ? 'void_pending' : 'post_pending',
      pendingId: pending.id,
      code: pending.code,
      ...(pending.contract_id ? { contractId: pending.contract_id } : {}),
      ...(pending.milestone_id ? { milestoneId: pending.milestone_id } : {}),
    });
  }

  private readonly queued: QueuedTransfer[] = [];
  private readonly changed = new Set<number>();

  private book(debit: AccountRow, credit: AccountRow, fields: Omit<QueuedTransfer, 'debit' | 'credit' | 'currency'>): void {
    this.queued.push({ ...fields, debit: debit.id, credit: credit.id, currency: debit.currency });
    for (const account of [debit, credit]) if (this.tracked.has(account.id)) this.changed.add(account.id);
  }

  /**
   * Writes what was booked in one statement: the locked accounts' new totals
   * and every transfer, in the order booked.
   */
  async write(): Promise<void> {
    const accounts = [...this.changed].map((id) => this.get(id));
    this.changed.clear();
    const rows = this.queued.splice(0);
    if (rows.length === 0 && accounts.length === 0) return;
    await this.tx.query(WRITE_BOOKED, [
      accounts.map((account) => account.id),
      accounts.map((account) => account.debits_pending),
      accounts.map((account) => account.debits_posted),
      accounts.map((account) => account.credits_pending),
      accounts.map((account) => account.credits_posted),
      rows.map((row) => row.debit),
      rows.map((row) => row.credit),
      rows.map((row) => row.amount),
      rows.map((row) => row.currency),
      rows.map((row) => row.flag),
      rows.map((row) => row.pendingId),
      rows.map((row) => row.code),
      rows.map((row) => row.contractId ?? null),
      rows.map((row) => row.milestoneId ?? null),
    ]);
  }
}

interface QueuedTransfer {
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  flag: TransferFlag;
  pendingId: number | null;
  code: TransferCode;
  contractId?: string;
  milestoneId?: string;
}

const LOCK_ACCOUNTS = prepared('SELECT * FROM ledger_accounts WHERE id = ANY ($1::bigint[]) ORDER BY id FOR UPDATE');

/** The locked accounts' totals ($1 to $5) and the transfers ($6 to $14) of one operation. */
const WRITE_BOOKED = prepared(`
  WITH totals AS (
    UPDATE ledger_accounts a
       SET debits_pending = v.debits_pending, debits_posted = v.debits_posted, credits_pending = v.credits_pending, credits_posted = v.credits_posted
      FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) AS v (id, debits_pending, debits_posted, credits_pending, credits_posted)
     WHERE a.id = v.id
  )
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
  SELECT * FROM unnest($6::bigint[], $7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::bigint[], $12::text[], $13::uuid[], $14::uuid[])`);

/** The unique index's key: an absent owner or contract is the zero uuid. */
const SAME_ACCOUNT = (a: string, b: string) => `${a}.kind = ${b}.kind
      AND coalesce(${a}.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${b}.user_id, '00000000-0000-0000-0000-000000000000'::uuid)
      AND coalesce(${a}.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${b}.contract_id, '00000000-0000-0000-0000-000000000000'::uuid)
      AND ${a}.currency = ${b}.currency`;

/**
 * The ids of several accounts in one statement, those missing created in the
 * order of the input.
 */
export const ACCOUNT_IDS = prepared(`
  WITH wanted AS (
    SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[]) WITH ORDINALITY AS w (kind, user_id, contract_id, currency, n)
  ), found AS (
    SELECT w.n, a.id FROM wanted w JOIN ledger_accounts a ON ${SAME_ACCOUNT('a', 'w')}
  ), created AS (
    INSERT INTO ledger_accounts (kind, user_id, contract_id, currency)
    SELECT w.kind, w.user_id, w.contract_id, w.currency FROM wanted w WHERE w.n NOT IN (SELECT n FROM found) ORDER BY w.n
    ON CONFLICT DO NOTHING RETURNING id, kind, user_id, contract_id, currency
  )
  SELECT w.n, coalesce(f.id, c.id) AS id
    FROM wanted w LEFT JOIN found f ON f.n = w.n LEFT JOIN created c ON ${SAME_ACCOUNT('c', 'w')}
   ORDER BY w.n`);

/**
 * The ids of the accounts of one operation, created on first use. They are
 * created in one global order: two transactions creating the same two new
 * accounts would otherwise wait on each other's unique-index entry. One
 * created by a transaction that committed meanwhile is looked up again.
 */
export async function accountIds(tx: Queryable, refs: AccountRef[]): Promise<number[]> {
  const canonical = (ref: AccountRef) => `${ref.kind}|${ref.currency}|${ref.userId ?? ''}|${ref.contractId ?? ''}`;
  const order = refs.map((ref, index) => ({ ref, index })).sort((a, b) => canonical(a.ref).localeCompare(canonical(b.ref)));
  const { rows } = await tx.query<{ n: string; id: string | null }>(ACCOUNT_IDS, [
    order.map(({ ref }) => ref.kind),
    order.map(({ ref }) => ref.userId ?? null),
    order.map(({ ref }) => ref.contractId ?? null),
    order.map(({ ref }) => ref.currency),
  ]);
  const ids = new Array<number>(refs.length);
  for (const [position, { ref, index }] of order.entries()) {
    const id = rows[position]?.id;
    ids[index] = id === null || id === undefined ? await accountId(tx, ref) : Number(id);
  }
  return ids;
}

export const OPEN_HOLDS = prepared(`
  SELECT t.* FROM ledger_transfers t
   WHERE t.milestone_id = $1 AND t.flag = 'pending'
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
   ORDER BY t.id`);

/** Holds of a milestone not yet posted or voided. */
export async function openHolds(tx: Queryable, milestoneId: string): Promise<TransferRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(OPEN_HOLDS, [milestoneId]);
  return rows.map(toTransfer);
}
