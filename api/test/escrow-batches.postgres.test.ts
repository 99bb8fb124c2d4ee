import { randomUUID } from 'node:crypto';
import type { Database, PreparedStatement } from '../src/db/database';
import { createSandboxProvider } from '../src/escrow/payment-provider';
import { CARDS, fund, release } from './escrow-helpers';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededPerson } from './escrow-fixtures';
import { createTestApp, openTestDatabase, type TestApp } from './test-app';

/**
 * Payments that reach the API together share a transaction (one commit for
 * the lot): each still gets its own answer, a refusal stays its own, and a
 * batch that fails as a whole is paid again one payment at a time. Every
 * milestone's `funded_at` / `released_at` is its transaction's start, so
 * payments that shared one share it. On a PostgreSQL server: the embedded
 * database runs one statement at a time, so its payments never meet in flight.
 */

const SIZE = 24;

interface Setup {
  app: TestApp['app'];
  db: Database;
  admin: { headers: { authorization: string } };
  client: SeededPerson;
  contractor: SeededPerson;
  expert: SeededPerson;
  contracts: { id: string; milestoneId: string }[];
  failures: string[];
  close(): Promise<void>;
}

/** The API on a fresh database whose batched payment statements fail while `failing` names them. */
async function setUp(failing: string[] = []): Promise<Setup> {
  const failures: string[] = [];
  const failingWhereNamed = (db: Database): Database => ({
    ...db,
    async query<Row>(sql: string | PreparedStatement, params?: unknown[]) {
      const text = typeof sql === 'string' ? sql : sql.text;
      const name = failing.find((fn) => text.includes(`${fn}(`));
      if (name) {
        failures.push(name);
        throw new Error('deadlock detected');
      }
      return db.query<Row>(sql, params);
    },
  });
  const { app, db, close } = await createTestApp({}, { wrapDatabase: failingWhereNamed });
  const client = await seedPerson(db, 'client');
  const contractor = await seedPerson(db, 'contractor');
  const expert = await seedPerson(db, 'expert');
  const contracts = [];
  for (let i = 0; i < SIZE; i += 1) {
    const contract = await seedContract(db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, [250_000]);
    contracts.push({ id: contract.id, milestoneId: contract.milestones[0]!.id });
  }
  return {
    app,
    db,
    admin: await seedAdmin(db),
    client,
    contractor,
    expert,
    contracts,
    failures,
    close,
  };
}

const distinct = async (db: Database, column: 'funded_at' | 'released_at', contracts: Setup['contracts']) => {
  const { rows } = await db.query<{ n: string }>(`SELECT count(DISTINCT ${column}) AS n FROM milestones WHERE contract_id = ANY($1::uuid[])`, [
    contracts.map((c) => c.id),
  ]);
  return Number(rows[0]!.n);
};

async function ledgerOk(s: Setup) {
  const check = await s.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/check', headers: s.admin.headers });
  return check.json().ok as boolean;
}

describe('payments sent at once', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.close());

  it('are funded together, each with its own answer, and released together', async () => {
    const funded = await Promise.all(s.contracts.map((c) => fund(s.app, s.client, c.id, c.milestoneId)));
    expect(funded.map((r) => r.statusCode)).toEqual(s.contracts.map(() => 200));
    funded.forEach((answer, i) => {
      expect(answer.json().contract.id).toBe(s.contracts[i]!.id);
      expect(answer.json().contract.milestones[0].status).toBe('funded');
      expect(answer.json().payment).toMatchObject({ status: 'succeeded', card_last4: '4242' });
    });
    // Shared transactions: fewer distinct start times than fundings.
    expect(await distinct(s.db, 'funded_at', s.contracts)).toBeLessThan(SIZE);

    for (const c of s.contracts) await approveFunded(s.db, c.id);
    const released = await Promise.all(s.contracts.map((c) => release(s.app, s.client, c.id, c.milestoneId)));
    expect(released.map((r) => r.statusCode)).toEqual(s.contracts.map(() => 200));
    released.forEach((answer, i) => {
      expect(answer.json().contract.id).toBe(s.contracts[i]!.id);
      expect(answer.json().contract.milestones[0].status).toBe('released');
    });
    expect(await distinct(s.db, 'released_at', s.contracts)).toBeLessThan(SIZE);
    expect(await ledgerOk(s)).toBe(true);
  });

  it('refuse only the payment that breaks a rule, in its own words, and replay a repeated key', async () => {
    // Twelve milestones ready to release, beside the twenty-four released above.
    const ready = [];
    for (let i = 0; i < SIZE / 2; i += 1) {
      const contract = await seedContract(s.db, { clientId: s.client.id, contractorId: s.contractor.id, expertId: s.expert.id }, [150_000]);
      const milestoneId = contract.milestones[0]!.id;
      expect((await fund(s.app, s.client, contract.id, milestoneId)).statusCode).toBe(200);
      await approveFunded(s.db, contract.id);
      ready.push({ id: contract.id, milestoneId });
    }
    const inFrench = (c: Setup['contracts'][number]) =>
      s.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${c.id}/milestones/${c.milestoneId}/release`,
        headers: { ...s.client.headers, 'idempotency-key': `again-${randomUUID()}`, 'accept-language': 'fr' },
        payload: {},
      });
    // Each released milestone asked again (every fourth in French), each ready one once, interleaved.
    const again = s.contracts.map((c, i) => (i % 4 === 0 ? inFrench(c) : release(s.app, s.client, c.id, c.milestoneId)));
    const fresh = ready.map((c) => release(s.app, s.client, c.id, c.milestoneId));
    const [refused, released] = await Promise.all([Promise.all(again), Promise.all(fresh)]);
    expect(released.map((r) => r.statusCode)).toEqual(ready.map(() => 200));
    expect(await distinct(s.db, 'released_at', ready)).toBeLessThan(ready.length);
    expect(refused.map((r) => r.statusCode)).toEqual(s.contracts.map(() => 409));
    expect(refused[0]!.json().message).not.toBe(refused[1]!.json().message);
    expect(refused.filter((r, i) => i % 4 !== 0).every((r) => r.json().message === refused[1]!.json().message)).toBe(true);
    expect(refused.filter((r, i) => i % 4 === 0).every((r) => r.json().message === refused[0]!.json().message)).toBe(true);

    // One key sent three times at once, beside other payments: one payment, three identical answers.
    const twice = await seedContract(s.db, { clientId: s.client.id, contractorId: s.contractor.id }, [100_000]);
    const shared = `twice-${randomUUID()}`;
    const answers = await Promise.all([
      fund(s.app, s.client, twice.id, twice.milestones[0]!.id, CARDS.ok, shared),
      fund(s.app, s.client, twice.id, twice.milestones[0]!.id, CARDS.ok, shared),
      fund(s.app, s.client, twice.id, twice.milestones[0]!.id, CARDS.ok, shared),
      fund(s.app, s.client, twice.id, twice.milestones[0]!.id, CARDS.declined),
    ]);
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.slice(0, 3).map((r) => JSON.stringify(r.json()))).size).toBe(1);
    // Another key for the same milestone meanwhile: a declined card, or refused as the milestone is paid or being paid.
    expect([402, 409]).toContain(answers[3]!.statusCode);
    const { rows } = await s.db.query<{ n: string }>("SELECT count(*) AS n FROM ledger_transfers WHERE milestone_id = $1 AND code = 'funding'", [
      twice.milestones[0]!.id,
    ]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await ledgerOk(s)).toBe(true);
  });
});

describe('a batch that fails as a whole', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(['escrow_fund_begin_many', 'escrow_release_many']);
  });
  afterAll(() => s.close());

  it('is paid again one payment at a time, each with its own transaction', async () => {
    const funded = await Promise.all(s.contracts.map((c) => fund(s.app, s.client, c.id, c.milestoneId)));
    expect(funded.map((r) => r.statusCode)).toEqual(s.contracts.map(() => 200));
    expect(s.failures).toContain('escrow_fund_begin_many');
    for (const c of s.contracts) await approveFunded(s.db, c.id);
    const released = await Promise.all(s.contracts.map((c) => release(s.app, s.client, c.id, c.milestoneId)));
    expect(released.map((r) => r.statusCode)).toEqual(s.contracts.map(() => 200));
    expect(s.failures).toContain('escrow_release_many');
    expect(await distinct(s.db, 'released_at', s.contracts)).toBe(SIZE);
    expect(await ledgerOk(s)).toBe(true);
  });
});

describe('the sandbox card provider', () => {
  it('records charges sent at once together, each key keeping its first charge', async () => {
    const { db, drop } = await openTestDatabase({ migrated: true });
    try {
      const sandbox = createSandboxProvider(db, 'sandbox-secret');
      const charge = (idempotencyKey: string, card = CARDS.ok) =>
        sandbox.charge({ amount: 10_000, currency: 'XAF', card, description: 'Stage 1', idempotencyKey });
      expect(await charge('pi_earlier', CARDS.declined)).toEqual({ status: 'declined', cardLast4: '0002' });

      const keys = Array.from({ length: SIZE }, (_, i) => `pi_${i}`);
      const answers = await Promise.all([
        ...keys.map((k) => charge(k)),
        charge('pi_earlier'),
        charge('pi_twice'),
        charge('pi_twice', CARDS.declined),
      ]);
      expect(answers.slice(0, SIZE).every((a) => a.status === 'succeeded' && a.cardLast4 === '4242')).toBe(true);
      expect(new Set(answers.slice(0, SIZE).map((a) => (a.status === 'succeeded' ? a.reference : ''))).size).toBe(SIZE);
      // A key already charged answers with its first outcome; of two charges with one key, the first sent wins.
      expect(answers[SIZE]).toEqual({ status: 'declined', cardLast4: '0002' });
      expect(answers[SIZE + 1]).toEqual(answers[SIZE + 2]);
      expect(answers[SIZE + 1]!.status).toBe('succeeded');

      const { rows } = await db.query<{ charges: string; statements: string }>(
        'SELECT count(*) AS charges, count(DISTINCT xmin::text) AS statements FROM sandbox_charges WHERE idempotency_key = ANY($1::text[])',
        [[...keys, 'pi_twice']],
      );
      expect(Number(rows[0]!.charges)).toBe(SIZE + 1);
      expect(Number(rows[0]!.statements)).toBeLessThan(SIZE + 1);
    } finally {
      await drop();
    }
  });
});

describe('two batches paying the first fees of the same experts', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.close());

  it('open those experts’ accounts in one order, so neither waits on the other for good', async () => {
    // Four contracts in the order batches lock them; the experts' accounts do not exist yet.
    const [c1, c2, c3, c4] = [...s.contracts.slice(0, 4)].sort((a, b) => a.id.localeCompare(b.id));
    const [e1, e2] = [await seedPerson(s.db, 'expert'), await seedPerson(s.db, 'expert')];
    for (const [contract, expert] of [
      [c1, e2],
      [c2, e1],
      [c3, e1],
      [c4, e2],
    ] as const) {
      await s.db.query('UPDATE contracts SET expert_id = $2 WHERE id = $1', [contract!.id, expert.id]);
      expect((await fund(s.app, s.client, contract!.id, contract!.milestoneId)).statusCode).toBe(200);
      await approveFunded(s.db, contract!.id);
    }
    const releaseMany = (contracts: Setup['contracts']) =>
      s.db.query<{ outcome: unknown; refusal: string | null }>('SELECT * FROM escrow_release_many($1, $2, $3, $4, $5, $6, $7)', [
        contracts.map(() => `user:${s.client.id}`),
        contracts.map(() => `deadlock-${randomUUID()}`),
        contracts.map(() => 'hash'),
        contracts.map(() => 24),
        contracts.map((c) => c.id),
        contracts.map((c) => c.milestoneId),
        contracts.map(() => s.client.id),
      ]);
    // Batch A pays e2's first fee (c1) then e1's (c3); batch B e1's (c2) then e2's (c4). Each is held
    // before its second contract until both have paid their first: opening accounts in the orders of
    // their contracts, each would then wait for the account the other opened.
    let unblock!: () => void;
    const held = new Promise<void>((resolve) => (unblock = resolve));
    const blocker = s.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM contracts WHERE id = ANY($1::uuid[]) FOR UPDATE', [[c3!.id, c4!.id]]);
      await held;
    });
    const batches = [releaseMany([c1!, c3!]), releaseMany([c2!, c4!])];
    for (let waited = 0; waited < 100; waited += 1) {
      const { rows } = await s.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%escrow_release_many%'",
      );
      if (Number(rows[0]!.n) === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    unblock();
    await blocker;
    const outcomes = await Promise.all(batches);
    expect(outcomes.flatMap((o) => o.rows.map((row) => row.refusal))).toEqual([null, null, null, null]);
    expect(await ledgerOk(s)).toBe(true);
  });
});
