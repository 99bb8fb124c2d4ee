import { randomUUID } from 'node:crypto';
import { migratedTestDatabase } from './test-app';

/*
 * Every payment's view of the contract, the insolvency settlement and the
 * contract's screens find the contract's escrow account by the contract. That
 * look-up seeks an index on the contract: it never reads the escrow accounts
 * of every other contract to keep one (whole tables are forbidden to the
 * planner here, so the plan shows which index it can seek, not the table size).
 */
const database = migratedTestDatabase();

it("finds a contract's escrow account through an index on the contract", async () => {
  const plan = await database.db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT a.id FROM ledger_accounts a WHERE a.kind = 'escrow' AND a.contract_id = $1",
      [randomUUID()],
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).toMatch(/Index Cond: \(contract_id = /);
  expect(plan).not.toMatch(/Filter: .*contract_id/);
});
