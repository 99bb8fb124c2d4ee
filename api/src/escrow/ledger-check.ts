import type { Database, Queryable } from '../db/database';
import { expertFeeSql, platformFeeSql } from './fees';
import { LOCKED_KINDS } from './ledger';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** Rows a query found that break a rule: none means the rule holds. */
async function violations(db: Queryable, name: string, sql: string, params: unknown[], describe: (count: number) => string): Promise<CheckResult> {
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  return {
    name,
    ok: rows.length === 0,
    detail: rows.length === 0 ? describe(0) : `${describe(rows.length)}: ${JSON.stringify(rows.slice(0, 5))}`,
  };
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** The transfers this check read: those after the checkpoint (all of them for a full check). */
  verified_transfers: number;
  checks: CheckResult[];
}

/** How far the ledger was verified: every transfer up to `transferId`, every milestone change up to `milestoneChange`. */
export interface Checkpoint {
  transferId: number;
  milestoneChange: number;
  transfers: number;
}

const ORIGIN: Checkpoint = { transferId: 0, milestoneChange: 0, transfers: 0 };

export async function readCheckpoint(db: Queryable): Promise<Checkpoint> {
  const { rows } = await db.query<{ last_transfer_id: string; last_milestone_change: string; transfers: string }>(
    'SELECT last_transfer_id, last_milestone_change, transfers FROM ledger_checkpoint',
  );
  const row = rows[0];
  if (!row) return ORIGIN;
  return { transferId: Number(row.last_transfer_id), milestoneChange: Number(row.last_milestone_change), transfers: Number(row.transfers) };
}

/**
 * Each account's sums over the transfers `range` selects ($1 and $2 bound it),
 * the way the ledger keeps them: posting and voiding a hold take its amount off
 * the pending side.
 */
const accountSumsSql = (range: string) => `
  WITH picked AS (SELECT * FROM ledger_transfers WHERE ${range}),
  effects AS (
    SELECT f.debit_account_id AS account, -1 AS side, f.flag, f.amount, p.amount AS held
      FROM picked f LEFT JOIN ledger_transfers p ON p.id = f.pending_id
    UNION ALL
    SELECT f.credit_account_id, 1, f.flag, f.amount, p.amount
      FROM picked f LEFT JOIN ledger_transfers p ON p.id = f.pending_id
  )
  SELECT account,
    sum(CASE WHEN side = -1 AND flag IN ('posted', 'post_pending') THEN amount ELSE 0 END) AS debits_posted,
    sum(CASE WHEN side = 1 AND flag IN ('posted', 'post_pending') THEN amount ELSE 0 END) AS credits_posted,
    sum(CASE WHEN side = -1 AND flag = 'pending' THEN amount WHEN side = -1 AND flag IN ('post_pending', 'void_pending') THEN -held ELSE 0 END) AS debits_pending,
    sum(CASE WHEN side = 1 AND flag = 'pending' THEN amount WHEN side = 1 AND flag IN ('post_pending', 'void_pending') THEN -held ELSE 0 END) AS credits_pending
  FROM effects GROUP BY account`;

/**
 * A transfer id and a milestone change number below which nothing is still
 * being written: each table is locked for a moment (SHARE waits for the
 * transactions writing it to finish), so no transfer or milestone change with a
 * lower number can commit later and slip behind the checkpoint. The two locks
 * are taken in separate transactions: holding one while waiting for the other
 * could deadlock with a payment that writes both.
 */
export async function ledgerWatermark(db: Database): Promise<Checkpoint> {
  const milestoneChange = await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE milestones IN SHARE MODE');
    const { rows } = await tx.query<{ change: string }>('SELECT coalesce(max(change_seq), 0) AS change FROM milestones');
    return Number(rows[0]!.change);
  });
  const transferId = await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE ledger_transfers IN SHARE MODE');
    const { rows } = await tx.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM ledger_transfers');
    return Number(rows[0]!.id);
  });
  return { transferId, milestoneChange, transfers: 0 };
}

/**
 * The ledger check, incremental: each account's stored totals must equal its
 * sums at the checkpoint plus the transfers written since, and every rule is
 * checked on what changed since (new transfers, milestones written since,
 * the contracts they touch). Run it in one snapshot (REPEATABLE READ) so
 * concurrent payments cannot make a consistent ledger look broken.
 *
 * With `advanceTo` (a watermark read just before this snapshot began) a check
 * that passed moves the checkpoint there; a failing check leaves it, so the
 * fault keeps being reported until it is corrected.
 */
export async function checkLedger(db: Queryable, options: { advanceTo?: Checkpoint } = {}): Promise<LedgerReport> {
  const checkpoint = await readCheckpoint(db);
  const report = await checkSince(db, checkpoint, true);
  const target = options.advanceTo;
  if (report.ok && target && target.transferId >= checkpoint.transferId && target.milestoneChange >= checkpoint.milestoneChange) {
    await advanceCheckpoint(db, checkpoint, target);
  }
  return report;
}

/**
 * The nightly re-derivation: every rule over the whole history, every balance
 * from every transfer, and the checkpoint's sums against the transfers up to it
 * (so the incremental check is proven to start from the truth).
 */
export async function checkLedgerFully(db: Queryable): Promise<LedgerReport> {
  const report = await checkSince(db, ORIGIN, false);
  const checkpoint = await readCheckpoint(db);
  const check = await violations(
    db,
    'The checkpoint matches the transfers',
    `WITH derived AS (${accountSumsSql('id <= $1')})
     SELECT coalesce(s.account_id, d.account) AS account FROM ledger_checkpoint_sums s FULL JOIN derived d ON d.account = s.account_id
      WHERE coalesce(s.debits_posted, 0) <> coalesce(d.debits_posted, 0) OR coalesce(s.credits_posted, 0) <> coalesce(d.credits_posted, 0)
         OR coalesce(s.debits_pending, 0) <> coalesce(d.debits_pending, 0) OR coalesce(s.credits_pending, 0) <> coalesce(d.credits_pending, 0)
     UNION ALL
     SELECT NULL WHERE (SELECT count(*) FROM ledger_transfers WHERE id <= $1) <> $2`,
    [checkpoint.transferId, checkpoint.transfers],
    (count) =>
      count === 0 ? 'The incremental check’s sums equal a re-derivation of the transfers up to its checkpoint.' : `${count} checkpoint sums differ`,
  );
  report.checks.push(check);
  report.ok = report.ok && check.ok;
  return report;
}

async function advanceCheckpoint(db: Queryable, from: Checkpoint, to: Checkpoint): Promise<void> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM ledger_transfers WHERE id > $1 AND id <= $2', [
    from.transferId,
    to.transferId,
  ]);
  const transfers = from.transfers + Number(rows[0]!.count);
  // In a savepoint: a concurrent check that advanced first makes this write fail (its snapshot
  // is stale); this check's answer stands, the next one continues from the other's checkpoint.
  await db.query('SAVEPOINT ledger_checkpoint');
  try {
    await db.query(
      `INSERT INTO ledger_checkpoint (id, last_transfer_id, last_milestone_change, transfers, checked_at) VALUES (true, $1, $2, $3, now())
       ON CONFLICT (id) DO UPDATE SET last_transfer_id = EXCLUDED.last_transfer_id, last_milestone_change = EXCLUDED.last_milestone_change,
         transfers = EXCLUDED.transfers, checked_at = EXCLUDED.checked_at`,
      [to.transferId, to.milestoneChange, transfers],
    );
    await db.query(
      `INSERT INTO ledger_checkpoint_sums (account_id, debits_pending, debits_posted, credits_pending, credits_posted)
       SELECT account, debits_pending, debits_posted, credits_pending, credits_posted FROM (${accountSumsSql('id > $1 AND id <= $2')}) delta
       ON CONFLICT (account_id) DO UPDATE SET
         debits_pending = ledger_checkpoint_sums.debits_pending + EXCLUDED.debits_pending,
         debits_posted = ledger_checkpoint_sums.debits_posted + EXCLUDED.debits_posted,
         credits_pending = ledger_checkpoint_sums.credits_pending + EXCLUDED.credits_pending,
         credits_posted = ledger_checkpoint_sums.credits_posted + EXCLUDED.credits_posted`,
      [from.transferId, to.transferId],
    );
    await db.query('RELEASE SAVEPOINT ledger_checkpoint');
  } catch (error) {
    await db.query('ROLLBACK TO SAVEPOINT ledger_checkpoint');
    // Serialization failure or a duplicate first checkpoint: another check got there first.
    const code = (error as { code?: string }).code;
    if (code !== '40001' && code !== '23505') throw error;
  }
}

/*
 * The rules, on what changed after `since`: $1 is the last verified transfer,
 * $2 the last verified milestone change. From the origin this is the full check.
 */
const FRESH = 'SELECT * FROM ledger_transfers WHERE id > $1';
const DIRTY_MILESTONES = `SELECT id FROM milestones WHERE change_seq > $2
  UNION SELECT milestone_id FROM ledger_transfers WHERE id > $1 AND milestone_id IS NOT NULL`;
const OPEN_HOLDS = (milestone: string) => `FROM ledger_transfers t WHERE t.milestone_id = ${milestone} AND t.flag = 'pending'
  AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)`;

async function checkSince(db: Queryable, since: Checkpoint, withSums: boolean): Promise<LedgerReport> {
  const params = [since.transferId, since.milestoneChange];
  const checks: CheckResult[] = [];
  // The full check starts from nothing: no checkpoint sums.
  const base = `LEFT JOIN ledger_checkpoint_sums s ON ${withSums ? 's.account_id = a.id' : 'false'}`;
  const derived = (column: string) => `coalesce(s.${column}, 0) + coalesce(d.${column}, 0)`;
  checks.push(
    await violations(
      db,
      'Balances sum to zero',
      `WITH delta AS (${accountSumsSql('id > $1')})
       SELECT a.currency, sum(${derived('credits_posted')} - (${derived('debits_posted')})) AS posted,
              sum(${derived('credits_pending')} - (${derived('debits_pending')})) AS pending
         FROM ledger_accounts a ${base} LEFT JOIN delta d ON d.account = a.id GROUP BY a.currency
        HAVING sum(${derived('credits_posted')} - (${derived('debits_posted')})) <> 0
            OR sum(${derived('credits_pending')} - (${derived('debits_pending')})) <> 0`,
      [since.transferId],
      (count) => (count === 0 ? 'Posted and pending balances sum to zero in every currency.' : `${count} currencies do not sum to zero`),
    ),
  );
  // Only the locked accounts (escrow) keep stored totals; the others' balances are their transfers.
  const side = (column: string) => `a.${column} <> ${derived(column)}`;
  checks.push(
    await violations(
      db,
      'Balances match the transfers',
      `WITH delta AS (${accountSumsSql('id > $1')})
       SELECT a.id, a.kind FROM ledger_accounts a ${base} LEFT JOIN delta d ON d.account = a.id
        WHERE a.kind IN (${LOCKED_KINDS.map((kind) => `'${kind}'`).join(', ')})
          AND (${side('debits_posted')} OR ${side('credits_posted')} OR ${side('debits_pending')} OR ${side('credits_pending')})`,
      [since.transferId],
      (count) => (count === 0 ? 'Every escrow account total equals the sum of its transfers.' : `${count} accounts differ from their transfers`),
    ),
  );
  checks.push(
    await violations(
      db,
      'No escrow account is overdrawn',
      `SELECT id, contract_id FROM ledger_accounts
        WHERE kind = 'escrow' AND (credits_posted - debits_posted < 0 OR debits_posted + debits_pending > credits_posted)`,
      [],
      (count) => (count === 0 ? 'Every escrow account covers its payouts and holds.' : `${count} escrow accounts overdrawn`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Holds resolve once, within their amount',
      `SELECT r.id, r.pending_id FROM (${FRESH}) r JOIN ledger_transfers p ON p.id = r.pending_id
        WHERE p.flag <> 'pending' OR r.amount > p.amount
           OR r.debit_account_id <> p.debit_account_id OR r.credit_account_id <> p.credit_account_id
           OR (SELECT count(*) FROM ledger_transfers x WHERE x.pending_id = r.pending_id) > 1`,
      [since.transferId],
      (count) => (count === 0 ? 'Each hold was posted or voided at most once.' : `${count} hold resolutions break the rules`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Transfers stay in one currency',
      `SELECT t.id FROM (${FRESH}) t
         JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE t.currency <> d.currency OR t.currency <> c.currency`,
      [since.transferId],
      (count) => (count === 0 ? 'Every transfer joins two accounts of its currency.' : `${count} transfers cross currencies`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Milestone holds match their state',
      `SELECT m.id, m.status, (SELECT count(*) ${OPEN_HOLDS('m.id')}) AS open_holds, (SELECT coalesce(sum(t.amount), 0) ${OPEN_HOLDS('m.id')}) AS held
         FROM milestones m
        WHERE m.id IN (${DIRTY_MILESTONES})
          AND CASE WHEN m.status IN ('funded', 'submitted', 'approved', 'changes_requested')
                   THEN (SELECT coalesce(sum(t.amount), 0) ${OPEN_HOLDS('m.id')}) <> m.amount + m.platform_fee
                   ELSE EXISTS (SELECT 1 ${OPEN_HOLDS('m.id')})
              END`,
      params,
      (count) =>
        count === 0 ? 'Funded milestones hold exactly their payout and fee; others hold nothing.' : `${count} milestones disagree with their holds`,
    ),
  );
  checks.push(
    await violations(
      db,
      'Escrow covers every funded milestone',
      `SELECT c.id, a.credits_posted - a.debits_posted AS balance, held.total
         FROM contracts c
         JOIN ledger_accounts a ON a.kind = 'escrow' AND a.contract_id = c.id
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(m.amount + m.expert_fee + m.platform_fee), 0) AS total FROM milestones m
            WHERE m.contract_id = c.id AND m.status IN ('funded', 'submitted', 'approved', 'changes_requested')
         ) held
        WHERE a.credits_posted - a.debits_posted < held.total
          AND c.id IN (
            SELECT contract_id FROM milestones WHERE id IN (${DIRTY_MILESTONES})
            UNION SELECT e.contract_id FROM (${FRESH}) t JOIN ledger_accounts e ON e.id IN (t.debit_account_id, t.credit_account_id) AND e.kind = 'escrow')`,
      params,
      (count) => (count === 0 ? 'Each contract holds at least what its funded milestones need.' : `${count} contracts hold too little`),
    ),
  );
  checks.push(...(await businessRules(db, params)));
  const { rows: counts } = await db.query<{ accounts: string; fresh: string }>(
    'SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM ledger_transfers WHERE id > $1) AS fresh',
    [since.transferId],
  );
  const fresh = Number(counts[0]!.fresh);
  return {
    ok: checks.every((check) => check.ok),
    accounts: Number(counts[0]!.accounts),
    transfers: since.transfers + fresh,
    verified_transfers: fresh,
    checks,
  };
}

/*
 * Money an estimate or a dispute resolution decided the contractor is owed for
 * work done: paid out of the ring-fenced escrow even to a barred contractor,
 * and without an inspection approval.
 */
const SETTLED_BY_DECISION = `t.flag = 'post_pending' AND t.code = 'contractor_payout' AND (
    (m.estimate_owed IS NOT NULL AND m.estimate_owed = t.amount)
    OR EXISTS (SELECT 1 FROM disputes d WHERE d.milestone_id = m.id AND d.status = 'resolved' AND d.contractor_amount = t.amount))`;

/** The user (`user`, a uuid column) was suspended at `at`: by the admin trail, or by the current suspension. */
const suspendedAt = (user: string, at: string) => `(
  EXISTS (SELECT 1 FROM users su WHERE su.id = ${user} AND su.status = 'suspended' AND su.suspended_at <= ${at})
  OR (SELECT au.action FROM admin_audit au
       WHERE au.target_id = ${user}::text AND au.action IN ('user.suspended', 'user.reactivated') AND au.created_at <= ${at}
       ORDER BY au.created_at DESC, au.id DESC LIMIT 1) = 'user.suspended')`;

/**
 * The platform's rules on who may be paid and how much: barred parties
 * receive nothing, a release needs a verified expert's approval, and every
 * fee is the one the fee rules give for the amount and currency.
 */
async function businessRules(db: Queryable, params: unknown[]): Promise<CheckResult[]> {
  return [
    await violations(
      db,
      'No payment to a barred party',
      `SELECT t.id, t.code, t.flag, a.kind, a.user_id FROM (${FRESH}) t
         JOIN ledger_accounts a ON a.id = t.credit_account_id AND a.kind IN ('contractor', 'expert')
         LEFT JOIN milestones m ON m.id = t.milestone_id
        WHERE t.flag IN ('posted', 'pending', 'post_pending') AND t.amount > 0
          -- A failed or returned payout gives the payee back their own money: no payment.
          AND t.code <> 'payout_return'
          AND (EXISTS (SELECT 1 FROM insolvencies i WHERE i.contractor_id = a.user_id AND i.declared_at <= t.created_at)
               OR ${suspendedAt('a.user_id', 't.created_at')})
          AND NOT (${SETTLED_BY_DECISION})
        ORDER BY t.id`,
      params.slice(0, 1),
      (count) =>
        count === 0
          ? 'No contractor or expert was paid or promised money while suspended or insolvent, beyond what an estimate or a dispute decided.'
          : `${count} transfers pay a suspended or insolvent party`,
    ),
    await violations(
      db,
      'Releases approved by a verified expert',
      `SELECT t.id, t.milestone_id, m.inspected_by FROM (${FRESH}) t
         JOIN milestones m ON m.id = t.milestone_id JOIN contracts c ON c.id = m.contract_id
        WHERE t.code = 'contractor_payout' AND t.flag = 'post_pending' AND t.amount > 0
          AND NOT (${SETTLED_BY_DECISION})
          AND NOT (
            m.inspection_decision = 'approved' AND m.inspected_by IS NOT NULL
            AND m.inspected_by <> c.client_id AND m.inspected_by <> c.contractor_id
            -- Assigned to the contract: now, or earlier (each assignment notifies the expert).
            AND (m.inspected_by = c.expert_id
                 OR EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = m.inspected_by AND n.kind = 'expert_assigned'
                              AND n.data->>'contract_id' = c.id::text))
            AND EXISTS (
              SELECT 1 FROM users e WHERE e.id = m.inspected_by AND e.specialist_kind = 'expert'
                AND ((e.verified_at IS NOT NULL AND e.verified_at <= t.created_at)
                  -- Verified then, revoked since: the release was right when it was made.
                  OR EXISTS (SELECT 1 FROM admin_audit r WHERE r.target_id = e.id::text
                               AND r.action = 'user.verification_revoked' AND r.created_at >= t.created_at)))
          )
        ORDER BY t.id`,
      params.slice(0, 1),
      (count) =>
        count === 0
          ? 'Every release follows an approval by an expert who was assigned, verified and not a party.'
          : `${count} releases lack a verified expert’s approval`,
    ),
    await violations(
      db,
      'Fees follow the fee rules',
      `SELECT 'milestone' AS what, m.id::text AS id, m.amount, m.expert_fee, m.platform_fee FROM milestones m JOIN contracts c ON c.id = m.contract_id
        WHERE m.id IN (${DIRTY_MILESTONES}) AND (m.platform_fee <> ${platformFeeSql('m.amount')} OR m.expert_fee <> ${expertFeeSql('m.amount', 'c.currency')})
       UNION ALL
       SELECT 'transfer', t.id::text, t.amount, m.expert_fee, m.platform_fee FROM (${FRESH}) t JOIN milestones m ON m.id = t.milestone_id
        WHERE (t.code = 'platform_fee' AND t.flag = 'pending' AND t.amount <> m.platform_fee
                -- A hold voided when an approved change order lowered the price paid nothing: its successor is checked.
                AND NOT EXISTS (SELECT 1 FROM ledger_transfers v WHERE v.pending_id = t.id AND v.flag = 'void_pending'))
           OR (t.code = 'expert_fee' AND t.flag = 'posted' AND t.amount <> m.expert_fee)
           OR (t.code = 'platform_fee' AND t.flag = 'post_pending' AND t.amount <> least(m.platform_fee, ${platformFeeSql(
             `coalesce((SELECT p.amount FROM ledger_transfers p WHERE p.milestone_id = m.id AND p.code = 'contractor_payout' AND p.flag = 'post_pending'), 0)`,
           )}))`,
      params,
      (count) =>
        count === 0
          ? 'Every milestone fee and fee transfer equals the fee rule for its amount and currency.'
          : `${count} fees differ from the fee rules`,
    ),
  ];
}
