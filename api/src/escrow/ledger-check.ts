import type { Queryable } from '../db/database';
import { expertFeeSql, platformFeeSql } from './fees';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** Rows a query found that break a rule: none means the rule holds. */
async function violations(db: Queryable, name: string, sql: string, describe: (count: number) => string): Promise<CheckResult> {
  const { rows } = await db.query<Record<string, unknown>>(sql);
  return {
    name,
    ok: rows.length === 0,
    detail: rows.length === 0 ? describe(0) : `${describe(rows.length)}: ${JSON.stringify(rows.slice(0, 5))}`,
  };
}

/**
 * Re-derives every balance from the transfers and checks each ledger rule.
 * Run in one read-only snapshot (REPEATABLE READ) so concurrent payments
 * cannot make a consistent ledger look broken.
 */
export async function checkLedger(db: Queryable): Promise<{ ok: boolean; accounts: number; transfers: number; checks: CheckResult[] }> {
  const checks: CheckResult[] = [];
  checks.push(
    await violations(
      db,
      'Balances sum to zero',
      `SELECT currency, sum(credits_posted - debits_posted) AS posted, sum(credits_pending - debits_pending) AS pending
         FROM ledger_accounts GROUP BY currency
        HAVING sum(credits_posted - debits_posted) <> 0 OR sum(credits_pending - debits_pending) <> 0`,
      (count) => (count === 0 ? 'Posted and pending balances sum to zero in every currency.' : `${count} currencies do not sum to zero`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Balances match the transfers',
      `WITH effects AS (
         SELECT debit_account_id AS account, flag, amount, -1 AS side, pending_id FROM ledger_transfers
         UNION ALL SELECT credit_account_id, flag, amount, 1, pending_id FROM ledger_transfers
       ), pending_amounts AS (
         SELECT e.account, e.side, e.flag, e.amount, p.amount AS held
           FROM effects e LEFT JOIN ledger_transfers p ON p.id = e.pending_id
       ), derived AS (
         SELECT account,
           sum(CASE WHEN side = -1 AND flag IN ('posted', 'post_pending') THEN amount ELSE 0 END) AS debits_posted,
           sum(CASE WHEN side = 1 AND flag IN ('posted', 'post_pending') THEN amount ELSE 0 END) AS credits_posted,
           sum(CASE WHEN side = -1 AND flag = 'pending' THEN amount WHEN side = -1 AND flag IN ('post_pending', 'void_pending') THEN -held ELSE 0 END) AS debits_pending,
           sum(CASE WHEN side = 1 AND flag = 'pending' THEN amount WHEN side = 1 AND flag IN ('post_pending', 'void_pending') THEN -held ELSE 0 END) AS credits_pending
         FROM pending_amounts GROUP BY account
       )
       SELECT a.id, a.kind FROM ledger_accounts a LEFT JOIN derived d ON d.account = a.id
        WHERE a.debits_posted <> coalesce(d.debits_posted, 0) OR a.credits_posted <> coalesce(d.credits_posted, 0)
           OR a.debits_pending <> coalesce(d.debits_pending, 0) OR a.credits_pending <> coalesce(d.credits_pending, 0)`,
      (count) => (count === 0 ? 'Every account total equals the sum of its transfers.' : `${count} accounts differ from their transfers`),
    ),
  );
  checks.push(
    await violations(
      db,
      'No escrow account is overdrawn',
      `SELECT id, contract_id FROM ledger_accounts
        WHERE credits_posted - debits_posted < 0 AND kind = 'escrow'
           OR (kind = 'escrow' AND debits_posted + debits_pending > credits_posted)`,
      (count) => (count === 0 ? 'Every escrow account covers its payouts and holds.' : `${count} escrow accounts overdrawn`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Holds resolve once, within their amount',
      `SELECT r.id, r.pending_id FROM ledger_transfers r JOIN ledger_transfers p ON p.id = r.pending_id
        WHERE p.flag <> 'pending' OR r.amount > p.amount
           OR r.debit_account_id <> p.debit_account_id OR r.credit_account_id <> p.credit_account_id
           OR (SELECT count(*) FROM ledger_transfers x WHERE x.pending_id = r.pending_id) > 1`,
      (count) => (count === 0 ? 'Each hold was posted or voided at most once.' : `${count} hold resolutions break the rules`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Transfers stay in one currency',
      `SELECT t.id FROM ledger_transfers t
         JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE t.currency <> d.currency OR t.currency <> c.currency`,
      (count) => (count === 0 ? 'Every transfer joins two accounts of its currency.' : `${count} transfers cross currencies`),
    ),
  );
  checks.push(
    await violations(
      db,
      'Milestone holds match their state',
      `SELECT m.id, m.status,
              (SELECT count(*) FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.flag = 'pending'
                 AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)) AS open_holds,
              (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.flag = 'pending'
                 AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)) AS held
         FROM milestones m
        WHERE CASE WHEN m.status IN ('funded', 'submitted', 'approved', 'changes_requested')
                   THEN (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.flag = 'pending'
                           AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)) <> m.amount + m.platform_fee
                   ELSE EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.milestone_id = m.id AND t.flag = 'pending'
                           AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id))
              END`,
      (count) => (count === 0 ? 'Funded milestones hold exactly their payout and fee; others hold nothing.' : `${count} milestones disagree with their holds`),
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
        WHERE a.credits_posted - a.debits_posted < held.total`,
      (count) => (count === 0 ? 'Each contract holds at least what its funded milestones need.' : `${count} contracts hold too little`),
    ),
  );
  checks.push(...(await businessRules(db)));
  const { rows: counts } = await db.query<{ accounts: string; transfers: string }>(
    'SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM ledger_transfers) AS transfers',
  );
  return {
    ok: checks.every((check) => check.ok),
    accounts: Number(counts[0]!.accounts),
    transfers: Number(counts[0]!.transfers),
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
async function businessRules(db: Queryable): Promise<CheckResult[]> {
  return [
    await violations(
      db,
      'No payment to a barred party',
      `SELECT t.id, t.code, t.flag, a.kind, a.user_id FROM ledger_transfers t
         JOIN ledger_accounts a ON a.id = t.credit_account_id AND a.kind IN ('contractor', 'expert')
         LEFT JOIN milestones m ON m.id = t.milestone_id
        WHERE t.flag IN ('posted', 'pending', 'post_pending') AND t.amount > 0
          AND (EXISTS (SELECT 1 FROM insolvencies i WHERE i.contractor_id = a.user_id AND i.declared_at <= t.created_at)
               OR ${suspendedAt('a.user_id', 't.created_at')})
          AND NOT (${SETTLED_BY_DECISION})
        ORDER BY t.id`,
      (count) =>
        count === 0
          ? 'No contractor or expert was paid or promised money while suspended or insolvent, beyond what an estimate or a dispute decided.'
          : `${count} transfers pay a suspended or insolvent party`,
    ),
    await violations(
      db,
      'Releases approved by a verified expert',
      `SELECT t.id, t.milestone_id, m.inspected_by FROM ledger_transfers t
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
      (count) =>
        count === 0
          ? 'Every release follows an approval by an expert who was assigned, verified and not a party.'
          : `${count} releases lack a verified expert’s approval`,
    ),
    await violations(
      db,
      'Fees follow the fee rules',
      `SELECT 'milestone' AS what, m.id::text AS id, m.amount, m.expert_fee, m.platform_fee FROM milestones m JOIN contracts c ON c.id = m.contract_id
        WHERE m.platform_fee <> ${platformFeeSql('m.amount')} OR m.expert_fee <> ${expertFeeSql('m.amount', 'c.currency')}
       UNION ALL
       SELECT 'transfer', t.id::text, t.amount, m.expert_fee, m.platform_fee FROM ledger_transfers t JOIN milestones m ON m.id = t.milestone_id
        WHERE (t.code = 'platform_fee' AND t.flag = 'pending' AND t.amount <> m.platform_fee)
           OR (t.code = 'expert_fee' AND t.flag = 'posted' AND t.amount <> m.expert_fee)
           OR (t.code = 'platform_fee' AND t.flag = 'post_pending' AND t.amount <> least(m.platform_fee, ${platformFeeSql(
             `coalesce((SELECT p.amount FROM ledger_transfers p WHERE p.milestone_id = m.id AND p.code = 'contractor_payout' AND p.flag = 'post_pending'), 0)`,
           )}))`,
      (count) =>
        count === 0
          ? 'Every milestone fee and fee transfer equals the fee rule for its amount and currency.'
          : `${count} fees differ from the fee rules`,
    ),
  ];
}
