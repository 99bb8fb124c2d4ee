import type { Queryable } from '../src/db/database';
import { checkLedgerFully, readCheckpoint } from '../src/escrow/ledger-check';
import { createTestApp, type TestApp } from './test-app';
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
 * The admin ledger check is incremental: it verifies what was written after
 * its checkpoint (the last passing check) and moves the checkpoint on. These
 * tests prove it reads only the new part, still catches what goes wrong there,
 * and that a full re-derivation agrees with its running totals.
 */

let t: TestApp;
let parties: EscrowParties;
let contractId: string;
let milestones: { id: string }[];

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
  contractId = await createContract(t.app, parties, [
    { title: 'Foundations', amount: 1_000_000 },
    { title: 'Walls', amount: 2_000_000 },
    { title: 'Roof', amount: 500_000 },
  ]);
  milestones = (await getContract(t.app, parties.client, contractId)).milestones;
  expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
});
afterAll(async () => t.close());

const checkAfter = (change: (tx: Queryable) => Promise<void>) => checkLedgerAfter(t.db, change);

it('verifies only the transfers written since the last passing check, then moves its checkpoint', async () => {
  expect((await fund(t.app, parties.client, contractId, milestones[0]!.id)).statusCode).toBe(200);
  const first = await ledgerCheck(t.app, parties);
  expect(failingChecks(first)).toEqual([]);
  expect(first.verified_transfers).toBe(3); // card payment, contractor hold, platform fee hold
  const checkpoint = await readCheckpoint(t.db);
  expect(checkpoint.transfers).toBe(3);

  const again = await ledgerCheck(t.app, parties);
  expect(again.ok).toBe(true);
  expect(again.verified_transfers).toBe(0);
  expect(again.transfers).toBe(3);

  expect((await complete(t.app, parties.contractor, contractId, milestones[0]!.id)).statusCode).toBe(200);
  expect((await inspect(t.app, parties.expert, contractId, milestones[0]!.id)).statusCode).toBe(200);
  expect((await release(t.app, parties.client, contractId, milestones[0]!.id)).statusCode).toBe(200);
  const afterRelease = await ledgerCheck(t.app, parties);
  expect(failingChecks(afterRelease)).toEqual([]);
  expect(afterRelease.verified_transfers).toBe(3); // two holds posted, the expert's fee
  expect(afterRelease.transfers).toBe(6);
});

it('catches a milestone changed after the checkpoint without any transfer', async () => {
  expect((await fund(t.app, parties.client, contractId, milestones[1]!.id)).statusCode).toBe(200);
  expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
  // A funded milestone put back to draft by hand: its holds are still open.
  const result = await checkAfter(async (tx) => {
    await tx.query("UPDATE milestones SET status = 'draft' WHERE id = $1", [milestones[1]!.id]);
  });
  expect(failingChecks(result)).toEqual(['Milestone holds match their state']);
});

it('agrees with a full re-derivation of every transfer', async () => {
  expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
  const full = await t.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return checkLedgerFully(tx);
  });
  expect(failingChecks(full)).toEqual([]);
  expect(full.checks.map((c) => c.name)).toContain('The checkpoint matches the transfers');
  expect(full.transfers).toBe((await readCheckpoint(t.db)).transfers);

  // Running totals that drifted from the transfers are what the full check is for.
  const drifted = await checkLedgerAfter(
    t.db,
    (tx) =>
      tx.query(
        'UPDATE ledger_checkpoint_sums SET credits_posted = credits_posted + 1 WHERE account_id = (SELECT min(account_id) FROM ledger_checkpoint_sums)',
      ),
    checkLedgerFully,
  );
  expect(failingChecks(drifted)).toEqual(['The checkpoint matches the transfers']);
});

it('reports a bad transfer written after the checkpoint, and keeps reporting it', async () => {
  expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
  const before = await readCheckpoint(t.db);
  // Money moved with no account total kept in step, as a bug writing the ledger by hand would.
  await t.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      "SELECT id FROM ledger_accounts WHERE kind = 'escrow' AND contract_id = $1 UNION ALL SELECT id FROM ledger_accounts WHERE kind = 'contractor' AND user_id = $2",
      [contractId, parties.contractor.id],
    );
    await tx.query(
      `INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code, contract_id, milestone_id)
       VALUES ($1, $2, 5000, 'XAF', 'posted', 'contractor_payout', $3, $4)`,
      [rows[0]!.id, rows[1]!.id, contractId, milestones[1]!.id],
    );
  });
  const red = await ledgerCheck(t.app, parties);
  expect(red.ok).toBe(false);
  expect(failingChecks(red)).toEqual(['Balances match the transfers']);
  expect(red.verified_transfers).toBe(1);
  // A failing check leaves the checkpoint where it was: the fault is reported until corrected.
  expect(await readCheckpoint(t.db)).toEqual(before);
  expect((await ledgerCheck(t.app, parties)).ok).toBe(false);

  const full = await checkLedgerFully(t.db);
  expect(failingChecks(full)).toEqual(['Balances match the transfers']);
});
