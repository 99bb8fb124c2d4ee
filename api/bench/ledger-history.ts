import type { Database } from '../src/db/database';
import { EXPERT_FEE_MINIMUM } from '../src/escrow/fees';

/**
 * A long ledger history written straight with SQL (a few statements, no HTTP):
 * `transfers` transfers over the contracts already in the database, six per
 * paid milestone as the API writes them (the card payment, the contractor's
 * and the platform's holds, both posted, the expert's fee), with the account
 * totals kept in step. The ledger check then has a real history to verify.
 */
export async function writeLedgerHistory(db: Database, transfers: number): Promise<{ transfers: number; accounts: number }> {
  const cycles = Math.ceil(transfers / 6);
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO ledger_accounts (kind, contract_id, currency) SELECT 'escrow', id, currency FROM contracts ON CONFLICT DO NOTHING`);
    for (const [kind, column] of [
      ['client_funding', 'client_id'],
      ['contractor', 'contractor_id'],
      ['expert', 'expert_id'],
    ] as const) {
      await tx.query(
        `INSERT INTO ledger_accounts (kind, user_id, currency) SELECT DISTINCT '${kind}', ${column}, currency FROM contracts
          WHERE ${column} IS NOT NULL ON CONFLICT DO NOTHING`,
      );
    }
    await tx.query(`INSERT INTO ledger_accounts (kind, currency) SELECT DISTINCT 'platform_fee', currency FROM contracts ON CONFLICT DO NOTHING`);
    // Each contract's five accounts once (a small table), then the cycles joined to it by number.
    await tx.query(
      `CREATE TEMP TABLE history_contracts ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY c.id) - 1 AS n, c.id AS contract_id, e.id AS escrow, cl.id AS client, co.id AS contractor, ex.id AS expert, pf.id AS platform
         FROM contracts c
         JOIN ledger_accounts e ON e.kind = 'escrow' AND e.contract_id = c.id
         JOIN ledger_accounts cl ON cl.kind = 'client_funding' AND cl.user_id = c.client_id AND cl.currency = c.currency
         JOIN ledger_accounts co ON co.kind = 'contractor' AND co.user_id = c.contractor_id AND co.currency = c.currency
         JOIN ledger_accounts ex ON ex.kind = 'expert' AND ex.user_id = c.expert_id AND ex.currency = c.currency
         JOIN ledger_accounts pf ON pf.kind = 'platform_fee' AND pf.currency = c.currency
        WHERE c.expert_id IS NOT NULL`,
    );
    await tx.query('ANALYZE history_contracts');
    await tx.query(
      `CREATE TEMP TABLE history_cycles ON COMMIT DROP AS
       SELECT g.i, h.contract_id, h.escrow, h.client, h.contractor, h.expert, h.platform, 500000 + (g.i % 500) * 1000 AS amount
         FROM (SELECT i, i % (SELECT count(*) FROM history_contracts) AS n FROM generate_series(0, $1::bigint - 1) i) g
         JOIN history_contracts h ON h.n = g.n`,
      [cycles],
    );
    // The fee rules (1.5 % platform, 2 % expert with the XAF minimum), rounded half up.
    await tx.query(
      `ALTER TABLE history_cycles ADD COLUMN fee bigint, ADD COLUMN expert_fee bigint;
       UPDATE history_cycles SET fee = floor((amount * 15 + 500) / 1000), expert_fee = greatest(floor((amount * 20 + 500) / 1000), ${EXPERT_FEE_MINIMUM.XAF})`,
    );
    const { rows } = await tx.query<{ base: string }>(`SELECT nextval('ledger_transfers_id_seq') AS base`);
    const base = Number(rows[0]!.base);
    await tx.query(
      `INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id)
       SELECT id, debit, credit, amount, 'XAF', flag, pending, code, contract_id FROM (
         SELECT $1 + i * 6 AS id, client AS debit, escrow AS credit, amount + fee + expert_fee AS amount, 'posted' AS flag, NULL::bigint AS pending, 'funding' AS code, contract_id FROM history_cycles
         UNION ALL SELECT $1 + i * 6 + 1, escrow, contractor, amount, 'pending', NULL, 'contractor_payout', contract_id FROM history_cycles
         UNION ALL SELECT $1 + i * 6 + 2, escrow, platform, fee, 'pending', NULL, 'platform_fee', contract_id FROM history_cycles
         UNION ALL SELECT $1 + i * 6 + 3, escrow, contractor, amount, 'post_pending', $1 + i * 6 + 1, 'contractor_payout', contract_id FROM history_cycles
         UNION ALL SELECT $1 + i * 6 + 4, escrow, platform, fee, 'post_pending', $1 + i * 6 + 2, 'platform_fee', contract_id FROM history_cycles
         UNION ALL SELECT $1 + i * 6 + 5, escrow, expert, expert_fee, 'posted', NULL, 'expert_fee', contract_id FROM history_cycles
       ) t ORDER BY id`,
      [base],
    );
    await tx.query(`SELECT setval('ledger_transfers_id_seq', $1)`, [base + cycles * 6]);
    // Every hold of the history is resolved: only the posted sides change the totals.
    await tx.query(
      `UPDATE ledger_accounts a SET debits_posted = a.debits_posted + d.debits, credits_posted = a.credits_posted + d.credits
         FROM (SELECT account, sum(debits) AS debits, sum(credits) AS credits FROM (
                 SELECT debit_account_id AS account, amount AS debits, 0 AS credits FROM ledger_transfers WHERE id >= $1 AND flag IN ('posted', 'post_pending')
                 UNION ALL
                 SELECT credit_account_id, 0, amount FROM ledger_transfers WHERE id >= $1 AND flag IN ('posted', 'post_pending')) s
               GROUP BY account) d
        WHERE d.account = a.id`,
      [base],
    );
  });
  await db.exec('ANALYZE ledger_transfers; ANALYZE ledger_accounts');
  const { rows } = await db.query<{ transfers: string; accounts: string }>(
    'SELECT (SELECT count(*) FROM ledger_transfers) AS transfers, (SELECT count(*) FROM ledger_accounts) AS accounts',
  );
  return { transfers: Number(rows[0]!.transfers), accounts: Number(rows[0]!.accounts) };
}
