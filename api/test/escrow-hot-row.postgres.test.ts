import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './test-app';
import { CARDS, fund, ledgerCheck, type EscrowParties } from './escrow-helpers';
import type { Person } from './marketplace-helpers';
import { approveFunded, seedAdmin, seedContract, seedPerson, type SeededMilestone, type SeededPerson } from './escrow-fixtures';

/*
 * Payments that share no account that can go negative must not wait for each
 * other: not when one client pays for many contracts at once, and not behind a
 * lock held on another currency's fee account.
 */

let t: TestApp;
let admin: { id: string; headers: { authorization: string } };
let client: SeededPerson;
let contractors: SeededPerson[];
let expert: SeededPerson;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedAdmin(t.db);
  client = await seedPerson(t.db, 'client', 'Amina', 'Njoya');
  expert = await seedPerson(t.db, 'expert', 'Eve', 'Mbarga');
  contractors = [];
  for (let i = 0; i < 5; i += 1) contractors.push(await seedPerson(t.db, 'contractor', 'Paul', `Etoa${i}`));
});
afterAll(async () => t.close());

const parties = () => ({ admin }) as unknown as EscrowParties;

/**
 * A release, or a whole funding: the fund call, the card paid on the
 * provider's hosted page, its webhook (where the posting takes the locks),
 * and the fund call again with its key, answering the funding.
 */
function call(contractId: string, milestoneId: string, action: 'fund' | 'release') {
  if (action === 'fund') return fund(t.app, client as unknown as Person, contractId, milestoneId, CARDS.ok, `hot-${randomUUID()}`);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/milestones/${milestoneId}/${action}`,
    headers: { ...client.headers, 'idempotency-key': `hot-${randomUUID()}` },
    payload: {},
  });
}

async function contractIn(currency: string, amounts: number[], contractor = contractors[0]!) {
  return seedContract(t.db, { clientId: client.id, contractorId: contractor.id, expertId: expert.id }, amounts, currency);
}

it('funds and releases 500 milestones of 50 contracts of one client, all at once', async () => {
  const contracts: { id: string; milestones: SeededMilestone[] }[] = [];
  for (let i = 0; i < 50; i += 1) {
    contracts.push(
      await contractIn(
        'XAF',
        Array.from({ length: 10 }, (_, m) => 300_000 + 10_000 * m),
        contractors[i % contractors.length],
      ),
    );
  }
  const all = contracts.flatMap((c) => c.milestones.map((m) => ({ contractId: c.id, milestoneId: m.id })));
  expect(all).toHaveLength(500);

  let started = performance.now();
  const funded = await Promise.all(all.map((m) => call(m.contractId, m.milestoneId, 'fund')));
  const fundSeconds = (performance.now() - started) / 1000;
  expect(funded.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`)).toEqual([]);

  for (const c of contracts) await approveFunded(t.db, c.id);
  started = performance.now();
  const released = await Promise.all(all.map((m) => call(m.contractId, m.milestoneId, 'release')));
  const releaseSeconds = (performance.now() - started) / 1000;
  expect(released.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`)).toEqual([]);

  console.log(`500 milestones of one client: funded in ${fundSeconds.toFixed(2)} s, released in ${releaseSeconds.toFixed(2)} s`);
  const check = await ledgerCheck(t.app, parties());
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
}, 120_000);

/**
 * Holds `sql` (a row lock) in an open transaction until the returned release
 * is called. FOR NO KEY UPDATE is the lock an update of an account's stored
 * totals takes: what a payment in flight would hold on a hot row.
 */
async function holdLock(sql: string, params: unknown[]): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = t.db.transaction(async (tx) => {
    const { rows } = await tx.query(sql, params);
    expect(rows.length).toBeGreaterThan(0);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

/** The answer, or 'waited' when it took longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'waited'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

it('pays in one currency while a transaction holds the fee account of another', async () => {
  const euro = await contractIn('EUR', [400_000, 400_000]);
  const xaf = await contractIn('XAF', [500_000]);
  // The EUR fee account exists once a EUR milestone was funded.
  expect((await call(euro.id, euro.milestones[0]!.id, 'fund')).statusCode).toBe(200);
  const unlock = await holdLock("SELECT id FROM ledger_accounts WHERE kind = 'platform_fee' AND currency = 'EUR' FOR NO KEY UPDATE", []);
  try {
    const answer = await within(5_000, call(xaf.id, xaf.milestones[0]!.id, 'fund'));
    expect(answer === 'waited' ? 'waited' : answer.statusCode).toBe(200);
  } finally {
    await unlock();
  }
  expect((await ledgerCheck(t.app, parties())).ok).toBe(true);
});

it('funds and releases while a transaction holds the accounts that only receive: fee, contractor, expert, client funding', async () => {
  const first = await contractIn('XAF', [500_000, 500_000], contractors[1]);
  const second = await contractIn('XAF', [600_000], contractors[1]);
  expect((await call(first.id, first.milestones[0]!.id, 'fund')).statusCode).toBe(200);
  await approveFunded(t.db, first.id);
  expect((await call(first.id, first.milestones[0]!.id, 'release')).statusCode).toBe(200);
  const unlock = await holdLock(
    `SELECT id FROM ledger_accounts WHERE currency = 'XAF' AND (kind = 'platform_fee' OR user_id = ANY ($1::uuid[])) ORDER BY id FOR NO KEY UPDATE`,
    [[client.id, contractors[1]!.id, expert.id]],
  );
  try {
    const funded = await within(5_000, call(second.id, second.milestones[0]!.id, 'fund'));
    expect(funded === 'waited' ? 'waited' : funded.statusCode).toBe(200);
    await approveFunded(t.db, second.id);
    const released = await within(5_000, call(second.id, second.milestones[0]!.id, 'release'));
    expect(released === 'waited' ? 'waited' : released.statusCode).toBe(200);
  } finally {
    await unlock();
  }
  expect((await ledgerCheck(t.app, parties())).ok).toBe(true);
});
