import { migratedTestDatabase } from './test-app';
import { seedContract, seedPerson } from './escrow-fixtures';

/*
 * Every payment reads its contract's view under the lock (escrow_contract_view,
 * whose plan each database session keeps). A session that planned it while the
 * ledger was small kept a plan reading the whole ledger for the contract's
 * transfers, and went on reading all of it as the ledger grew: each payment
 * slower than the last, until something made the session plan again. The
 * view reads one contract's rows by their keys, whatever the tables' sizes
 * when it was planned. The session's own counters tell (PostgreSQL only).
 */
const database = migratedTestDatabase();

it("reads a contract's transfers through the indexes even with a plan made while the ledger was small", async () => {
  const client = await seedPerson(database.db, 'client');
  const contractor = await seedPerson(database.db, 'contractor');
  const contracts: string[] = [];
  for (let i = 0; i < 8; i += 1)
    contracts.push((await seedContract(database.db, { clientId: client.id, contractorId: contractor.id }, [100_000])).id);

  const scans = await database.db.transaction(async (tx) => {
    const ledgerScans = async () => {
      const { rows } = await tx.query<{ scans: string }>(
        "SELECT coalesce(sum(seq_scan), 0) AS scans FROM pg_stat_xact_user_tables WHERE relid = 'ledger_transfers'::regclass",
      );
      return Number(rows[0]!.scans);
    };
    const view = (contract: string) => tx.query('SELECT escrow_contract_view($1) AS view', [contract]);
    const accounts = await tx.query<{ id: string }>(`SELECT escrow_account('escrow', NULL, c, 'XAF') AS id FROM unnest($1::uuid[]) AS c`, [
      contracts,
    ]);
    const [first, second] = accounts.rows.map((row) => row.id);
    // More views than a session plans afresh (five) before it keeps one plan: kept while the ledger is empty.
    for (const contract of contracts) await view(contract);
    // A platform's worth of other payments since.
    await tx.query(
      `INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code)
       SELECT $1, $2, 1000, 'XAF', 'posted', 'funding' FROM generate_series(1, 20000)`,
      [second, first],
    );
    const before = await ledgerScans();
    await view(contracts[0]!);
    return (await ledgerScans()) - before;
  });
  expect(scans).toBe(0);
});
