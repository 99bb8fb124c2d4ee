import { migratedTestDatabase } from './test-app';
import { seedContract, seedPerson } from './escrow-fixtures';

/*
 * A contract's first funding and its last release derive its project's status
 * from the project's contracts (migration 0011's triggers). That derivation
 * reads the project's own contracts only: it never goes through the index of
 * every contract by status, which grows with all the platform's contracts and
 * made each payment slower as the platform grew. The server's own counters of
 * index reads tell (PostgreSQL only).
 */
const database = migratedTestDatabase();

async function statusIndexReads(): Promise<number> {
  const { rows } = await database.db.transaction(async (tx) => {
    await tx.query('SELECT pg_stat_clear_snapshot()');
    return tx.query<{ reads: string }>("SELECT idx_scan AS reads FROM pg_stat_user_indexes WHERE indexrelid = 'contracts_status_idx'::regclass");
  });
  return Number(rows[0]!.reads);
}

it("derives a project's status from its own contracts, without reading every contract by status", async () => {
  const client = await seedPerson(database.db, 'client');
  const contractor = await seedPerson(database.db, 'contractor');
  const projects: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const { id } = await seedContract(database.db, { clientId: client.id, contractorId: contractor.id }, [100_000]);
    const { rows } = await database.db.query<{ project_id: string }>('SELECT project_id FROM contracts WHERE id = $1', [id]);
    projects.push(rows[0]!.project_id);
    if (i % 2 === 0) await database.db.query("UPDATE contracts SET status = 'completed' WHERE id = $1", [id]);
  }
  // Many active and completed contracts of other projects, so that the index by status is worth a plan's while.
  await database.db.query(
    `INSERT INTO contracts (project_id, client_id, contractor_id, currency, status)
     SELECT p, $2, $3, 'XAF', CASE WHEN n % 2 = 0 THEN 'active' ELSE 'completed' END
       FROM unnest($1::uuid[]) AS p, generate_series(1, 50) AS n`,
    [projects.slice(0, 2), client.id, contractor.id],
  );
  const before = await statusIndexReads();
  const statuses = await database.db.transaction(async (tx) => {
    const found: string[] = [];
    // More calls than a session plans afresh (five) before it keeps one plan for every project.
    for (const project of projects.slice(2)) {
      const { rows } = await tx.query<{ status: string }>('SELECT project_status_from_contracts($1) AS status', [project]);
      found.push(rows[0]!.status);
    }
    // The session's counters reach the server's when this transaction ends.
    await tx.query('SELECT pg_stat_force_next_flush()');
    return found;
  });
  expect(new Set(statuses)).toEqual(new Set(['contracted', 'completed']));
  expect(await statusIndexReads()).toBe(before);
});
