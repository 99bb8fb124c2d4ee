import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/database';
import { ACCOUNT_BALANCES_SQL } from '../src/escrow/ledger';
import { createTestApp, type TestApp } from './test-app';
import { PDF_BYTES, multipart, type Person } from './marketplace-helpers';
import { seedAdmin, seedPerson } from './escrow-fixtures';
import {
  CARDS,
  PNG_BYTES,
  createContract,
  deliverWebhook,
  getContract,
  key,
  payOnHostedPage,
  paymentState,
  sandboxPayins,
  type EscrowParties,
  type Milestone,
} from './escrow-helpers';

/**
 * Random sequences of escrow commands, sent through the HTTP API, against a
 * small model of what each contract's escrow should hold. After every
 * command the ledger check passes, each contract's figures equal the model,
 * and a refused command left the database exactly as it was.
 */

type MilestoneStatus = 'draft' | 'funded' | 'submitted' | 'approved' | 'changes_requested' | 'released' | 'refunded' | 'settled';
type ContractStatus = 'active' | 'frozen' | 'completed' | 'terminated';

interface ModelMilestone {
  id: string;
  amount: number;
  expertFee: number;
  platformFee: number;
  status: MilestoneStatus;
  /** An expert inspected it once (either decision): a dispute's resolution pays them. */
  inspected: boolean;
  estimate: number | null;
}

interface ModelContract {
  id: string;
  currency: string;
  /** The run's own contractor (who may become insolvent) or the replacement that took over a carried contract. */
  contractor: 'run' | 'replacement';
  status: ContractStatus;
  frozenReason: null | 'dispute' | 'insolvency';
  expert: boolean;
  dispute: { id: string; milestone: number } | null;
  lastDispute: { id: string; milestone: number } | null;
  milestones: ModelMilestone[];
  funded: number;
  released: number;
  expertFees: number;
  platformFees: number;
  refunded: number;
  carriedIn: number;
  carriedOut: number;
}

/** A money call that succeeded or was declined: replayed later with its key, with the same body and with another. */
interface MoneyCall {
  label: string;
  url: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  otherPayload: Record<string, unknown>;
  status: number;
  body: unknown;
}

interface Model {
  contracts: ModelContract[];
  insolvent: boolean;
  calls: MoneyCall[];
}

interface Shared {
  app: FastifyInstance;
  db: Database;
  client: Person;
  expert: Person;
  replacement: Person;
  admin: { headers: { authorization: string } };
}

interface Real extends Shared {
  contractor: Person;
}

const HELD: readonly MilestoneStatus[] = ['funded', 'submitted', 'approved', 'changes_requested'];
const CLOSED: readonly MilestoneStatus[] = ['released', 'refunded', 'settled'];

// The fee rules, written again from the spec so the test does not trust the code it checks.
const perMille = (amount: number, rate: number) => Math.floor((amount * rate + 500) / 1000);
const platformFeeOf = (amount: number) => perMille(amount, 15);
const expertFeeOf = (amount: number, currency: string) => Math.max(perMille(amount, 20), currency === 'EUR' ? 5_000 : 25_000);

const isHeld = (m: ModelMilestone) => HELD.includes(m.status);
const totalOf = (m: ModelMilestone) => m.amount + m.expertFee + m.platformFee;
const balanceOf = (c: ModelContract) => c.funded + c.carriedIn - c.released - c.expertFees - c.platformFees - c.refunded - c.carriedOut;
const heldTotal = (c: ModelContract) => c.milestones.filter(isHeld).reduce((sum, m) => sum + totalOf(m), 0);
const creditOf = (c: ModelContract) => Math.max(0, balanceOf(c) - heldTotal(c));

/** What a settled milestone pays: the contractor's part, the platform fee on that part, the expert's fee if they worked on it; the rest goes back. */
function split(m: ModelMilestone, contractorPart: number, expertPaid: boolean) {
  const platformPart = Math.min(platformFeeOf(contractorPart), m.platformFee);
  const expertPart = expertPaid ? m.expertFee : 0;
  return { platformPart, expertPart, rest: totalOf(m) - contractorPart - platformPart - expertPart };
}

function settledStatus(m: ModelMilestone, contractorPart: number, expertPart: number): MilestoneStatus {
  if (contractorPart === m.amount) return 'released';
  return contractorPart === 0 && expertPart === 0 ? 'refunded' : 'settled';
}

function closeIfDone(c: ModelContract): void {
  if (c.status === 'active' && c.milestones.every((m) => CLOSED.includes(m.status))) c.status = 'completed';
}

/** Everything a refused call must leave untouched: the ledger in full, the escrow state around it, and nobody notified. */
async function snapshot(db: Database): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM ledger_transfers) AS transfers,
       (SELECT coalesce(sum(amount), 0) FROM ledger_transfers) AS transferred,
       (SELECT coalesce(string_agg(concat_ws(':', id, debits_pending, debits_posted, credits_pending, credits_posted), ',' ORDER BY id), '')
          FROM (${ACCOUNT_BALANCES_SQL}) b) AS accounts,
       (SELECT coalesce(string_agg(concat_ws(':', id, status, frozen_reason, expert_id, settled_at), ',' ORDER BY id), '') FROM contracts) AS contracts,
       (SELECT coalesce(string_agg(concat_ws(':', id, status, estimate_owed, inspected_by, paid_to_contractor, refunded_amount), ',' ORDER BY id), '')
          FROM milestones) AS milestones,
       (SELECT coalesce(string_agg(concat_ws(':', id, status, contractor_amount), ',' ORDER BY id), '') FROM disputes) AS disputes,
       (SELECT count(*) FROM idempotency_keys) AS idempotency_keys,
       (SELECT count(*) FROM insolvencies) AS insolvencies,
       (SELECT count(*) FROM escrow_files) AS files,
       (SELECT count(*) FROM notifications) AS notifications`,
  );
  return rows[0]!;
}

function describeResponse(response: LightMyRequestResponse): string {
  return `${response.statusCode} ${response.body.slice(0, 300)}`;
}

/** Sends one call; checks its status, and that a refusal changed nothing and says why. */
async function perform(real: Real, label: string, expected: number, send: () => Promise<LightMyRequestResponse>) {
  const before = expected >= 400 ? await snapshot(real.db) : undefined;
  const response = await send();
  if (response.statusCode !== expected) throw new Error(`${label}: expected ${expected}, got ${describeResponse(response)}`);
  if (expected >= 400) {
    expect(typeof response.json().message).toBe('string');
    // A declined card is the key's outcome, kept to be replayed; nothing else changes.
    const count = before!.idempotency_keys;
    const kept = expected === 402 ? { idempotency_keys: typeof count === 'number' ? count + 1 : String(Number(count) + 1) } : {};
    expect(await snapshot(real.db)).toEqual({ ...before, ...kept });
  }
  return response;
}

/**
 * After every command: the ledger check passes; every escrow account and the
 * run's contractor account hold what the model says; and the contracts the
 * command touched (`shown`, all of them by default) show the model's figures.
 */
async function verify(model: Model, real: Real, shown: ModelContract[] = model.contracts): Promise<void> {
  const check = await real.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/check', headers: real.admin.headers });
  const result = check.json() as { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };
  expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  expect(result.ok).toBe(true);

  // Each escrow account: its posted balance, and the holds on it (the contractor's payout and the platform fee of each held milestone).
  const { rows: escrows } = await real.db.query<{ contract_id: string; balance: string; holds: string }>(
    `SELECT contract_id, credits_posted - debits_posted AS balance, debits_pending AS holds FROM ledger_accounts
      WHERE kind = 'escrow' AND contract_id = ANY ($1::uuid[])`,
    [model.contracts.map((c) => c.id)],
  );
  const found = new Map(escrows.map((row) => [row.contract_id, { balance: Number(row.balance), holds: Number(row.holds) }]));
  expect(model.contracts.map((c) => found.get(c.id) ?? { balance: 0, holds: 0 })).toEqual(
    model.contracts.map((c) => ({ balance: balanceOf(c), holds: c.milestones.filter(isHeld).reduce((sum, m) => sum + m.amount + m.platformFee, 0) })),
  );

  // The run's contractor: paid what was released to them, with the rest of their milestones on hold.
  for (const currency of ['XAF', 'EUR']) {
    const theirs = model.contracts.filter((c) => c.contractor === 'run' && c.currency === currency);
    const { rows } = await real.db.query<{ posted: string; pending: string }>(
      `SELECT credits_posted - debits_posted AS posted, credits_pending AS pending FROM (${ACCOUNT_BALANCES_SQL}) b
        WHERE kind = 'contractor' AND user_id = $1 AND currency = $2`,
      [real.contractor.id, currency],
    );
    expect({ posted: Number(rows[0]?.posted ?? 0), pending: Number(rows[0]?.pending ?? 0) }).toEqual({
      posted: theirs.reduce((sum, c) => sum + c.released, 0),
      pending: theirs.reduce((sum, c) => sum + c.milestones.filter(isHeld).reduce((s, m) => s + m.amount, 0), 0),
    });
  }

  for (const contract of shown) {
    const response = await real.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${contract.id}`, headers: real.admin.headers });
    const view = response.json() as {
      status: string;
      frozen_reason: string | null;
      account: Record<string, number>;
      milestones: Milestone[];
      dispute: { id: string } | null;
    };
    const credit = creditOf(contract);
    expect({ status: view.status, frozen_reason: view.frozen_reason, dispute: view.dispute?.id ?? null }).toEqual({
      status: contract.status,
      frozen_reason: contract.frozenReason,
      dispute: contract.dispute?.id ?? null,
    });
    expect(view.account).toEqual({
      funded: contract.funded,
      held: balanceOf(contract),
      released: contract.released,
      expert_fees: contract.expertFees,
      platform_fees: contract.platformFees,
      refunded: contract.refunded,
      carried_in: contract.carriedIn,
      carried_out: contract.carriedOut,
      credit,
    });
    expect(view.milestones.map((m) => [m.id, m.status, m.to_pay])).toEqual(
      contract.milestones.map((m) => [m.id, m.status, m.status === 'draft' ? Math.max(0, totalOf(m) - credit) : 0]),
    );
  }
}

const contractAt = (model: Model, index: number) => model.contracts[index % model.contracts.length]!;
const milestoneAt = (contract: ModelContract, index: number) => contract.milestones[index % contract.milestones.length]!;
const contractorOf = (real: Real, contract: ModelContract) => (contract.contractor === 'run' ? real.contractor : real.replacement);

type Command = fc.AsyncCommand<Model, Real>;

/** Commands that name a milestone apply only to contracts that have one (a replacement contract may have none). */
abstract class MilestoneCommand implements Command {
  constructor(
    readonly c: number,
    readonly m: number,
  ) {}
  check(model: Model): boolean {
    return contractAt(model, this.c).milestones.length > 0;
  }
  abstract run(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
}

async function moneyCall(
  model: Model,
  real: Real,
  label: string,
  expected: number,
  call: { url: string; headers: Record<string, string>; payload: Record<string, unknown>; otherPayload: Record<string, unknown> },
) {
  const idempotencyKey = key();
  const headers = { ...call.headers, 'idempotency-key': idempotencyKey };
  const response = await perform(real, label, expected, () => real.app.inject({ method: 'POST', url: call.url, headers, payload: call.payload }));
  if (expected < 400 || expected === 402) {
    model.calls.push({
      label,
      url: call.url,
      headers,
      payload: call.payload,
      otherPayload: call.otherPayload,
      status: response.statusCode,
      body: response.json(),
    });
  }
  return response;
}

/** How the client pays: a test card on the provider's hosted page, or mobile money approved on the phone. */
type PayChoice = 'ok' | 'declined' | 'failing' | 'phone';

/**
 * The fund call, then the provider's side: 202 and the hosted page (or the
 * phone), the client's choice there, the signed webhook; then the call again
 * with its key, which answers as the posting did. Nothing moves before the
 * webhook; a decline (402, kept with the key) and a failure (key freed) leave
 * the escrow state as it was. When the contract's credit covers the
 * milestone, the fund call itself answers 200, with no provider.
 */
class Fund extends MilestoneCommand {
  constructor(
    c: number,
    m: number,
    readonly pay: PayChoice,
  ) {
    super(c, m);
  }
  toString() {
    return `fund(${this.c}, ${this.m}, ${this.pay})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const milestone = milestoneAt(contract, this.m);
    const toPay = Math.max(0, totalOf(milestone) - creditOf(contract));
    const url = `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/fund`;
    const payload: Record<string, unknown> =
      this.pay === 'phone' ? { method: 'mobile_money', operator: 'mtn', phone: '237670000000' } : { method: 'card' };
    const call = {
      url,
      headers: real.client.headers,
      payload,
      otherPayload: this.pay === 'phone' ? { method: 'card' } : { method: 'mobile_money', operator: 'mtn', phone: '237670000000' },
    };
    if (contract.status !== 'active' || milestone.status !== 'draft') {
      await moneyCall(model, real, this.toString(), 409, call);
      await verify(model, real, [contract]);
      return;
    }
    if (toPay === 0) {
      const response = await moneyCall(model, real, this.toString(), 200, call);
      expect(response.json().payment).toBeNull();
      milestone.status = 'funded';
      await verify(model, real, [contract]);
      return;
    }

    const before = await snapshot(real.db);
    const idempotencyKey = key();
    const headers = { ...call.headers, 'idempotency-key': idempotencyKey };
    const send = () => real.app.inject({ method: 'POST', url, headers, payload });
    const started = await send();
    if (started.statusCode !== 202) throw new Error(`${this}: expected 202, got ${describeResponse(started)}`);
    // Waiting for the provider holds nothing: the escrow is as it was, only the key is taken.
    await verify(model, real, [contract]);
    if (this.pay === 'phone') {
      const { rows } = await real.db.query<{ provider_key: string }>(
        "SELECT provider_key FROM payment_intents WHERE milestone_id = $1 AND status = 'created'",
        [milestone.id],
      );
      await sandboxPayins(real.app).answerOnPhone(rows[0]!.provider_key);
    } else {
      await payOnHostedPage(real.app, started.json().payment.redirect_url as string, CARDS[this.pay]);
    }
    const hook = await deliverWebhook(real.app, milestone.id);
    if (hook.statusCode !== 200) throw new Error(`${this}: webhook answered ${describeResponse(hook)}`);

    if (this.pay === 'failing') {
      // The provider failed: the key is freed and nothing moved.
      const state = await paymentState(real.app, real.client, contract.id, milestone.id);
      expect(state.json().state).toBe('failed');
      expect(await snapshot(real.db)).toEqual(before);
      await verify(model, real, [contract]);
      return;
    }
    const expected = this.pay === 'declined' ? 402 : 200;
    const response = await send();
    if (response.statusCode !== expected) throw new Error(`${this} after the webhook: expected ${expected}, got ${describeResponse(response)}`);
    if (expected === 402) {
      expect(typeof response.json().message).toBe('string');
      // The decline is the key's answer, kept to be replayed; nothing else changed.
      const count = before.idempotency_keys;
      expect(await snapshot(real.db)).toEqual({
        ...before,
        idempotency_keys: typeof count === 'number' ? count + 1 : String(Number(count) + 1),
      });
    } else {
      expect(response.json().payment).toEqual(expect.objectContaining({ status: 'succeeded', amount: toPay }));
      contract.funded += toPay;
      milestone.status = 'funded';
    }
    model.calls.push({ label: this.toString(), ...call, headers, status: response.statusCode, body: response.json() });
    await verify(model, real, [contract]);
  }
}

class Complete extends MilestoneCommand {
  toString() {
    return `complete(${this.c}, ${this.m})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const milestone = milestoneAt(contract, this.m);
    const ok = contract.status === 'active' && (milestone.status === 'funded' || milestone.status === 'changes_requested');
    const body = multipart([
      { name: 'notes', value: 'The work of this stage is finished.' },
      { name: 'photos', file: { name: 'site.png', type: 'image/png', data: PNG_BYTES } },
    ]);
    await perform(real, this.toString(), ok ? 200 : 409, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/complete`,
        headers: { ...contractorOf(real, contract).headers, ...body.headers },
        payload: body.payload,
      }),
    );
    if (ok) milestone.status = 'submitted';
    await verify(model, real, [contract]);
  }
}

class AssignExpert implements Command {
  constructor(readonly c: number) {}
  check() {
    return true;
  }
  toString() {
    return `assignExpert(${this.c})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const ok = contract.status !== 'completed' && contract.status !== 'terminated';
    await perform(real, this.toString(), ok ? 200 : 409, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/admin/contracts/${contract.id}/expert`,
        headers: real.admin.headers,
        payload: { expert_id: real.expert.id },
      }),
    );
    if (ok) contract.expert = true;
    await verify(model, real, [contract]);
  }
}

class Inspect extends MilestoneCommand {
  constructor(
    c: number,
    m: number,
    readonly decision: 'approved' | 'changes_requested',
  ) {
    super(c, m);
  }
  toString() {
    return `inspect(${this.c}, ${this.m}, ${this.decision})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const milestone = milestoneAt(contract, this.m);
    // An expert not assigned to the contract does not learn it exists.
    const expected = !contract.expert ? 404 : contract.status !== 'active' || milestone.status !== 'submitted' ? 409 : 200;
    const body = multipart([
      { name: 'decision', value: this.decision },
      { name: 'notes', value: 'Checked on site against the plans.' },
      { name: 'report', file: { name: 'report.pdf', type: 'application/pdf', data: PDF_BYTES } },
    ]);
    await perform(real, this.toString(), expected, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/inspection`,
        headers: { ...real.expert.headers, ...body.headers },
        payload: body.payload,
      }),
    );
    if (expected === 200) {
      milestone.status = this.decision;
      milestone.inspected = true;
    }
    await verify(model, real, [contract]);
  }
}

class Release extends MilestoneCommand {
  toString() {
    return `release(${this.c}, ${this.m})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const milestone = milestoneAt(contract, this.m);
    const ok = contract.status === 'active' && milestone.status === 'approved';
    const response = await moneyCall(model, real, this.toString(), ok ? 200 : 409, {
      url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/release`,
      headers: real.client.headers,
      payload: {},
      otherPayload: { note: 'another request' },
    });
    if (ok) {
      expect(response.json().released).toEqual({
        contractor: milestone.amount,
        expert_fee: milestone.expertFee,
        platform_fee: milestone.platformFee,
      });
      contract.released += milestone.amount;
      contract.expertFees += milestone.expertFee;
      contract.platformFees += milestone.platformFee;
      milestone.status = 'released';
      closeIfDone(contract);
    }
    await verify(model, real, [contract]);
  }
}

class OpenDispute extends MilestoneCommand {
  constructor(
    c: number,
    m: number,
    readonly by: 'client' | 'contractor',
  ) {
    super(c, m);
  }
  toString() {
    return `openDispute(${this.c}, ${this.m}, by ${this.by})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    // Disputes are about money in escrow: the m-th held milestone when there is one, else the m-th (refused).
    const held = contract.milestones.flatMap((m, index) => (isHeld(m) ? [index] : []));
    const index = held.length > 0 ? held[this.m % held.length]! : this.m % contract.milestones.length;
    const milestone = contract.milestones[index]!;
    const ok = contract.status === 'active' && isHeld(milestone);
    const body = multipart([{ name: 'reason', value: 'The work does not match what was agreed.' }]);
    const who = this.by === 'client' ? real.client : contractorOf(real, contract);
    const response = await perform(real, this.toString(), ok ? 201 : 409, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/disputes`,
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      }),
    );
    if (ok) {
      contract.status = 'frozen';
      contract.frozenReason = 'dispute';
      contract.dispute = { id: response.json().dispute.id as string, milestone: index };
      contract.lastDispute = contract.dispute;
    }
    await verify(model, real, [contract]);
  }
}

type AmountChoice = 'none' | 'all' | 'part' | 'too_much';

function amountFor(choice: AmountChoice, fraction: number, amount: number): number {
  if (choice === 'none') return 0;
  if (choice === 'all') return amount;
  if (choice === 'too_much') return amount + 1;
  return Math.floor(amount * fraction);
}

class ResolveDispute implements Command {
  constructor(
    readonly c: number,
    readonly choice: AmountChoice,
    readonly fraction: number,
  ) {}
  check(model: Model) {
    return contractAt(model, this.c).lastDispute !== null;
  }
  toString() {
    return `resolveDispute(${this.c}, ${this.choice}${this.choice === 'part' ? ` ${this.fraction.toFixed(2)}` : ''})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const disputed = contract.lastDispute!;
    const milestone = contract.milestones[disputed.milestone]!;
    const contractorAmount = amountFor(this.choice, this.fraction, milestone.amount);
    const expected = contract.dispute === null ? 409 : contractorAmount > milestone.amount ? 422 : 200;
    const note = 'Split after hearing both parties.';
    const response = await moneyCall(model, real, this.toString(), expected, {
      url: `/api/v1/admin/disputes/${disputed.id}/resolve`,
      headers: real.admin.headers,
      payload: { contractor_amount: contractorAmount, note },
      otherPayload: { contractor_amount: contractorAmount === 0 ? 1 : contractorAmount - 1, note },
    });
    if (expected === 200) {
      const parts = split(milestone, contractorAmount, milestone.inspected);
      expect(response.json().resolution).toMatchObject({ contractor_amount: contractorAmount, refunded_amount: parts.rest });
      contract.released += contractorAmount;
      contract.platformFees += parts.platformPart;
      contract.expertFees += parts.expertPart;
      contract.refunded += parts.rest;
      milestone.status = settledStatus(milestone, contractorAmount, parts.expertPart);
      contract.dispute = null;
      if (contract.contractor === 'run' && model.insolvent) {
        // The contract passes from the dispute to the insolvency, still frozen.
        contract.frozenReason = 'insolvency';
      } else {
        contract.status = 'active';
        contract.frozenReason = null;
        closeIfDone(contract);
      }
    }
    await verify(model, real, [contract]);
  }
}

class DeclareInsolvency implements Command {
  check() {
    return true;
  }
  toString() {
    return 'declareInsolvency()';
  }
  async run(model: Model, real: Real) {
    const expected = model.insolvent ? 409 : 200;
    const response = await perform(real, this.toString(), expected, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/admin/contractors/${real.contractor.id}/insolvency`,
        headers: real.admin.headers,
        payload: { note: 'The company went into liquidation.' },
      }),
    );
    if (expected === 200) {
      const open = model.contracts.filter((c) => c.contractor === 'run' && (c.status === 'active' || c.status === 'frozen'));
      expect(response.json()).toEqual({ frozen_contracts: open.length });
      for (const contract of open) {
        if (contract.status === 'active') {
          contract.status = 'frozen';
          contract.frozenReason = 'insolvency';
        }
      }
      model.insolvent = true;
    }
    await verify(model, real);
  }
}

class Estimate extends MilestoneCommand {
  constructor(
    c: number,
    m: number,
    readonly choice: AmountChoice,
    readonly fraction: number,
  ) {
    super(c, m);
  }
  toString() {
    return `estimate(${this.c}, ${this.m}, ${this.choice}${this.choice === 'part' ? ` ${this.fraction.toFixed(2)}` : ''})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const milestone = milestoneAt(contract, this.m);
    const owed = amountFor(this.choice, this.fraction, milestone.amount);
    let expected = 200;
    if (!contract.expert) expected = 404;
    else if (contract.status !== 'frozen' || contract.frozenReason !== 'insolvency' || !isHeld(milestone)) expected = 409;
    else if (owed > milestone.amount) expected = 422;
    const body = multipart([
      { name: 'owed_amount', value: String(owed) },
      { name: 'notes', value: 'Measured what was built on site.' },
      { name: 'report', file: { name: 'estimate.pdf', type: 'application/pdf', data: PDF_BYTES } },
    ]);
    await perform(real, this.toString(), expected, () =>
      real.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/milestones/${milestone.id}/estimate`,
        headers: { ...real.expert.headers, ...body.headers },
        payload: body.payload,
      }),
    );
    if (expected === 200) milestone.estimate = owed;
    await verify(model, real, [contract]);
  }
}

class Settle implements Command {
  constructor(
    readonly c: number,
    readonly choice: 'refund' | 'carry',
  ) {}
  check() {
    return true;
  }
  toString() {
    return `settle(${this.c}, ${this.choice})`;
  }
  async run(model: Model, real: Real) {
    const contract = contractAt(model, this.c);
    const held = contract.milestones.filter(isHeld);
    const insolvent = contract.status === 'frozen' && contract.frozenReason === 'insolvency';
    const expected = !insolvent || held.some((m) => m.estimate === null) ? 409 : 200;
    const refund = { choice: 'refund' };
    const carry = { choice: 'carry', replacement_contractor_id: real.replacement.id };
    const response = await moneyCall(model, real, this.toString(), expected, {
      url: `/api/v1/contracts/${contract.id}/settlement`,
      headers: real.client.headers,
      payload: this.choice === 'refund' ? refund : carry,
      otherPayload: this.choice === 'refund' ? carry : refund,
    });
    if (expected !== 200) {
      await verify(model, real, [contract]);
      return;
    }
    let carried = 0;
    for (const milestone of held) {
      const owed = milestone.estimate!;
      const parts = split(milestone, owed, true);
      contract.released += owed;
      contract.platformFees += parts.platformPart;
      contract.expertFees += parts.expertPart;
      if (this.choice === 'refund') contract.refunded += parts.rest;
      else carried += parts.rest;
      milestone.status = settledStatus(milestone, owed, parts.expertPart);
    }
    contract.carriedOut += carried;
    contract.status = 'terminated';
    contract.frozenReason = null;
    const newId = response.json().new_contract_id as string | null;
    if (this.choice === 'refund') {
      expect(newId).toBeNull();
    } else {
      // The replacement takes over what was not done: the unpaid part of each held milestone, then the unfunded ones.
      const view = (await real.app.inject({ method: 'GET', url: `/api/v1/admin/contracts/${newId}`, headers: real.admin.headers })).json() as {
        id: string;
        milestones: Milestone[];
      };
      const unfinished = [
        ...held.filter((m) => m.amount - m.estimate! > 0).map((m) => m.amount - m.estimate!),
        ...contract.milestones.filter((m) => m.status === 'draft').map((m) => m.amount),
      ];
      expect(view.milestones.map((m) => m.amount)).toEqual(unfinished);
      model.contracts.push(newContract(view.id, contract.currency, 'replacement', view.milestones, carried));
    }
    await verify(model, real);
  }
}

/** Sends a money call that succeeded or was declined again with its key: the same body gets the first answer, another body 409; nothing moves. */
class Replay implements Command {
  constructor(
    readonly index: number,
    readonly sameBody: boolean,
  ) {}
  check(model: Model) {
    return model.calls.length > 0;
  }
  toString() {
    return `replay(${this.index}, ${this.sameBody ? 'same body' : 'other body'})`;
  }
  async run(model: Model, real: Real) {
    const call = model.calls[this.index % model.calls.length]!;
    const before = await snapshot(real.db);
    const response = await real.app.inject({
      method: 'POST',
      url: call.url,
      headers: call.headers,
      payload: this.sameBody ? call.payload : call.otherPayload,
    });
    const label = `${this.toString()} of ${call.label}`;
    if (this.sameBody) {
      if (response.statusCode !== call.status) throw new Error(`${label}: expected ${call.status}, got ${describeResponse(response)}`);
      expect(response.json()).toEqual(call.body);
    } else if (response.statusCode !== 409) {
      throw new Error(`${label}: expected 409, got ${describeResponse(response)}`);
    }
    expect(await snapshot(real.db)).toEqual(before);
    await verify(model, real, []);
  }
}

/** The next step a user would take on a milestone, so that runs reach releases, disputes and settlements. */
class Progress extends MilestoneCommand {
  constructor(
    c: number,
    m: number,
    readonly choice: AmountChoice,
    readonly fraction: number,
    /** Work on another open milestone than the first, so that several are in escrow at once. */
    readonly spread: boolean,
  ) {
    super(c, m);
  }
  toString() {
    return `progress(${this.c}${this.spread ? `, ${this.m}` : ''})`;
  }
  next(model: Model): Command {
    const contract = contractAt(model, this.c);
    // Work goes on where it stands: the first milestone in escrow, else the first one to fund.
    const inFlight = contract.milestones.findIndex(isHeld);
    const firstDraft = contract.milestones.findIndex((m) => m.status === 'draft');
    const open = contract.milestones.flatMap((m, index) => (CLOSED.includes(m.status) ? [] : [index]));
    let m = inFlight >= 0 ? inFlight : firstDraft >= 0 ? firstDraft : this.m;
    if (this.spread && open.length > 0) m = open[this.m % open.length]!;
    const milestone = milestoneAt(contract, m);
    if (contract.frozenReason === 'dispute') return new ResolveDispute(this.c, this.choice, this.fraction);
    if (contract.frozenReason === 'insolvency') {
      if (!contract.expert) return new AssignExpert(this.c);
      const index = contract.milestones.findIndex((other) => isHeld(other) && other.estimate === null);
      if (index >= 0) return new Estimate(this.c, index, this.choice, this.fraction);
      return new Settle(this.c, this.m % 2 === 0 ? 'carry' : 'refund');
    }
    switch (milestone.status) {
      case 'draft':
        return new Fund(this.c, m, 'ok');
      case 'funded':
      case 'changes_requested':
        return new Complete(this.c, m);
      case 'submitted':
        return contract.expert ? new Inspect(this.c, m, 'approved') : new AssignExpert(this.c);
      default:
        return new Release(this.c, m);
    }
  }
  async run(model: Model, real: Real) {
    const next = this.next(model);
    try {
      await next.run(model, real);
    } catch (error) {
      // Name the command the progress step became, for the counterexample.
      throw new Error(`${next.toString()}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function newContract(id: string, currency: string, contractor: 'run' | 'replacement', milestones: Milestone[], carriedIn = 0): ModelContract {
  for (const m of milestones) {
    // The fees the contract shows are the spec's: 1.5 % to the platform, 2 % (at least one visit) to the expert.
    expect([m.platform_fee, m.expert_fee]).toEqual([platformFeeOf(m.amount), expertFeeOf(m.amount, currency)]);
  }
  return {
    id,
    currency,
    contractor,
    status: 'active',
    frozenReason: null,
    expert: false,
    dispute: null,
    lastDispute: null,
    milestones: milestones.map((m) => ({
      id: m.id,
      amount: m.amount,
      expertFee: m.expert_fee,
      platformFee: m.platform_fee,
      status: 'draft',
      inspected: false,
      estimate: null,
    })),
    funded: 0,
    released: 0,
    expertFees: 0,
    platformFees: 0,
    refunded: 0,
    carriedIn,
    carriedOut: 0,
  };
}

const contractIndex = fc.nat(3);
const milestoneIndex = fc.nat(2);
const fraction = fc.double({ min: 0.01, max: 0.99, noNaN: true });
const amountChoice = fc.constantFrom<AmountChoice>('none', 'all', 'part', 'part', 'too_much');

const commands = [
  // Mostly on the first contract, so that runs get deep into its milestones; the third is a replacement contract once one exists.
  {
    weight: 24,
    arbitrary: fc
      .tuple(fc.constantFrom(0, 0, 0, 1, 2), milestoneIndex, amountChoice, fraction, fc.constantFrom(false, false, true))
      .map(([c, m, a, f, spread]) => new Progress(c, m, a, f, spread)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(contractIndex, milestoneIndex, fc.constantFrom<PayChoice>('ok', 'ok', 'declined', 'failing', 'phone'))
      .map(([c, m, pay]) => new Fund(c, m, pay)),
  },
  { weight: 1, arbitrary: fc.tuple(contractIndex, milestoneIndex).map(([c, m]) => new Complete(c, m)) },
  { weight: 1, arbitrary: contractIndex.map((c) => new AssignExpert(c)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(contractIndex, milestoneIndex, fc.constantFrom<'approved' | 'changes_requested'>('approved', 'changes_requested'))
      .map(([c, m, d]) => new Inspect(c, m, d)),
  },
  { weight: 1, arbitrary: fc.tuple(contractIndex, milestoneIndex).map(([c, m]) => new Release(c, m)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(contractIndex, milestoneIndex, fc.constantFrom<'client' | 'contractor'>('client', 'contractor'))
      .map(([c, m, by]) => new OpenDispute(c, m, by)),
  },
  { weight: 2, arbitrary: fc.tuple(contractIndex, amountChoice, fraction).map(([c, a, f]) => new ResolveDispute(c, a, f)) },
  { weight: 1, arbitrary: fc.constant(new DeclareInsolvency()) },
  { weight: 1, arbitrary: fc.tuple(contractIndex, milestoneIndex, amountChoice, fraction).map(([c, m, a, f]) => new Estimate(c, m, a, f)) },
  { weight: 1, arbitrary: fc.tuple(contractIndex, fc.constantFrom<'refund' | 'carry'>('refund', 'carry')).map(([c, s]) => new Settle(c, s)) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(20), fc.boolean()).map(([i, same]) => new Replay(i, same)) },
];

const plans = fc.array(
  fc.record({
    currency: fc.constantFrom('XAF', 'EUR'),
    amounts: fc.array(fc.integer({ min: 1_000, max: 5_000_000 }), { minLength: 1, maxLength: 3 }),
  }),
  { minLength: 2, maxLength: 2 },
);

let t: TestApp;
let shared: Shared;

beforeAll(async () => {
  t = await createTestApp();
  const [client, expert, replacement, admin] = [
    await seedPerson(t.db, 'client', 'Amina', 'Njoya'),
    await seedPerson(t.db, 'expert', 'Eve', 'Mbarga'),
    // First among the recommended replacements (by name), however many contractors the runs add.
    await seedPerson(t.db, 'contractor', 'Rita', 'Abanda'),
    await seedAdmin(t.db),
  ];
  shared = { app: t.app, db: t.db, client, expert, replacement, admin };
});
afterAll(async () => t.close());

/**
 * Each run starts from an empty escrow (TRUNCATE skips the row triggers that
 * keep transfers immutable), so the ledger check judges this run alone and a
 * shrunk counterexample replays on its own. Then a fresh contractor (an
 * insolvency is for good) with two contracts from selected quotes.
 */
async function startRun(plan: { currency: string; amounts: number[] }[]): Promise<{ model: Model; real: Real }> {
  await t.db.exec('TRUNCATE ledger_checkpoint, ledger_transfers, ledger_accounts, idempotency_keys, insolvencies, contracts CASCADE');
  const contractor = await seedPerson(t.db, 'contractor', 'Paul', 'Njoya');
  const parties: EscrowParties = { client: shared.client, contractor, expert: shared.expert, admin: shared.admin };
  const contracts: ModelContract[] = [];
  for (const { currency, amounts } of plan) {
    const id = await createContract(
      t.app,
      parties,
      amounts.map((amount, index) => ({ title: `Stage ${index + 1}`, amount })),
      currency,
    );
    contracts.push(newContract(id, currency, 'run', (await getContract(t.app, shared.client, id)).milestones));
  }
  return { model: { contracts, insolvent: false, calls: [] }, real: { ...shared, contractor } };
}

describe('the escrow ledger under random command sequences', () => {
  it('always balances, matches the model, and refused commands change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(plans, fc.array(fc.oneof(...commands), { minLength: 8, maxLength: 15 }), async (plan, sequence) => {
        const setup = await startRun(plan);
        await verify(setup.model, setup.real);
        await fc.asyncModelRun(() => setup, sequence);
        await verify(setup.model, setup.real);
      }),
      // Shrinking replays whole runs against the API: bounded, it still reports the smallest counterexample found so far.
      { numRuns: 20, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: true },
    );
  }, 180_000);
});
