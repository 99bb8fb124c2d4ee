import { createTestApp, type TestApp } from './test-app';
import { PDF_BYTES, createSpecialist, multipart } from './marketplace-helpers';
import {
  CARDS,
  assignExpert,
  complete,
  createContract,
  createParties,
  fund,
  getContract,
  inspect,
  key,
  ledgerCheck,
  release,
  startFunding,
  type EscrowParties,
} from './escrow-helpers';

let t: TestApp;
let parties: EscrowParties;

beforeAll(async () => {
  t = await createTestApp();
  parties = await createParties(t.app, t.db);
});
afterAll(async () => t.close());

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
  expect(check.ok).toBe(true);
}

describe('a contract from a selected quote', () => {
  it('has the quote milestones, each with the expert fee and the 1.5 % platform fee', async () => {
    const contractId = await createContract(t.app, parties);
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.status).toBe('active');
    expect(contract.milestones.map((m) => [m.amount, m.platform_fee, m.expert_fee, m.total, m.status])).toEqual([
      [1_000_000, 15_000, 25_000, 1_040_000, 'draft'],
      [2_000_000, 30_000, 40_000, 2_070_000, 'draft'],
    ]);
    expect(contract.account).toMatchObject({ funded: 0, held: 0, released: 0 });
    // Only the parties see it.
    const stranger = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}`, headers: parties.expert.headers });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('fund → complete → inspect → release', () => {
  let contractId: string;
  let first: string;

  beforeAll(async () => {
    contractId = await createContract(t.app, parties);
    first = (await getContract(t.app, parties.client, contractId)).milestones[0]!.id;
  });

  it('refuses a payment without an Idempotency-Key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${first}/fund`,
      headers: parties.client.headers,
      payload: { method: 'card' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('An Idempotency-Key header is required for payments.');
  });

  it('takes no card data: the body names a method, a card number is refused', async () => {
    const card = await startFunding(t.app, parties.client, contractId, first, key(), {
      card: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Amina Client' },
    });
    expect(card.statusCode).toBe(422);
    const phone = await startFunding(t.app, parties.client, contractId, first, key(), { method: 'mobile_money', operator: 'mtn', phone: '12345' });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors.phone).toEqual(['Enter a Cameroonian mobile number, for example 6 70 00 00 00.']);
    expect((await getContract(t.app, parties.client, contractId)).milestones[0]!.status).toBe('draft');
  });

  it('answers a declined card and a failing payment without moving money', async () => {
    const declined = await fund(t.app, parties.client, contractId, first, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined. No money was taken.');
    const french = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/${contractId}/milestones/${first}/payment`,
      headers: { ...parties.client.headers, 'accept-language': 'fr' },
    });
    expect(french.json()).toMatchObject({ state: 'declined', message: 'Votre carte a été refusée. Aucun montant n’a été prélevé.' });
    const failing = await fund(t.app, parties.client, contractId, first, CARDS.failing);
    expect(failing.json()).toMatchObject({ state: 'failed', message: 'The payment did not go through. No money was taken; please try again.' });
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.milestones[0]!.status).toBe('draft');
    expect(contract.account.funded).toBe(0);
  });

  it('funds once per key: a replay answers the same, another body with the key is 409', async () => {
    const idempotencyKey = key();
    const funded = await fund(t.app, parties.client, contractId, first, CARDS.ok, idempotencyKey);
    expect(funded.statusCode).toBe(200);
    expect(funded.json().payment).toMatchObject({ status: 'succeeded', amount: 1_040_000, card_last4: '4242' });
    const replay = await startFunding(t.app, parties.client, contractId, first, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(funded.json());
    const other = await startFunding(t.app, parties.client, contractId, first, idempotencyKey, {
      method: 'mobile_money',
      operator: 'mtn',
      phone: '670000000',
    });
    expect(other.statusCode).toBe(409);
    const again = await startFunding(t.app, parties.client, contractId, first);
    expect(again.statusCode).toBe(409);
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.account).toMatchObject({ funded: 1_040_000, held: 1_040_000, released: 0 });
    expect(contract.milestones[0]!.status).toBe('funded');
    await expectLedgerOk();
  });

  it('cannot release before an expert approves', async () => {
    const early = await release(t.app, parties.client, contractId, first);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The funds can be released only after the expert approves the work.');
  });

  it('lets only the contractor complete and only the assigned expert inspect', async () => {
    expect((await complete(t.app, parties.client, contractId, first)).statusCode).toBe(403);
    const done = await complete(t.app, parties.contractor, contractId, first);
    expect(done.statusCode).toBe(200);
    expect(done.json().milestones[0]).toMatchObject({ status: 'submitted', next: { action: 'assign_expert', waiting_on: 'admin' } });
    expect(done.json().milestones[0].photos).toHaveLength(1);
    expect((await inspect(t.app, parties.expert, contractId, first)).statusCode).toBe(404);
    // The client cannot be the expert.
    expect((await assignExpert(t.app, parties, contractId, parties.client.id)).statusCode).toBe(422);
    expect((await assignExpert(t.app, parties, contractId)).statusCode).toBe(200);
    // Once assigned, the expert reads the project the work is inspected against.
    const projectId = (await getContract(t.app, parties.expert, contractId)).project as { id: string };
    const project = await t.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId.id}`, headers: parties.expert.headers });
    expect(project.statusCode).toBe(200);
    expect(project.json().relation).toBe('inspecting');
    const changes = await inspect(t.app, parties.expert, contractId, first, 'changes_requested');
    expect(changes.json().milestones[0]).toMatchObject({ status: 'changes_requested', next: { action: 'complete', waiting_on: 'contractor' } });
    await complete(t.app, parties.contractor, contractId, first, 'Levels corrected as the expert asked.');
    const approved = await inspect(t.app, parties.expert, contractId, first);
    expect(approved.json().milestones[0]).toMatchObject({ status: 'approved', next: { action: 'release', waiting_on: 'client' } });
    expect(approved.json().milestones[0].inspection.decision).toBe('approved');
  });

  it('releases the contractor payout, the expert fee and the platform fee together, once', async () => {
    const idempotencyKey = key();
    const released = await release(t.app, parties.client, contractId, first, idempotencyKey);
    expect(released.statusCode).toBe(200);
    expect(released.json().released).toEqual({ contractor: 1_000_000, expert_fee: 25_000, platform_fee: 15_000 });
    expect(released.json().contract.account).toMatchObject({
      funded: 1_040_000,
      held: 0,
      released: 1_000_000,
      expert_fees: 25_000,
      platform_fees: 15_000,
    });
    const replay = await release(t.app, parties.client, contractId, first, idempotencyKey);
    expect(replay.json()).toEqual(released.json());
    expect((await release(t.app, parties.client, contractId, first)).statusCode).toBe(409);
    await expectLedgerOk();
  });

  it('gives a statement with the running balance, also as CSV', async () => {
    const statement = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/statement`, headers: parties.client.headers });
    const entries = statement.json().entries as { kind: string; amount: number; balance: number }[];
    expect(entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['funding', 1_040_000, 1_040_000],
      ['contractor_payout', -1_000_000, 40_000],
      ['platform_fee', -15_000, 25_000],
      ['expert_fee', -25_000, 0],
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/${contractId}/statement?format=csv`,
      headers: parties.contractor.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('Date (UTC),Movement,Milestone,Amount,Balance,Currency,ISO 8601 timestamp');
    expect(csv.body).toContain(',Card payment into escrow,1. Foundations,1040000,1040000,XAF,');
  });

  it('completes the contract after the last release, then takes one verified review', async () => {
    const second = (await getContract(t.app, parties.client, contractId)).milestones[1]!.id;
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/review`,
      headers: parties.client.headers,
      payload: { rating: 5, body: 'Excellent work, on time.' },
    });
    expect(early.statusCode).toBe(409);
    await fund(t.app, parties.client, contractId, second);
    await complete(t.app, parties.contractor, contractId, second);
    await inspect(t.app, parties.expert, contractId, second);
    await release(t.app, parties.client, contractId, second);
    const contract = await getContract(t.app, parties.client, contractId);
    expect(contract.status).toBe('completed');
    expect(contract.can_review).toBe(true);
    const review = (rating: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${contractId}/review`,
        headers: parties.client.headers,
        payload: { rating, body: 'Excellent work, finished on time and clean site.' },
      });
    expect((await review(5)).statusCode).toBe(201);
    expect((await review(4)).statusCode).toBe(409);
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/specialists/${parties.contractor.id}`, headers: parties.client.headers });
    expect(profile.json()).toMatchObject({ rating: 5, review_count: 1 });
    await expectLedgerOk();
  });
});

describe('disputes', () => {
  it('freeze the contract until an admin splits the hold', async () => {
    const contractId = await createContract(t.app, parties);
    const [first, second] = (await getContract(t.app, parties.client, contractId)).milestones;
    await fund(t.app, parties.client, contractId, first!.id);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${first!.id}/disputes`,
      headers: parties.client.headers,
      payload: { reason: 'Nobody has come to the site for three weeks.' },
    });
    // Multipart is required for evidence; JSON is refused plainly.
    expect(opened.statusCode).toBe(406);
    const body = multipart([{ name: 'reason', value: 'Nobody has come to the site for three weeks.' }]);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${first!.id}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(disputed.statusCode).toBe(201);
    const frozen = disputed.json();
    expect(frozen).toMatchObject({ status: 'frozen', frozen_reason: 'dispute' });
    expect(frozen.dispute.held_amount).toBe(1_040_000);
    expect(new Date(frozen.dispute.arbitration_until).getTime() - new Date(frozen.dispute.opened_at).getTime()).toBeGreaterThan(89 * 86_400_000);
    expect((await fund(t.app, parties.client, contractId, second!.id)).json().message).toBe(
      'This contract is frozen while a dispute or an insolvency is handled.',
    );
    const disputeId = frozen.dispute.id as string;
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/v1/disputes/${disputeId}/messages`,
      headers: parties.contractor.headers,
      payload: { body: 'The cement delivery was late; we start Monday.' },
    });
    expect(message.json().messages).toHaveLength(1);
    const resolve = (amount: number, idempotencyKey = key()) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/disputes/${disputeId}/resolve`,
        headers: { ...parties.admin.headers, 'idempotency-key': idempotencyKey },
        payload: { contractor_amount: amount, note: 'Site preparation was done; the rest goes back.' },
      });
    expect((await resolve(2_000_000)).statusCode).toBe(422);
    const resolved = await resolve(400_000);
    expect(resolved.statusCode).toBe(200);
    // 400 000 to the contractor, 1.5 % of it to the platform, no inspection so no expert fee: the rest is refunded.
    expect(resolved.json().resolution).toMatchObject({ contractor_amount: 400_000, refunded_amount: 1_040_000 - 400_000 - 6_000 });
    const after = await getContract(t.app, parties.client, contractId);
    expect(after).toMatchObject({ status: 'active', frozen_reason: null });
    expect(after.account).toMatchObject({ held: 0, released: 400_000, platform_fees: 6_000, refunded: 634_000 });
    await expectLedgerOk();
  });
});

describe('insolvency', () => {
  it('ring-fences the contracts, pays the estimate and carries the rest to a replacement', async () => {
    const local = await createParties(t.app, t.db, 'Ins');
    const replacement = await createSpecialist(t.app, t.db, { first_name: 'Rita', categories: ['masonry'] });
    const contractId = await createContract(t.app, local);
    const [first] = (await getContract(t.app, local.client, contractId)).milestones;
    await fund(t.app, local.client, contractId, first!.id);
    await assignExpert(t.app, local, contractId);
    const declared = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contractors/${local.contractor.id}/insolvency`,
      headers: local.admin.headers,
      payload: { note: 'Company entered liquidation.' },
    });
    expect(declared.json()).toEqual({ frozen_contracts: 1 });
    const frozen = await getContract(t.app, local.client, contractId);
    expect(frozen).toMatchObject({ status: 'frozen', frozen_reason: 'insolvency' });
    expect(frozen.milestones[0]).toMatchObject({ next: { action: 'estimate', waiting_on: 'expert' } });
    expect((await release(t.app, local.client, contractId, first!.id)).statusCode).toBe(409);

    const body = multipart([
      { name: 'owed_amount', value: '300000' },
      { name: 'notes', value: 'Foundations about one third done.' },
      { name: 'report', file: { name: 'estimate.pdf', type: 'application/pdf', data: PDF_BYTES } },
    ]);
    const estimated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${first!.id}/estimate`,
      headers: { ...local.expert.headers, ...body.headers },
      payload: body.payload,
    });
    expect(estimated.statusCode).toBe(200);
    expect(estimated.json().insolvency.estimates_complete).toBe(true);

    const candidates = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/replacements`, headers: local.client.headers });
    const ids = (candidates.json().data as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(replacement.id);
    expect(ids).not.toContain(local.contractor.id);

    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/settlement`,
      headers: { ...local.client.headers, 'idempotency-key': key() },
      payload: { choice: 'carry', replacement_contractor_id: replacement.id },
    });
    expect(settled.statusCode).toBe(200);
    const old = settled.json().contract;
    // 300 000 owed, 4 500 platform fee on it, 25 000 to the expert who estimated; 710 500 carried over.
    expect(old.status).toBe('terminated');
    expect(old.account).toMatchObject({ held: 0, released: 300_000, platform_fees: 4_500, expert_fees: 25_000, carried_out: 710_500 });
    const next = await getContract(t.app, local.client, settled.json().new_contract_id);
    expect(next.account).toMatchObject({ carried_in: 710_500, credit: 710_500 });
    expect(next.milestones.map((m) => [m.amount, m.to_pay])).toEqual([
      [700_000, 700_000 + 25_000 + 10_500 - 710_500],
      [2_000_000, 2_070_000 - 710_500],
    ]);
    const funded = await fund(t.app, local.client, settled.json().new_contract_id as string, next.milestones[0]!.id);
    expect(funded.json().payment.amount).toBe(25_000);
    await expectLedgerOk();
  });
});
