import { migratedTestDatabase } from './test-app';
import { seedContract, seedPerson } from './escrow-fixtures';

/*
 * The payment functions are PL/pgSQL: each database session keeps the plans of
 * their statements from its first calls. A session that made them while the
 * tables were small (a platform's first minutes, every benchmark on a fresh
 * database) kept plans reading whole tables (every account to find one, every
 * payment intent to find one by its id) and went on reading all of them as
 * they grew, each payment slower than the last, until something made the
 * session plan again. A payment reads its rows by their keys, whatever the
 * tables' sizes when its statements were planned. The session's own counters
 * tell (PostgreSQL only).
 */
const database = migratedTestDatabase();

it('funds and releases through the indexes with plans made while the tables were nearly empty', async () => {
  const client = await seedPerson(database.db, 'client');
  const contractor = await seedPerson(database.db, 'contractor');
  const expert = await seedPerson(database.db, 'expert');
  const contracts: { id: string; milestoneId: string }[] = [];
  for (let i = 0; i < 11; i += 1) {
    const seeded = await seedContract(database.db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, [100_000]);
    contracts.push({ id: seeded.id, milestoneId: seeded.milestones[0]!.id });
  }

  const scans = await database.db.transaction(async (tx) => {
    const scansByTable = async () => {
      const { rows } = await tx.query<{ relname: string; scans: string }>('SELECT relname, seq_scan AS scans FROM pg_stat_xact_user_tables');
      return new Map(rows.map((row) => [row.relname, Number(row.scans)]));
    };
    const scope = `user:${client.id}`;
    const fund = async ({ id, milestoneId }: { id: string; milestoneId: string }, n: number) => {
      const { rows: begun } = await tx.query<{ result: { intent: { id: string } } }>(
        'SELECT escrow_fund_begin($1, $2, $3, 24, $4, $5, $6, true, $7, $8) AS result',
        [scope, `fund-${n}`, `hash-${n}`, id, milestoneId, client.id, `pi_plans_${n}`, 'en'],
      );
      await tx.query("SELECT escrow_fund_post($1, 'sbx_plans', '4242', '{}'::jsonb)", [begun[0]!.result.intent.id]);
    };
    // The expert's approval, straight in the table: not a payment's statement.
    const approve = (milestoneId: string) =>
      tx.query(
        `UPDATE milestones SET status = 'approved', submitted_at = now(), inspected_at = now(), inspected_by = $2,
                inspection_decision = 'approved' WHERE id = $1`,
        [milestoneId, expert.id],
      );
    const release = ({ id, milestoneId }: { id: string; milestoneId: string }, n: number) =>
      tx.query('SELECT escrow_release($1, $2, $3, 24, $4, $5, $6)', [scope, `release-${n}`, `hash-${n}`, id, milestoneId, client.id]);
    const pay = async (contract: { id: string; milestoneId: string }, n: number) => {
      await fund(contract, n);
      await approve(contract.milestoneId);
      await release(contract, n);
    };
    /** The sequential scans `work` made, by table. */
    const scansOf = async (work: () => Promise<unknown>) => {
      const before = await scansByTable();
      await work();
      const after = await scansByTable();
      return [...after]
        .filter(([table, count]) => count > (before.get(table) ?? 0))
        .map(([table, count]) => [table, count - (before.get(table) ?? 0)]);
    };
    // The platform's first payments, and the statistics PostgreSQL's autovacuum gathers on tables that small.
    await pay(contracts[0]!, 0);
    await pay(contracts[1]!, 1);
    await tx.query('ANALYZE ledger_accounts, ledger_transfers, payment_intents, idempotency_keys, milestones, contracts, projects, notifications');
    // More payments than a session plans afresh (five) before it keeps one plan for each statement.
    for (let n = 2; n < 10; n += 1) await pay(contracts[n]!, n);
    const last = contracts[10]!;
    const funding = await scansOf(() => fund(last, 10));
    await approve(last.milestoneId);
    const releasing = await scansOf(() => release(last, 10));
    return { funding: Object.fromEntries(funding), releasing: Object.fromEntries(releasing) };
  });
  expect(scans).toEqual({ funding: {}, releasing: {} });
});
