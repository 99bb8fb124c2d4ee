import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { CARDS, deliverWebhook, payOnHostedPage, paymentState } from './escrow-helpers';
import { createTestApp, type TestApp } from './test-app';
import { ACCOUNT_BALANCES_SQL } from '../src/escrow/ledger';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededMilestone, type SeededPerson } from './escrow-fixtures';

/**
 * Payments racing each other on a PostgreSQL server: bursts of fund and
 * release calls on the same milestones, with repeated and fresh idempotency
 * keys, through a pool of ten connections. Each call ends in 200 or a clean
 * 409 (never a deadlock or a broken invariant), each milestone is funded and
 * released once, and every account holds exactly what the winners moved.
 */

const CONTRACTS = 10;
const MILESTONES = 4;

let t: TestApp;
let admin: { headers: { authorization: string } };
let clients: SeededPerson[];
let contractors: SeededPerson[];
let expert: SeededPerson;

interface SeededContract {
  id: string;
  client: SeededPerson;
  contractor: SeededPerson;
  milestones: SeededMilestone[];
}
let contracts: SeededContract[];

interface Call {
  label: string;
  milestoneId: string;
  key: string;
  /** Calls sharing a key in one burst, or a fresh key of its own. */
  kind: 'repeat' | 'fresh' | 'replay' | 'other_body';
  url: string;
  client: SeededPerson;
  payload: Record<string, unknown>;
  response?: LightMyRequestResponse;
}

/** A fixed shuffle, so a failure replays in the same order. */
function shuffle<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const fundCall = (
  contract: SeededContract,
  milestone: SeededMilestone,
  key: string,
  kind: Call['kind'],
  body: Record<string, unknown> = { method: 'card' },
): Call => ({
  label: `fund ${contract.id.slice(0, 8)}#${milestone.position}`,
  milestoneId: milestone.id,
  key,
  kind,
  url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/fund`,
  client: contract.client,
  payload: body,
});

const releaseCall = (contract: SeededContract, milestone: SeededMilestone, key: string, kind: Call['kind']): Call => ({
  label: `release ${contract.id.slice(0, 8)}#${milestone.position}`,
  milestoneId: milestone.id,
  key,
  kind,
  url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/release`,
  client: contract.client,
  payload: {},
});

/** For one milestone: three calls with one key (a double-clicking client) and two with keys of their own (two tabs). */
function race(make: (key: string, kind: Call['kind']) => Call): Call[] {
  const shared = `race-${randomUUID()}`;
  return [
    make(shared, 'repeat'),
    make(shared, 'repeat'),
    make(shared, 'repeat'),
    make(`race-${randomUUID()}`, 'fresh'),
    make(`race-${randomUUID()}`, 'fresh'),
  ];
}

async function fire(calls: Call[]): Promise<void> {
  await Promise.all(
    calls.map(async (call) => {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: call.url,
          headers: { ...call.client.headers, 'idempotency-key': call.key },
          payload: call.payload,
        });
      call.response = await send();
      // A funding started: the client pays on the sandbox's page, the webhook and the client's look-up race to
      // confirm it, and the call with its key then answers as the posting did.
      if (call.response.statusCode === 202) {
        const contractId = call.url.split('/')[4]!;
        // A call racing another key's funding of the same milestone hears that it is under way, with no page of its own.
        const redirect = (call.response.json() as { payment?: { redirect_url?: string | null } }).payment?.redirect_url;
        if (redirect) await payOnHostedPage(t.app, redirect, CARDS.ok);
        await Promise.all([deliverWebhook(t.app, call.milestoneId), paymentState(t.app, call.client, contractId, call.milestoneId)]);
        call.response = await send();
      }
    }),
  );
}

/** Every call answered 200, or 409 with a message: a deadlock or a failed invariant would be a 500. */
function expectCleanAnswers(calls: Call[]): void {
  const unexpected = calls
    .filter((call) => call.response!.statusCode !== 200 && !(call.response!.statusCode === 409 && typeof call.response!.json().message === 'string'))
    .map((call) => `${call.label} (${call.kind}): ${call.response!.statusCode} ${call.response!.body.slice(0, 200)}`);
  expect(unexpected).toEqual([]);
}

/** Per milestone, exactly one key won; its repeats got the very same answer; every other call was refused. */
function winners(calls: Call[]): Map<string, Call> {
  const byMilestone = new Map<string, Call[]>();
  for (const call of calls) byMilestone.set(call.milestoneId, [...(byMilestone.get(call.milestoneId) ?? []), call]);
  const won = new Map<string, Call>();
  for (const [milestoneId, group] of byMilestone) {
    const succeeded = group.filter((call) => call.response!.statusCode === 200);
    expect(new Set(succeeded.map((call) => call.key)).size).toBe(1);
    const first = succeeded[0]!;
    for (const call of succeeded) expect(call.response!.json()).toEqual(first.response!.json());
    // The repeats of a key share its fate: all answered, or all refused.
    const repeats = group.filter((call) => call.kind === 'repeat');
    expect(new Set(repeats.map((call) => call.response!.statusCode)).size).toBe(1);
    won.set(milestoneId, first);
  }
  return won;
}

async function sql<Row = Record<string, string>>(text: string, params: unknown[] = []): Promise<Row[]> {
  return (await t.db.query<Row>(text, params)).rows;
}

const total = (m: SeededMilestone) => m.amount + m.expert_fee + m.platform_fee;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedAdmin(t.db);
  expert = await seedPerson(t.db, 'expert', 'Eve', 'Mbarga');
  clients = [await seedPerson(t.db, 'client', 'Amina', 'Njoya'), await seedPerson(t.db, 'client', 'Boris', 'Ekane')];
  contractors = [
    await seedPerson(t.db, 'contractor', 'Paul', 'Etoa'),
    await seedPerson(t.db, 'contractor', 'Rita', 'Abanda'),
    await seedPerson(t.db, 'contractor', 'Sam', 'Owona'),
  ];
  contracts = [];
  for (let i = 0; i < CONTRACTS; i += 1) {
    const client = clients[i % clients.length]!;
    const contractor = contractors[i % contractors.length]!;
    const amounts = Array.from({ length: MILESTONES }, (_, p) => 100_000 * (p + 1) + 1_000 * i + 7);
    const seeded = await seedContract(t.db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, amounts);
    contracts.push({ id: seeded.id, client, contractor, milestones: seeded.milestones });
  }
});
afterAll(async () => t.close());

describe('payments racing on PostgreSQL', () => {
  let funded: Map<string, Call>;

  it('funds each milestone once when funds of it race with repeated and fresh keys', async () => {
    const calls = shuffle(
      contracts.flatMap((contract) =>
        contract.milestones.slice(0, 3).flatMap((milestone) => race((key, kind) => fundCall(contract, milestone, key, kind))),
      ),
    );
    expect(calls.length).toBe(150);
    await fire(calls);
    expectCleanAnswers(calls);
    funded = winners(calls);
    expect(funded.size).toBe(CONTRACTS * 3);
    for (const [milestoneId, call] of funded) {
      const milestone = contracts.flatMap((c) => c.milestones).find((m) => m.id === milestoneId)!;
      expect(call.response!.json().payment).toMatchObject({ status: 'succeeded', amount: total(milestone) });
    }
  });

  it('releases each milestone once while funds, replays and reused keys race on the same contracts', async () => {
    for (const contract of contracts) expect(await approveFunded(t.db, contract.id)).toBe(3);
    const calls: Call[] = [];
    for (const contract of contracts) {
      const [first, second, third, fourth] = contract.milestones as [SeededMilestone, SeededMilestone, SeededMilestone, SeededMilestone];
      calls.push(...race((key, kind) => releaseCall(contract, first, key, kind)));
      calls.push(...race((key, kind) => releaseCall(contract, second, key, kind)));
      calls.push(...race((key, kind) => fundCall(contract, fourth, key, kind)));
      // The first answers again for a retried fund (the milestone is approved by now)…
      for (const milestone of [first, second, third]) {
        const won = funded.get(milestone.id)!;
        calls.push({ ...won, kind: 'replay', response: undefined, label: `${won.label} replay` });
      }
      // …and a key reused for another body is refused, even while its first call's milestone is being released.
      const reused = funded.get(first.id)!;
      calls.push({
        ...fundCall(contract, first, reused.key, 'other_body', { method: 'mobile_money', operator: 'mtn', phone: '237670000000' }),
        label: 'fund reused key',
      });
    }
    const burst = shuffle(calls, 11);
    expect(burst.length).toBe(CONTRACTS * 19);
    await fire(burst);
    expectCleanAnswers(burst);

    for (const call of burst.filter((c) => c.kind === 'replay')) {
      expect(call.response!.statusCode).toBe(200);
      expect(call.response!.json()).toEqual(funded.get(call.milestoneId)!.response!.json());
    }
    for (const call of burst.filter((c) => c.kind === 'other_body')) expect(call.response!.statusCode).toBe(409);

    const raced = burst.filter((c) => c.kind === 'repeat' || c.kind === 'fresh');
    const won = winners(raced);
    expect(won.size).toBe(CONTRACTS * 3);
    for (const contract of contracts) {
      for (const milestone of contract.milestones.slice(0, 2)) {
        expect(won.get(milestone.id)!.response!.json().released).toEqual({
          contractor: milestone.amount,
          expert_fee: milestone.expert_fee,
          platform_fee: milestone.platform_fee,
        });
      }
    }
    // One answer kept per winning key: three funds and the fourth, two releases, per contract.
    const [keys] = await sql<{ count: string }>('SELECT count(*) FROM idempotency_keys');
    expect(Number(keys!.count)).toBe(CONTRACTS * 6);
  });

  it('leaves a ledger that passes its check, conserves money and paid each party exactly once', async () => {
    const check = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/check', headers: admin.headers });
    expect(check.json().checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(check.json().ok).toBe(true);

    const [balances] = await sql(
      `SELECT sum(credits_posted - debits_posted) AS posted, sum(credits_pending - debits_pending) AS pending FROM (${ACCOUNT_BALANCES_SQL}) b`,
    );
    expect([Number(balances!.posted), Number(balances!.pending)]).toEqual([0, 0]);
    expect(await sql('SELECT pending_id FROM ledger_transfers WHERE pending_id IS NOT NULL GROUP BY pending_id HAVING count(*) > 1')).toEqual([]);

    // Per milestone: one payment in, its two holds, and — for the released ones — each hold posted once and the expert paid once.
    const perMilestone = await sql<{
      milestone_id: string;
      status: string;
      fundings: string;
      holds: string;
      posted: string;
      voided: string;
      expert: string;
    }>(
      `SELECT m.id AS milestone_id, m.status,
              count(*) FILTER (WHERE t.code = 'funding' AND t.flag = 'posted') AS fundings,
              count(*) FILTER (WHERE t.flag = 'pending') AS holds,
              count(*) FILTER (WHERE t.flag = 'post_pending') AS posted,
              count(*) FILTER (WHERE t.flag = 'void_pending') AS voided,
              count(*) FILTER (WHERE t.code = 'expert_fee') AS expert
         FROM milestones m LEFT JOIN ledger_transfers t ON t.milestone_id = m.id
        WHERE m.contract_id = ANY ($1::uuid[])
        GROUP BY m.id, m.status`,
      [contracts.map((c) => c.id)],
    );
    const expected = (position: number) =>
      position <= 2
        ? { status: 'released', fundings: 1, holds: 2, posted: 2, voided: 0, expert: 1 }
        : { status: position === 3 ? 'approved' : 'funded', fundings: 1, holds: 2, posted: 0, voided: 0, expert: 0 };
    const found = new Map(perMilestone.map((row) => [row.milestone_id, row]));
    for (const contract of contracts) {
      for (const milestone of contract.milestones) {
        const row = found.get(milestone.id)!;
        expect({
          status: row.status,
          fundings: Number(row.fundings),
          holds: Number(row.holds),
          posted: Number(row.posted),
          voided: Number(row.voided),
          expert: Number(row.expert),
        }).toEqual(expected(milestone.position));
      }
    }

    const account = async (kind: string, userId: string | null) => {
      const [row] = await sql<{ posted: string; pending: string; paid: string }>(
        `SELECT credits_posted - debits_posted AS posted, credits_pending AS pending, debits_posted AS paid FROM (${ACCOUNT_BALANCES_SQL}) b
          WHERE kind = $1 AND user_id IS NOT DISTINCT FROM $2 AND currency = 'XAF'`,
        [kind, userId],
      );
      return { posted: Number(row?.posted ?? 0), pending: Number(row?.pending ?? 0), paid: Number(row?.paid ?? 0) };
    };
    const released = (list: SeededContract[]) => list.flatMap((c) => c.milestones.slice(0, 2));
    const held = (list: SeededContract[]) => list.flatMap((c) => c.milestones.slice(2));

    // Each contractor received exactly their released milestones; the rest is still on hold for them.
    for (const contractor of contractors) {
      const theirs = contracts.filter((c) => c.contractor === contractor);
      expect(await account('contractor', contractor.id)).toMatchObject({
        posted: sum(released(theirs).map((m) => m.amount)),
        pending: sum(held(theirs).map((m) => m.amount)),
      });
    }
    // Each client paid every milestone once, in full (no credit on these contracts).
    for (const client of clients) {
      const theirs = contracts.filter((c) => c.client === client);
      expect((await account('client_funding', client.id)).paid).toBe(sum(theirs.flatMap((c) => c.milestones).map(total)));
    }
    expect(await account('platform_fee', null)).toMatchObject({
      posted: sum(released(contracts).map((m) => m.platform_fee)),
      pending: sum(held(contracts).map((m) => m.platform_fee)),
    });
    expect((await account('expert', expert.id)).posted).toBe(sum(released(contracts).map((m) => m.expert_fee)));

    // What each contract shows: everything paid in, the two released milestones paid out, the other two held.
    for (const contract of contracts) {
      const view = (await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contract.id}`, headers: contract.client.headers })).json();
      const out = released([contract]);
      expect(view.account).toMatchObject({
        funded: sum(contract.milestones.map(total)),
        released: sum(out.map((m) => m.amount)),
        expert_fees: sum(out.map((m) => m.expert_fee)),
        platform_fees: sum(out.map((m) => m.platform_fee)),
        held: sum(held([contract]).map(total)),
        credit: 0,
      });
      expect(view.status).toBe('active');
    }
  });

  it('declares a contractor insolvent while their contracts are being funded, without a deadlock', async () => {
    // Each payment locks its contract, then its inserts take key-share locks on the contractor's user row;
    // the declaration locks that user row, then every contract of theirs.
    const client = clients[0]!;
    for (let round = 0; round < 6; round += 1) {
      const contractor = await seedPerson(t.db, 'contractor', 'Ivo', 'Mvondo');
      const theirs: SeededContract[] = [];
      for (let i = 0; i < 8; i += 1) {
        const seeded = await seedContract(t.db, { clientId: client.id, contractorId: contractor.id }, [150_000 + i, 90_000]);
        theirs.push({ id: seeded.id, client, contractor, milestones: seeded.milestones });
      }
      const funds = theirs.map((contract) => fundCall(contract, contract.milestones[0]!, `race-${randomUUID()}`, 'fresh'));
      const declaring = t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/contractors/${contractor.id}/insolvency`,
        headers: admin.headers,
        payload: { note: 'The company went into liquidation.' },
      });
      const [declared] = await Promise.all([declaring, fire(funds)]);
      expect(declared.statusCode).toBe(200);
      expect(declared.json()).toEqual({ frozen_contracts: theirs.length });
      // A payment that came first went through; one that came after the declaration found the contract frozen.
      expectCleanAnswers(funds);
      const { rows } = await t.db.query<{ status: string; frozen_reason: string; milestone: string }>(
        `SELECT c.status, c.frozen_reason, m.status AS milestone FROM contracts c JOIN milestones m ON m.contract_id = c.id AND m.position = 1
          WHERE c.contractor_id = $1 ORDER BY c.id`,
        [contractor.id],
      );
      expect(rows.every((row) => row.status === 'frozen' && row.frozen_reason === 'insolvency')).toBe(true);
      expect(rows.filter((row) => row.milestone === 'funded').length).toBe(funds.filter((call) => call.response!.statusCode === 200).length);
    }
    const check = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/check', headers: admin.headers });
    expect(check.json().ok).toBe(true);
  });
});
