import type { Queryable } from '../src/db/database';
import { createTestApp, type TestApp } from './test-app';
import { seedPerson } from './escrow-fixtures';
import {
  assignExpert,
  checkLedgerAfter,
  complete,
  createContract,
  createParties,
  failingChecks,
  fund,
  getContract,
  inspect,
  ledgerCheck,
  release,
  type EscrowParties,
} from './escrow-helpers';

/*
 * The ledger check verifies the platform's business rules, not only the
 * arithmetic: each test writes one bad posting straight into the database (as
 * a bug or a hand-made correction would) and expects the check to name it.
 */

let t: TestApp;
let parties: EscrowParties;
let contractId: string;
let milestones: { id: string; amount: number; expert_fee: number; platform_fee: number }[];

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  contractId = await createContract(t.app, parties, [
    { title: 'Foundations', amount: 1_000_000 },
    { title: 'Walls', amount: 2_000_000 },
    { title: 'Roof', amount: 500_000 },
  ]);
  milestones = (await getContract(t.app, parties.client, contractId)).milestones;
  for (const m of milestones.slice(0, 2)) expect((await fund(t.app, parties.client, contractId, m.id)).statusCode).toBe(200);
  expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
  expect((await complete(t.app, parties.contractor, contractId, milestones[0]!.id)).statusCode).toBe(200);
  expect((await inspect(t.app, parties.expert, contractId, milestones[0]!.id)).statusCode).toBe(200);
  expect((await release(t.app, parties.client, contractId, milestones[0]!.id)).statusCode).toBe(200);
});
afterAll(async () => t.close());

const checkAfter = (change: (tx: Queryable) => Promise<void>) => checkLedgerAfter(t.db, change);

async function accountOf(tx: Queryable, kind: string, owner: { userId?: string; contractId?: string }) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ledger_accounts (kind, user_id, contract_id, currency) VALUES ($1, $2, $3, 'XAF')
     ON CONFLICT (kind, coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(contract_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, coalesce(provider, ''))
     DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    [kind, owner.userId ?? null, owner.contractId ?? null],
  );
  return Number(rows[0]!.id);
}

/** A posted transfer with the escrow totals kept in step (the only stored ones), so only a business rule can object. */
async function post(tx: Queryable, debit: number, credit: number, amount: number, code: string, milestoneId: string) {
  await tx.query("UPDATE ledger_accounts SET debits_posted = debits_posted + $2 WHERE id = $1 AND kind = 'escrow'", [debit, amount]);
  await tx.query("UPDATE ledger_accounts SET credits_posted = credits_posted + $2 WHERE id = $1 AND kind = 'escrow'", [credit, amount]);
  await tx.query(
    `INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code, contract_id, milestone_id)
     VALUES ($1, $2, $3, 'XAF', 'posted', $4, $5, $6)`,
    [debit, credit, amount, code, contractId, milestoneId],
  );
}

/** Posts the open contractor hold of a milestone in full, as a release does. */
async function postHold(tx: Queryable, milestoneId: string) {
  const { rows } = await tx.query<{ id: string; debit_account_id: string; credit_account_id: string; amount: string }>(
    `SELECT id, debit_account_id, credit_account_id, amount FROM ledger_transfers
      WHERE milestone_id = $1 AND code = 'contractor_payout' AND flag = 'pending'`,
    [milestoneId],
  );
  const hold = rows[0]!;
  const amount = Number(hold.amount);
  await tx.query(
    "UPDATE ledger_accounts SET debits_pending = debits_pending - $2, debits_posted = debits_posted + $2 WHERE id = $1 AND kind = 'escrow'",
    [hold.debit_account_id, amount],
  );
  await tx.query(
    "UPDATE ledger_accounts SET credits_pending = credits_pending - $2, credits_posted = credits_posted + $2 WHERE id = $1 AND kind = 'escrow'",
    [hold.credit_account_id, amount],
  );
  await tx.query(
    `INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
     VALUES ($1, $2, $3, 'XAF', 'post_pending', $4, 'contractor_payout', $5, $6)`,
    [hold.debit_account_id, hold.credit_account_id, amount, hold.id, contractId, milestoneId],
  );
}

it('passes every rule after a real fund, approval and release', async () => {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.map((c) => c.name)).toEqual(
    expect.arrayContaining(['No payment to a barred party', 'Releases approved by a verified expert', 'Fees follow the fee rules']),
  );
  expect(failingChecks(check)).toEqual([]);
});

it('reports money paid to a contractor after they were declared insolvent', async () => {
  const result = await checkAfter(async (tx) => {
    await tx.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Liquidation.')", [parties.contractor.id]);
    const client = await accountOf(tx, 'client_funding', { userId: parties.client.id });
    const contractor = await accountOf(tx, 'contractor', { userId: parties.contractor.id });
    await post(tx, client, contractor, 10_000, 'contractor_payout', milestones[1]!.id);
  });
  expect(failingChecks(result)).toEqual(['No payment to a barred party']);
});

it('reports money paid to a suspended expert, and keeps reporting it after the suspension is lifted', async () => {
  const suspend = (tx: Queryable, action: string) =>
    tx.query(
      `INSERT INTO admin_audit (admin_name, action, target_type, target_id, created_at) VALUES ('Ada Admin', $1, 'user', $2, clock_timestamp())`,
      [action, parties.expert.id],
    );
  const result = await checkAfter(async (tx) => {
    await suspend(tx, 'user.suspended');
    await tx.query('SELECT pg_sleep(0.01)');
    const client = await accountOf(tx, 'client_funding', { userId: parties.client.id });
    const expert = await accountOf(tx, 'expert', { userId: parties.expert.id });
    await post(tx, client, expert, milestones[1]!.expert_fee, 'expert_fee', milestones[1]!.id);
    // Lifted later, not within the same clock tick as the payment.
    await tx.query('SELECT pg_sleep(0.01)');
    await suspend(tx, 'user.reactivated');
  });
  expect(failingChecks(result)).toEqual(['No payment to a barred party']);
});

it('reports a release without an approval', async () => {
  // The second milestone is funded but nobody inspected it.
  const result = await checkAfter((tx) => postHold(tx, milestones[1]!.id));
  expect(failingChecks(result)).toContain('Releases approved by a verified expert');
});

it('reports a release approved by an expert who was not verified', async () => {
  const result = await checkAfter(async (tx) => {
    await tx.query(
      `UPDATE milestones SET status = 'approved', inspection_decision = 'approved', inspected_by = $2, inspected_at = now() WHERE id = $1`,
      [milestones[1]!.id, parties.expert.id],
    );
    await tx.query('UPDATE users SET verified_at = NULL WHERE id = $1', [parties.expert.id]);
    await postHold(tx, milestones[1]!.id);
  });
  expect(failingChecks(result)).toContain('Releases approved by a verified expert');
});

it('reports a release approved by a verified expert who was never assigned to the contract', async () => {
  const stranger = await seedPerson(t.db, 'expert', 'Sam', 'Stranger');
  const result = await checkAfter(async (tx) => {
    await tx.query(
      `UPDATE milestones SET status = 'approved', inspection_decision = 'approved', inspected_by = $2, inspected_at = now() WHERE id = $1`,
      [milestones[1]!.id, stranger.id],
    );
    await postHold(tx, milestones[1]!.id);
  });
  expect(failingChecks(result)).toContain('Releases approved by a verified expert');
});

it('reports fees that differ from the fee rules', async () => {
  const wrongMilestone = await checkAfter(async (tx) => {
    await tx.query('UPDATE milestones SET platform_fee = platform_fee - 1 WHERE id = $1', [milestones[2]!.id]);
  });
  expect(failingChecks(wrongMilestone)).toEqual(['Fees follow the fee rules']);
  const wrongTransfer = await checkAfter(async (tx) => {
    const escrow = await accountOf(tx, 'escrow', { contractId });
    const expert = await accountOf(tx, 'expert', { userId: parties.expert.id });
    await post(tx, escrow, expert, milestones[1]!.expert_fee - 1, 'expert_fee', milestones[1]!.id);
  });
  expect(failingChecks(wrongTransfer)).toContain('Fees follow the fee rules');
});

it('answers red on the admin endpoint once such a posting is committed', async () => {
  await t.db.transaction(async (tx) => {
    await tx.query("INSERT INTO insolvencies (contractor_id, note) VALUES ($1, 'Liquidation.')", [parties.contractor.id]);
  });
  await t.db.transaction(async (tx) => {
    const client = await accountOf(tx, 'client_funding', { userId: parties.client.id });
    const contractor = await accountOf(tx, 'contractor', { userId: parties.contractor.id });
    await post(tx, client, contractor, 10_000, 'contractor_payout', milestones[1]!.id);
  });
  const check = await ledgerCheck(t.app, parties);
  expect(check.ok).toBe(false);
  expect(failingChecks(check)).toEqual(['No payment to a barred party']);
});
