import type { FastifyInstance } from 'fastify';
import { MOBILE_OPERATORS, PAYOUT_METHOD_KINDS, PAYOUT_STATUSES } from 'shared/contract';
import {
  createSandboxPayouts,
  SANDBOX_PAYOUT_ACCOUNTS as ACCOUNTS,
  sandboxFee,
  type SandboxPayoutProvider,
} from '../src/payments/payouts/sandbox-payouts';
import { createPayout, pollPayouts } from '../src/payments/payouts/payout-service';
import { createTestApp, type TestApp } from './test-app';
import { giveUserSecondFactor } from './two-factor-helpers';
import { TEST_ADMIN_SECRET } from './admin-helpers';
import { GOOD_PASSWORD, latestMail } from './accounts-helpers';
import {
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
  type EscrowParties,
} from './escrow-helpers';
import type { Person } from './marketplace-helpers';

let t: TestApp;
let sandbox: SandboxPayoutProvider;
let parties: EscrowParties;
let contractId: string;

beforeAll(async () => {
  t = await createTestApp({}, { payouts: (db) => (sandbox = createSandboxPayouts(db, { secret: 'test-payout-secret', settleAfterMs: null })) });
  parties = await createParties(t.app, t.db);
  // Payouts need a second factor on the payee's account.
  await giveUserSecondFactor(t.app, parties.contractor.id, TEST_ADMIN_SECRET);
  await giveUserSecondFactor(t.app, parties.expert.id, TEST_ADMIN_SECRET);
  // Two milestones released: 3,000,000 XAF available to the contractor.
  contractId = await createContract(t.app, parties);
  await assignExpert(t.app, parties, contractId);
  for (const milestone of (await getContract(t.app, parties.client, contractId)).milestones) {
    await fund(t.app, parties.client, contractId, milestone.id);
    await complete(t.app, parties.contractor, contractId, milestone.id);
    await inspect(t.app, parties.expert, contractId, milestone.id);
    expect((await release(t.app, parties.client, contractId, milestone.id)).statusCode).toBe(200);
  }
});
afterAll(async () => t.close());

const call = (app: FastifyInstance, who: Person, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object, headers = {}) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });

const overview = async () => (await call(t.app, parties.contractor, 'GET', '/payouts')).json();
const available = async () => (await overview()).balances.find((b: { currency: string }) => b.currency === 'XAF')?.available ?? 0;

async function addPhone(phone: string, operator = 'mtn') {
  const response = await call(t.app, parties.contractor, 'POST', '/payout-methods', {
    kind: 'mobile_money',
    operator,
    phone,
    holder_name: 'Paul Mbarga',
    password: GOOD_PASSWORD,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; usable: boolean; usable_from: string; masked: string };
}

const advanceClock = (hours: number) => call(t.app, parties.admin as Person, 'POST', '/dev/test-clock', { advance_hours: hours });

const requestPayout = (methodId: string, amount: number, idempotencyKey = key()) =>
  call(t.app, parties.contractor, 'POST', '/payouts', { method_id: methodId, amount, currency: 'XAF' }, { 'idempotency-key': idempotencyKey });

describe('payout methods', () => {
  it('needs the current password, masks the number, waits 72 hours and e-mails the owner', async () => {
    const wrong = await call(t.app, parties.contractor, 'POST', '/payout-methods', {
      kind: 'mobile_money',
      operator: 'mtn',
      phone: ACCOUNTS.paid,
      holder_name: 'Paul Mbarga',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is not correct.']);

    const method = await addPhone(ACCOUNTS.paid);
    expect(method.masked).toBe('••••••••0000');
    expect(method.usable).toBe(false);
    expect(new Date(method.usable_from).getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    const mail = await latestMail(t.app, parties.contractor.email);
    expect(mail?.subject).toBe('Your payout method was changed');
    expect(mail?.text).toContain('MTN Mobile Money ••••••••0000 (Paul Mbarga)');

    const early = await requestPayout(method.id, 100_000);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This payout method can be used 72 hours after it was added.');
    expect(await available()).toBe(3_000_000);
  });

  it('refuses a bad IBAN or number with the field named, and a client altogether', async () => {
    const badIban = await call(t.app, parties.contractor, 'POST', '/payout-methods', {
      kind: 'bank',
      account_number: 'FR76 3000 6000 0112 3456 7890 188',
      holder_name: 'Paul Mbarga',
      password: GOOD_PASSWORD,
    });
    expect(badIban.statusCode).toBe(422);
    expect(Object.keys(badIban.json().errors)).toEqual(['account_number']);
    const goodIban = await call(t.app, parties.contractor, 'POST', '/payout-methods', {
      kind: 'bank',
      account_number: 'FR76 3000 6000 0112 3456 7890 189',
      holder_name: 'Paul Mbarga',
      currency: 'EUR',
      password: GOOD_PASSWORD,
    });
    expect(goodIban.statusCode).toBe(201);
    const client = await call(t.app, parties.client, 'GET', '/payouts');
    expect(client.statusCode).toBe(403);
  });
});

describe('payouts', () => {
  let paidMethod: string;
  beforeAll(async () => {
    paidMethod = (await addPhone(ACCOUNTS.paid)).id;
    expect((await advanceClock(73)).statusCode).toBe(200);
  });

  it('goes pending → in transit → paid, one ledger transfer per step, and reconciles', async () => {
    const payoutKey = key();
    const response = await requestPayout(paidMethod, 1_000_000, payoutKey);
    expect(response.statusCode).toBe(201);
    const payout = response.json();
    expect(payout.status).toBe('in_transit');
    expect(payout.provider_fee).toBe(sandboxFee(1_000_000));
    // The same key and body: the same payout, not a second one.
    expect((await requestPayout(paidMethod, 1_000_000, payoutKey)).json().id).toBe(payout.id);
    expect(await available()).toBe(2_000_000);

    const reference = (await t.db.query<{ provider_reference: string }>('SELECT provider_reference FROM payouts WHERE id = $1', [payout.id])).rows[0]!
      .provider_reference;
    const callback = (await sandbox.settle(reference))!;
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/callbacks/sandbox',
      headers: callback.headers,
      payload: callback.body,
    });
    expect(delivered.statusCode).toBe(200);
    // A duplicate callback changes nothing.
    await t.app.inject({ method: 'POST', url: '/api/v1/payouts/callbacks/sandbox', headers: callback.headers, payload: callback.body });
    const after = (await overview()).data.find((p: { id: string }) => p.id === payout.id);
    expect(after.status).toBe('paid');
    const { rows: steps } = await t.db.query<{ step: string }>('SELECT step FROM payout_steps WHERE payout_id = $1 ORDER BY created_at, step', [
      payout.id,
    ]);
    expect(steps.map((s) => s.step).sort()).toEqual(['hold', 'in_transit', 'paid']);
    expect((await overview()).balances[0]).toMatchObject({ available: 2_000_000, paid_out: 1_000_000 });

    expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
    const reconciliation = (await call(t.app, parties.admin as Person, 'GET', '/admin/payouts/reconciliation')).json();
    expect(reconciliation).toMatchObject({ ok: true, mismatches: [] });
  });

  it('refuses a forged callback and posts nothing', async () => {
    const payout = (await requestPayout(paidMethod, 50_000)).json();
    const reference = (await t.db.query<{ provider_reference: string }>('SELECT provider_reference FROM payouts WHERE id = $1', [payout.id])).rows[0]!
      .provider_reference;
    const body = JSON.stringify({ payout_id: reference, status: 'FAILED', amount: '50000', fee: '500', currency: 'XAF', failure_reason: null });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/callbacks/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect((await overview()).data.find((p: { id: string }) => p.id === payout.id).status).toBe('in_transit');
    // The poller settles it when its callback is lost.
    await sandbox.settle(reference);
    await pollPayouts(t.db, sandbox);
    expect((await overview()).data.find((p: { id: string }) => p.id === payout.id).status).toBe('paid');
  });

  it('a payout that fails returns its money to the balance; one paid then returned comes back too', async () => {
    const failing = (await addPhone(ACCOUNTS.failed)).id;
    const returning = (await addPhone(ACCOUNTS.returned, 'orange')).id;
    await advanceClock(73);
    const before = await available();
    const failed = (await requestPayout(failing, 200_000)).json();
    const returned = (await requestPayout(returning, 300_000)).json();
    expect(await available()).toBe(before - 500_000);
    for (const payout of [failed, returned]) {
      const { rows } = await t.db.query<{ provider_reference: string }>('SELECT provider_reference FROM payouts WHERE id = $1', [payout.id]);
      const first = (await sandbox.settle(rows[0]!.provider_reference))!;
      await t.app.inject({ method: 'POST', url: '/api/v1/payouts/callbacks/sandbox', headers: first.headers, payload: first.body });
    }
    const mid = (await overview()).data;
    expect(mid.find((p: { id: string }) => p.id === failed.id).status).toBe('failed');
    expect(mid.find((p: { id: string }) => p.id === returned.id).status).toBe('paid');
    expect(await available()).toBe(before - 300_000);
    const { rows } = await t.db.query<{ provider_reference: string }>('SELECT provider_reference FROM payouts WHERE id = $1', [returned.id]);
    const back = (await sandbox.settle(rows[0]!.provider_reference))!;
    await t.app.inject({ method: 'POST', url: '/api/v1/payouts/callbacks/sandbox', headers: back.headers, payload: back.body });
    expect((await overview()).data.find((p: { id: string }) => p.id === returned.id).status).toBe('returned');
    expect(await available()).toBe(before);
    expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
    expect((await call(t.app, parties.admin as Person, 'GET', '/admin/payouts/reconciliation')).json().ok).toBe(true);

    // The admin retries the failed one: a new payout of the same amount from the balance.
    const retried = await call(t.app, parties.admin as Person, 'POST', `/admin/payouts/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(await available()).toBe(before - 200_000);
  });

  it('refuses more than the balance, and a holder the provider has not verified', async () => {
    const tooMuch = await requestPayout(paidMethod, 999_000_000);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('The amount is more than your available balance.');
    const unverified = (await addPhone(ACCOUNTS.kycPending)).id;
    await advanceClock(73);
    const kyc = await requestPayout(unverified, 1_000);
    expect(kyc.statusCode).toBe(409);
    expect(kyc.json().message).toBe('The payment provider has not verified this account holder yet.');
  });

  it('lets an admin list and hold a payout until released; pays the balance out by itself when the payee chose it', async () => {
    await t.db.query('INSERT INTO test_clock (id, offset_seconds) VALUES (true, 0) ON CONFLICT (id) DO NOTHING');
    const list = (await call(t.app, parties.admin as Person, 'GET', '/admin/payouts')).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.data[0].payee.email).toBe(parties.contractor.email);

    // A payout not yet handed to the provider (created without its dispatch), held by the team: the round leaves it.
    const held = await t.db.transaction((tx) =>
      createPayout(tx, sandbox, { userId: parties.contractor.id, methodId: paidMethod, amount: 10_000, currency: 'XAF', automatic: false }),
    );
    expect((await call(t.app, parties.admin as Person, 'POST', `/admin/payouts/${held.id}/hold`)).json()).toMatchObject({
      status: 'pending',
      held: true,
    });
    await pollPayouts(t.db, sandbox);
    expect((await overview()).data.find((p: { id: string }) => p.id === held.id)).toMatchObject({ status: 'pending', held: true });
    const released = await call(t.app, parties.admin as Person, 'POST', `/admin/payouts/${held.id}/release`);
    expect(released.json()).toMatchObject({ status: 'in_transit', held: false });
    expect((await call(t.app, parties.admin as Person, 'POST', `/admin/payouts/${held.id}/hold`)).statusCode).toBe(409);

    expect((await call(t.app, parties.contractor, 'PUT', '/payouts/settings', { automatic: true })).json()).toEqual({ automatic: true });
    // The newest usable method is the KYC-pending one: remove it (password again) so the automatic payout can go.
    const methods = (await call(t.app, parties.contractor, 'GET', '/payout-methods')).json().data;
    for (const method of methods.filter((m: { masked: string }) => !m.masked.endsWith('0000'))) {
      expect((await call(t.app, parties.contractor, 'DELETE', `/payout-methods/${method.id}`, { password: GOOD_PASSWORD })).statusCode).toBe(200);
    }
    const report = await pollPayouts(t.db, sandbox);
    expect(report.automatic).toBe(1);
    expect(await available()).toBe(0);
    expect((await ledgerCheck(t.app, parties)).ok).toBe(true);
  });

  it('sends a PDF receipt in the payee’s language with the figures', async () => {
    const payout = (await overview()).data.at(-1);
    const response = await call(t.app, parties.contractor, 'GET', `/payouts/${payout.id}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, parties.client, 'GET', `/payouts/${payout.id}/receipt`)).statusCode).toBe(403);
  });

  it('sends the contract’s statement as a numbered PDF to its parties, the same number each time, and to nobody else', async () => {
    const url = `/contracts/${contractId}/receipt`;
    const first = await call(t.app, parties.client, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await call(t.app, parties.contractor, 'GET', url);
    const { rows } = await t.db.query("SELECT number FROM receipts WHERE kind = 'statement' AND subject_id = $1", [contractId]);
    expect(rows).toHaveLength(1);
    const stranger = await createParties(t.app, t.db, 'Other');
    expect((await call(t.app, stranger.client, 'GET', url)).statusCode).toBe(404);
  });
});

describe('the payout vocabulary', () => {
  it.each([
    ['payouts', 'status', PAYOUT_STATUSES],
    ['payout_methods', 'kind', PAYOUT_METHOD_KINDS],
    ['payout_methods', 'operator', MOBILE_OPERATORS],
  ])('of %s.%s is the list shared/contract gives the API and the screens', async (table, column, list) => {
    const { rows } = await t.db.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.conrelid = $1::regclass AND c.contype = 'c' AND cardinality(c.conkey) = 1 AND a.attname = $2`,
      [table, column],
    );
    const definition = rows.map((row) => row.definition).find((text) => /= ANY|IN \(/.test(text))!;
    expect([...definition.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort()).toEqual([...list].sort());
  });
});
