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

it('pays batches through the batch’s keys with plans made while the tables were nearly empty', async () => {
  const db = database.db;
  const client = await seedPerson(db, 'client');
  const contractor = await seedPerson(db, 'contractor');
  const expert = await seedPerson(db, 'expert');
  const PAIRS = 7;
  const contracts: { id: string; milestoneId: string }[] = [];
  for (let i = 0; i < 2 * PAIRS; i += 1) {
    const seeded = await seedContract(db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, [100_000]);
    contracts.push({ id: seeded.id, milestoneId: seeded.milestones[0]!.id });
  }
  const scope = `user:${client.id}`;

  const read = await db.transaction(async (tx) => {
    /** Rows each table gave the calls `measured` runs, read whole or fetched through an index. */
    const read = new Map<string, number>();
    const counts = async () => {
      const { rows } = await tx.query<{ relname: string; n: string }>(
        'SELECT relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_xact_user_tables',
      );
      return new Map(rows.map((row) => [row.relname, Number(row.n)]));
    };
    const measured = async <T>(work: () => Promise<T>): Promise<T> => {
      const before = await counts();
      const result = await work();
      for (const [table, n] of await counts()) read.set(table, (read.get(table) ?? 0) + n - (before.get(table) ?? 0));
      return result;
    };
    /** Two payments at once, in the three batch functions, as the API sends them; `call` runs each of those. */
    const payPair = async (pair: { id: string; milestoneId: string }[], round: number, call = <T>(work: () => Promise<T>) => work()) => {
      const keys = pair.map((_, i) => `batch-${round}-${i}`);
      const columns = [
        pair.map(() => scope),
        keys,
        pair.map(() => 'hash'),
        pair.map(() => 24),
        pair.map((c) => c.id),
        pair.map((c) => c.milestoneId),
      ];
      const { rows: begun } = await call(() =>
        tx.query<{ outcome: { intent: { id: string } } }>('SELECT outcome FROM escrow_fund_begin_many($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
          ...columns,
          pair.map(() => client.id),
          pair.map(() => true),
          pair.map((_, i) => `pi_batch_${round}_${i}`),
          pair.map(() => 'en'),
        ]),
      );
      const intents = begun.map((row) => row.outcome.intent.id);
      await call(() =>
        tx.query('SELECT * FROM escrow_fund_post_many($1, $2, $3, $4)', [
          intents,
          intents.map(() => 'sbx_batch'),
          intents.map(() => '4242'),
          intents.map(() => ({})),
        ]),
      );
      // The expert's approval, straight in the table: not a payment's statement.
      await tx.query(
        `UPDATE milestones SET status = 'approved', submitted_at = now(), inspected_at = now(), inspected_by = $2,
                inspection_decision = 'approved' WHERE id = ANY($1::uuid[])`,
        [pair.map((c) => c.milestoneId), expert.id],
      );
      const { rows } = await call(() =>
        tx.query<{ refusal: string | null }>('SELECT refusal FROM escrow_release_many($1, $2, $3, $4, $5, $6, $7)', [
          pair.map(() => scope),
          pair.map((_, i) => `release-${round}-${i}`),
          ...columns.slice(2),
          pair.map(() => client.id),
        ]),
      );
      expect(rows.map((row) => row.refusal)).toEqual([null, null]);
    };
    const pairs = Array.from({ length: PAIRS }, (_, i) => contracts.slice(2 * i, 2 * i + 2));
    await payPair(pairs[0]!, 0);
    await tx.query('ANALYZE ledger_accounts, ledger_transfers, payment_intents, idempotency_keys, milestones, contracts, projects, users');
    // More batches than a session plans afresh (five) before it keeps one plan for each statement.
    for (let round = 1; round < PAIRS - 1; round += 1) await payPair(pairs[round]!, round);

    // The platform grows: 500 other contracts, each with a milestone held in its escrow, a payment
    // intent and a key; no statistics gathered since.
    await tx.query(
      `WITH projects_added AS (
         INSERT INTO projects (owner_id, title, description, category, country, city, currency, status)
         SELECT $1, 'Other ' || g, 'Another project.', 'masonry', 'CM', 'Douala', 'XAF', 'contracted' FROM generate_series(1, 500) g
         RETURNING id
       ), contracts_added AS (
         INSERT INTO contracts (project_id, client_id, contractor_id, expert_id, currency)
         SELECT id, $1, $2, $3, 'XAF' FROM projects_added RETURNING id
       ), milestones_added AS (
         INSERT INTO milestones (contract_id, position, title, amount, expert_fee, platform_fee)
         SELECT id, 1, 'Stage 1', 100000, 5000, 1500 FROM contracts_added RETURNING id, contract_id
       ), accounts_added AS (
         INSERT INTO ledger_accounts (kind, contract_id, currency) SELECT 'escrow', id, 'XAF' FROM contracts_added RETURNING id, contract_id
       ), holds AS (
         INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code, contract_id, milestone_id)
         SELECT a.id, (SELECT f.id FROM ledger_accounts f WHERE f.kind = 'platform_fee' AND f.currency = 'XAF'), 1, 'XAF', 'pending', 'platform_fee',
                a.contract_id, m.id
           FROM accounts_added a JOIN milestones_added m ON m.contract_id = a.contract_id
       ), keys AS (
         INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
         SELECT $4, 'other-' || m.id, 'hash', 200, '{}' FROM milestones_added m
       )
       INSERT INTO payment_intents (scope, idempotency_key, provider_key, contract_id, milestone_id, amount, currency, status)
       SELECT $4, 'other-' || m.id, 'pi_other_' || m.id, m.contract_id, m.id, 106500, 'XAF', 'posted' FROM milestones_added m`,
      [client.id, contractor.id, expert.id, scope],
    );
    await payPair(pairs[PAIRS - 1]!, PAIRS - 1, measured);
    return Object.fromEntries(read);
  });
  // Two payments' rows, not the 500 others': a plan reading a whole table gives it 500 rows or more.
  expect(Object.entries(read).filter(([, n]) => n >= 100)).toEqual([]);
});
