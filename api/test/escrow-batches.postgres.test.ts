import { randomUUID } from 'node:crypto';
import type { Database, PreparedStatement } from '../src/db/database';
import { CARDS, fund, release } from './escrow-helpers';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededPerson } from './escrow-fixtures';
import { createTestApp, type TestApp } from './test-app';

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
    // Batch A pays e2's first fee (c1) and e1's (c3); batch B e1's (c2) and e2's (c4). Each is held on
    // its second contract, locked here first, while the other has reached the accounts: opening them
    // in the orders of their contracts, each would then wait for the account the other opened.
    let unblock!: () => void;
    const held = new Promise<void>((resolve) => (unblock = resolve));
    let locked!: () => void;
    const lockedFirst = new Promise<void>((resolve) => (locked = resolve));
    const blocker = s.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM contracts WHERE id = ANY($1::uuid[]) FOR UPDATE', [[c3!.id, c4!.id]]);
      locked();
      await held;
    });
    await lockedFirst;
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

describe('the payments of one batch', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.close());

  interface Outcome {
    answer: {
      status: number;
      body: {
        payment?: unknown;
        released?: unknown;
        message?: string;
        contract_source: { id: string; view_milestones: { id: string; status: string }[] };
      };
    };
    notifications: { userId: string; kind: string }[];
    intent: { id: string; amount: number; milestone_id: string };
  }
  type Row = { n: number; outcome: Outcome; refusal: string | null };
  /**
   * A batch function called in a transaction of its own: each call's row by its place, and how
   * many payments `single` (the function for one payment) ran on their own.
   */
  const batch = (call: string, params: unknown[][], single: string) =>
    s.db.transaction(async (tx) => {
      await tx.query("SET LOCAL track_functions = 'pl'");
      const { rows } = await tx.query<Row>(`SELECT * FROM ${call}(${params.map((_, i) => `$${i + 1}`).join(', ')})`, params);
      const { rows: calls } = await tx.query<{ calls: string }>('SELECT calls FROM pg_stat_xact_user_functions WHERE funcname = $1', [single]);
      return { rows: rows.sort((a, b) => a.n - b.n), single: Number(calls[0]?.calls ?? 0) };
    });
  interface Start {
    contractId: string;
    milestoneId: string;
    key: string;
    caller: string;
  }
  const start = (contractId: string, milestoneId: string, caller = s.client.id): Start => ({
    contractId,
    milestoneId,
    key: `start-${randomUUID()}`,
    caller,
  });
  /** The parameters a release and a funding's start share, one array each: key, request, contract, milestone and caller. */
  const params = (starts: Start[]) => [
    starts.map((x) => `user:${x.caller}`),
    starts.map((x) => x.key),
    starts.map(() => 'hash'),
    starts.map(() => 24),
    starts.map((x) => x.contractId),
    starts.map((x) => x.milestoneId),
    starts.map((x) => x.caller),
  ];
  /** Fundings up to the card, as the API starts them together. */
  const beginMany = (starts: Start[]) =>
    batch(
      'escrow_fund_begin_many',
      [...params(starts), starts.map(() => true), starts.map(() => `pi_${randomUUID()}`), starts.map(() => 'en')],
      'escrow_fund_begin',
    );
  const REFUSALS = { contractFrozen: 'Frozen.', contractClosed: 'Closed.', notFundable: 'Not fundable.', contractorBarred: 'Barred.' };
  const reference = (intentId: string) => `sbx_${intentId.slice(0, 8)}`;
  /** Charged intents posted together, as the API posts them. */
  const postMany = (intentIds: string[]) =>
    batch(
      'escrow_fund_post_many',
      [intentIds, intentIds.map(reference), intentIds.map(() => '4242'), intentIds.map(() => REFUSALS)],
      'escrow_fund_post',
    );
  /** Every value replaced by its type, arrays by their first element's: what two answers must share. */
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? [value.length > 0 ? shape(value[0]) : null]
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
        : typeof value;
  /** The function for one payment, called on its own. */
  const single = async (fn: string, params: unknown[]) =>
    (await s.db.query<{ result: Outcome }>(`SELECT ${fn}(${params.map((_, i) => `$${i + 1}`).join(', ')}) AS result`, params)).rows[0]!.result;
  const newContract = (amounts = [250_000]) =>
    seedContract(s.db, { clientId: s.client.id, contractorId: s.contractor.id, expertId: s.expert.id }, amounts);

  it('begin and post card payments together when they meet every rule, the others each on its own, with the same answers and ledger', async () => {
    // One begun and posted by the functions for one payment first: the answers the others must match.
    const alone = await newContract();
    const aloneStart = start(alone.id, alone.milestones[0]!.id);
    const aloneBegun = await single('escrow_fund_begin', [
      `user:${s.client.id}`,
      aloneStart.key,
      'hash',
      24,
      alone.id,
      aloneStart.milestoneId,
      s.client.id,
      true,
      `pi_${randomUUID()}`,
      'en',
    ]);
    const aloneIntent = aloneBegun.intent;
    const alonePosted = await single('escrow_fund_post', [aloneIntent.id, reference(aloneIntent.id), '4242', REFUSALS]);
    expect(alonePosted.answer.status).toBe(200);

    const plain = await Promise.all([newContract(), newContract(), newContract()]);
    const twoOnOne = await newContract([120_000, 130_000]);
    const frozen = await newContract();
    const starts = [
      ...plain.map((c) => start(c.id, c.milestones[0]!.id)),
      ...twoOnOne.milestones.map((m) => start(twoOnOne.id, m.id)),
      start(frozen.id, frozen.milestones[0]!.id),
      // The contractor asks to fund (a party, not the client), and the first funding's key comes again.
      start(frozen.id, frozen.milestones[0]!.id, s.contractor.id),
      { ...aloneStart },
    ];
    const begun = await beginMany(starts);
    // Two milestones of one contract, the contractor's request and the replay went on their own (PostgreSQL
    // counts a call when it returns: the contractor's, refused, is not among them).
    expect(begun.single).toBe(3);
    expect(begun.rows.map((r) => r.refusal)).toEqual([null, null, null, null, null, null, 'escrow:403:forbidden', null]);
    expect(begun.rows[7]!.outcome.answer).toEqual(alonePosted.answer);
    const intents = begun.rows.slice(0, 6).map((r, i) => {
      expect(shape(r.outcome)).toEqual(shape(aloneBegun));
      expect(r.outcome.intent).toMatchObject({ milestone_id: starts[i]!.milestoneId, status: 'created', scope: `user:${s.client.id}` });
      return r.outcome.intent as { id: string; amount: number };
    });
    const { rows: keys } = await s.db.query<{ key: string; payment_intent_id: string }>(
      'SELECT key, payment_intent_id FROM idempotency_keys WHERE key = ANY($1::text[])',
      [starts.slice(0, 6).map((x) => x.key)],
    );
    expect(new Map(keys.map((k) => [k.key, k.payment_intent_id]))).toEqual(new Map(starts.slice(0, 6).map((x, i) => [x.key, intents[i]!.id])));

    const [plainIntents, twoIntents, frozenIntent] = [intents.slice(0, 3), intents.slice(3, 5), intents[5]!];
    await s.db.query("UPDATE contracts SET status = 'frozen', frozen_reason = 'dispute' WHERE id = $1", [frozen.id]);
    const order = [...plainIntents, ...twoIntents, frozenIntent, aloneIntent];
    const posted = await postMany(order.map((i) => i.id));
    const outcome = (intent: { id: string }) => posted.rows[order.findIndex((i) => i.id === intent.id)]!;

    // The two milestones of one contract, the frozen contract and the replay went on their own.
    expect(posted.single).toBe(4);
    const fundedMilestones = [...plain.map((c) => c.milestones[0]!.id), ...twoOnOne.milestones.map((m) => m.id)];
    for (const [i, intent] of [...plainIntents, ...twoIntents].entries()) {
      const { outcome: answer, refusal } = outcome(intent);
      expect(refusal).toBeNull();
      expect(answer.answer.status).toBe(200);
      expect(answer.answer.body.payment).toEqual({
        status: 'succeeded',
        reference: reference(intent.id),
        amount: Number(intent.amount),
        card_last4: '4242',
      });
      const milestones = answer.answer.body.contract_source.view_milestones as { id: string; status: string }[];
      expect(milestones.find((m) => m.id === fundedMilestones[i])?.status).toBe('funded');
      expect(answer.notifications.map((n: { userId: string; kind: string }) => [n.userId, n.kind])).toEqual([
        [s.client.id, 'milestone_funded'],
        [s.contractor.id, 'milestone_funded'],
      ]);
      expect(shape(answer)).toEqual(shape(alonePosted));
    }
    // The replay answers what the first posting answered; the frozen contract keeps the charge as credit.
    expect(outcome(aloneIntent).outcome.answer).toEqual(alonePosted.answer);
    expect(outcome(frozenIntent).outcome.answer).toEqual({ status: 409, body: { message: 'Frozen.' } });

    const { rows: stored } = await s.db.query<{ status_code: number; response: unknown; intent: string }>(
      `SELECT k.status_code, k.response, i.id AS intent, i.status FROM payment_intents i
         JOIN idempotency_keys k ON k.scope = i.scope AND k.key = i.idempotency_key WHERE i.id = ANY($1::uuid[])`,
      [plainIntents.map((i) => i.id)],
    );
    expect(stored).toHaveLength(plain.length);
    for (const key of stored)
      expect(key).toMatchObject({ status_code: 200, response: outcome({ id: key.intent }).outcome.answer.body, status: 'posted' });
    const { rows: transfers } = await s.db.query<{ contract_id: string; code: string; flag: string; amount: string }>(
      'SELECT contract_id, code, flag, amount FROM ledger_transfers WHERE contract_id = ANY($1::uuid[]) ORDER BY id',
      [plain.map((c) => c.id)],
    );
    for (const [i, contract] of plain.entries()) {
      const m = contract.milestones[0]!;
      expect(transfers.filter((t) => t.contract_id === contract.id).map((t) => [t.code, t.flag, Number(t.amount)])).toEqual([
        ['funding', 'posted', Number(plainIntents[i]!.amount)],
        ['contractor_payout', 'pending', m.amount],
        ['platform_fee', 'pending', m.platform_fee],
      ]);
    }
    const { rows: notes } = await s.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM notifications WHERE kind = 'milestone_funded' AND data ->> 'contract_id' = ANY($1::text[])",
      [plain.map((c) => c.id)],
    );
    expect(Number(notes[0]!.n)).toBe(2 * plain.length);
    expect(await ledgerOk(s)).toBe(true);
  });

  it('release together when the releases meet every rule, the others each on its own, with the same answers and ledger', async () => {
    const startOf = (contract: { id: string; milestones: { id: string }[] }, index = 0, caller = s.client.id) =>
      start(contract.id, contract.milestones[index]!.id, caller);
    const alone = await newContract();
    const plain = await Promise.all([newContract(), newContract(), newContract()]);
    const twoOnOne = await newContract([120_000, 130_000]);
    for (const contract of [alone, ...plain, twoOnOne]) {
      for (const m of contract.milestones) expect((await fund(s.app, s.client, contract.id, m.id)).statusCode).toBe(200);
      await approveFunded(s.db, contract.id);
    }
    // One released alone first, by the function for one release: the answer the others must match.
    const aloneStart = startOf(alone);
    const reference = await single(
      'escrow_release',
      params([aloneStart]).map((p) => p[0]),
    );
    expect(reference.answer.status).toBe(200);

    const starts = [
      ...plain.map((c) => startOf(c)),
      startOf(twoOnOne, 0),
      startOf(twoOnOne, 1),
      startOf(plain[0]!, 0, s.contractor.id),
      { ...aloneStart },
    ];
    const released = await batch('escrow_release_many', params(starts), 'escrow_release');
    // The two milestones of one contract and the replay went on their own (the contractor's, refused, is not counted).
    expect(released.single).toBe(3);
    expect(released.rows.map((r) => r.refusal)).toEqual([null, null, null, null, null, 'escrow:403:forbidden', null]);
    expect(released.rows[6]!.outcome.answer).toEqual(reference.answer);
    const contracts = [...plain, twoOnOne, twoOnOne];
    for (const [i, row] of released.rows.slice(0, 5).entries()) {
      const milestone = i < 3 ? plain[i]!.milestones[0]! : twoOnOne.milestones[i - 3]!;
      expect(row.outcome.answer.status).toBe(200);
      expect(row.outcome.answer.body.released).toEqual({
        contractor: milestone.amount,
        expert_fee: milestone.expert_fee,
        platform_fee: milestone.platform_fee,
      });
      const view = row.outcome.answer.body.contract_source as { id: string; view_milestones: { id: string; status: string }[] };
      expect(view.id).toBe(contracts[i]!.id);
      expect(view.view_milestones.find((m) => m.id === milestone.id)?.status).toBe('released');
      expect(row.outcome.notifications.map((n: { userId: string; kind: string }) => [n.userId, n.kind])).toEqual([
        [s.client.id, 'milestone_released'],
        [s.contractor.id, 'milestone_released'],
        [s.expert.id, 'milestone_released'],
      ]);
      expect(shape(row.outcome)).toEqual(shape(reference));
    }
    const { rows: statuses } = await s.db.query<{ id: string; status: string }>('SELECT id, status FROM contracts WHERE id = ANY($1::uuid[])', [
      [...plain, twoOnOne].map((c) => c.id),
    ]);
    expect(statuses.every((c) => c.status === 'completed')).toBe(true);
    const { rows: stored } = await s.db.query<{ key: string; status_code: number; response: unknown }>(
      'SELECT key, status_code, response FROM idempotency_keys WHERE key = ANY($1::text[])',
      [starts.slice(0, 3).map((x) => x.key)],
    );
    expect(new Map(stored.map((k) => [k.key, [k.status_code, k.response]]))).toEqual(
      new Map(starts.slice(0, 3).map((x, i) => [x.key, [200, released.rows[i]!.outcome.answer.body]])),
    );
    const { rows: transfers } = await s.db.query<{ contract_id: string; code: string; flag: string; amount: string }>(
      "SELECT contract_id, code, flag, amount FROM ledger_transfers WHERE contract_id = ANY($1::uuid[]) AND flag <> 'pending' AND code <> 'funding' ORDER BY id",
      [plain.map((c) => c.id)],
    );
    for (const contract of plain) {
      const m = contract.milestones[0]!;
      expect(transfers.filter((t) => t.contract_id === contract.id).map((t) => [t.code, t.flag, Number(t.amount)])).toEqual([
        ['contractor_payout', 'post_pending', m.amount],
        ['platform_fee', 'post_pending', m.platform_fee],
        ['expert_fee', 'posted', m.expert_fee],
      ]);
    }
    expect(await ledgerOk(s)).toBe(true);
  });
});
