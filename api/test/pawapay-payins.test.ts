import { generateKeyPairSync } from 'node:crypto';
import type { Database } from '../src/db/database';
import { PAWAPAY_TEST_PHONES, startPawapayDouble, type PawapayDouble } from '../src/payments/doubles/pawapay-double';
import type { PayinProvider } from '../src/payments/payin-provider';
import { depositIdOf, PAWAPAY_CALLBACK_PATH } from '../src/payments/payins/pawapay-payins';
import { reconcilePayins } from '../src/payments/payins/payin-service';
import { createTestApp, type TestApp } from './test-app';
import { createContract, createParties, getContract, key, ledgerCheck, paymentState, startFunding, type EscrowParties } from './escrow-helpers';

/*
 * Mobile-money pay-ins through the pawaPay adapter against the local pawaPay
 * double, chosen by configuration (`PAYIN_MOBILE_PROVIDER=pawapay`,
 * `PAWAPAY_API_BASE` at the double, its callback key): the fund call asks
 * pawaPay for a deposit, the payer approves on the phone, and the milestone is
 * funded when the signed callback (or the reconciliation poller, for a lost
 * one) says it is COMPLETED, once.
 */

const TOKEN = 'pawapay-double-token';
const CALLBACK_HOST = 'api.fundament.test';

let pawapay: PawapayDouble;
let t: TestApp;
let db: Database;
let parties: EscrowParties;
let provider: PayinProvider;

beforeAll(async () => {
  pawapay = await startPawapayDouble({
    apiToken: TOKEN,
    callbackUrl: `https://${CALLBACK_HOST}${PAWAPAY_CALLBACK_PATH}`,
    settleAfterMs: null,
    // pawaPay's callbacks arrive at our endpoint with the Host they were signed for.
    deliver: async (body, headers) => {
      const response = await t.app.inject({ method: 'POST', url: PAWAPAY_CALLBACK_PATH, headers, payload: body });
      if (response.statusCode !== 200) throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
    },
  });
  t = await createTestApp(
    {},
    {
      env: {
        PAYIN_MOBILE_PROVIDER: 'pawapay',
        PAWAPAY_API_TOKEN: TOKEN,
        PAWAPAY_API_BASE: pawapay.url,
        // As an environment file holds a PEM: on one line.
        PAWAPAY_CALLBACK_PUBLIC_KEY: pawapay.publicKeyPem.replace(/\n/g, '\\n'),
      },
    },
  );
  db = t.db;
  provider = t.app.payins.byName('pawapay')!;
  parties = await createParties(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await pawapay.close();
});

async function opened(phone: string = PAWAPAY_TEST_PHONES.succeeds, operator: 'mtn' | 'orange' = 'mtn', currency = 'XAF') {
  const contractId = await createContract(t.app, parties, [{ title: 'Foundations', amount: 400_000 }], currency);
  const [milestone] = (await getContract(t.app, parties.client, contractId)).milestones;
  const idempotencyKey = key();
  const started = await startFunding(t.app, parties.client, contractId, milestone!.id, idempotencyKey, { method: 'mobile_money', operator, phone });
  const { rows } = await db.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [milestone!.id]);
  const reference = rows[0]?.provider_key ?? '';
  return {
    contractId,
    milestoneId: milestone!.id,
    total: milestone!.total,
    idempotencyKey,
    started,
    reference,
    depositId: reference && depositIdOf(reference),
  };
}

async function fundings(milestoneId: string) {
  const { rows } = await db.query<{ amount: string }>("SELECT amount FROM ledger_transfers WHERE milestone_id = $1 AND code = 'funding'", [
    milestoneId,
  ]);
  return rows.map((row) => Number(row.amount));
}

const state = async (m: { contractId: string; milestoneId: string }) =>
  (await paymentState(t.app, parties.client, m.contractId, m.milestoneId)).json();
const reconcile = () => reconcilePayins(db, t.app.payins, 0);
const postCallback = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: PAWAPAY_CALLBACK_PATH, headers, payload: body });

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
}

describe('a mobile-money funding through pawaPay', () => {
  it('asks for a deposit, waits for the approval on the phone, and funds once on the signed callback', async () => {
    const m = await opened();
    expect(m.started.statusCode).toBe(202);
    expect(m.started.json().payment).toMatchObject({ state: 'pending', method: 'mobile_money', redirect_url: null, phone_last4: '0000' });
    expect(new Date(m.started.json().payment.expires_at as string).getTime()).toBeGreaterThan(Date.now());
    const asked = pawapay.requests.find(
      (r) => r.method === 'POST' && r.path === '/deposits' && (r.body as { depositId: string }).depositId === m.depositId,
    );
    expect(asked?.body).toMatchObject({
      depositId: m.depositId,
      amount: String(m.total),
      currency: 'XAF',
      correspondent: 'MTN_MOMO_CMR',
      country: 'CMR',
      payer: { type: 'MSISDN', address: { value: PAWAPAY_TEST_PHONES.succeeds } },
      statementDescription: expect.stringMatching(/^[A-Za-z0-9 ]{4,22}$/),
    });
    // The same key again: pawaPay hears the same depositId (DUPLICATE_IGNORED), no second request to the phone.
    const again = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey, {
      method: 'mobile_money',
      operator: 'mtn',
      phone: PAWAPAY_TEST_PHONES.succeeds,
    });
    expect(again.statusCode).toBe(202);
    expect(await state(m)).toMatchObject({ state: 'pending' });
    expect(await fundings(m.milestoneId)).toEqual([]);

    await pawapay.settle(m.depositId);
    expect(pawapay.deposit(m.depositId)).toMatchObject({ status: 'COMPLETED', depositedAmount: String(m.total) });
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
    expect(await state(m)).toMatchObject({ state: 'funded', method: 'mobile_money' });
    expect(await reconcile()).toMatchObject({ posted: 0 });
    await expectLedgerOk();
  });

  it('takes Orange Money numbers through ORANGE_CMR', async () => {
    const m = await opened(PAWAPAY_TEST_PHONES.succeedsOrange, 'orange');
    expect(pawapay.deposit(m.depositId)).toMatchObject({ correspondent: 'ORANGE_CMR' });
    await pawapay.settle(m.depositId);
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
  });

  it('funds once when the callback comes twice, and once more later', async () => {
    const m = await opened();
    pawapay.duplicateNext();
    await pawapay.settle(m.depositId);
    const callback = pawapay.callbackFor(m.depositId)!;
    expect((await postCallback(callback.body, callback.headers)).statusCode).toBe(200);
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
    await expectLedgerOk();
  });

  it('whose callback is lost is settled by the reconciliation poller', async () => {
    const m = await opened();
    pawapay.dropNext();
    await pawapay.settle(m.depositId);
    expect(await fundings(m.milestoneId)).toEqual([]);
    expect(await reconcile()).toMatchObject({ posted: 1 });
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
    await expectLedgerOk();
  });

  it('declined on the phone, or for want of funds: kept as a decline with the key, nothing held', async () => {
    for (const phone of [PAWAPAY_TEST_PHONES.declined, PAWAPAY_TEST_PHONES.insufficientFunds]) {
      const m = await opened(phone);
      await pawapay.settle(m.depositId);
      expect(await state(m)).toMatchObject({ state: 'declined' });
      const retry = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey, {
        method: 'mobile_money',
        operator: 'mtn',
        phone,
      });
      expect(retry.statusCode).toBe(402);
      expect(await fundings(m.milestoneId)).toEqual([]);
    }
  });

  it('failed at the operator: the key is freed for a new attempt', async () => {
    const m = await opened(PAWAPAY_TEST_PHONES.fails);
    await pawapay.settle(m.depositId);
    expect(pawapay.deposit(m.depositId)).toMatchObject({ status: 'FAILED', failureReason: { failureCode: 'OTHER_ERROR' } });
    expect(await state(m)).toMatchObject({ state: 'failed' });
    expect(await fundings(m.milestoneId)).toEqual([]);
  });

  it('pending for ever: waits while the approval may come, then is given up after its expiry, holding nothing', async () => {
    const m = await opened(PAWAPAY_TEST_PHONES.pending);
    await pawapay.settle(m.depositId);
    expect(pawapay.deposit(m.depositId)).toMatchObject({ status: 'SUBMITTED' });
    await reconcile();
    expect(await state(m)).toMatchObject({ state: 'pending' });
    await db.query("UPDATE payment_intents SET expires_at = now() - interval '1 second' WHERE milestone_id = $1", [m.milestoneId]);
    expect(await reconcile()).toMatchObject({ cancelled: 1 });
    expect(await state(m)).toMatchObject({ state: 'expired' });
    expect(await fundings(m.milestoneId)).toEqual([]);
  });

  it('refuses a forged or altered callback and posts nothing', async () => {
    const m = await opened();
    pawapay.dropNext();
    await pawapay.settle(m.depositId);
    const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forged = pawapay.callbackFor(m.depositId, stranger)!;
    expect((await postCallback(forged.body, forged.headers)).statusCode).toBe(401);
    const real = pawapay.callbackFor(m.depositId)!;
    const altered = real.body.replace(`"requestedAmount":"${m.total}"`, `"requestedAmount":"${m.total * 10}"`);
    expect(altered).not.toBe(real.body);
    expect((await postCallback(altered, real.headers)).statusCode).toBe(401);
    expect((await postCallback(real.body, { ...real.headers, host: 'elsewhere.test' })).statusCode).toBe(401);
    const { signature: _dropped, ...unsigned } = real.headers;
    expect((await postCallback(real.body, unsigned)).statusCode).toBe(401);
    expect(await fundings(m.milestoneId)).toEqual([]);
    expect((await postCallback(real.body, real.headers)).statusCode).toBe(200);
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
  });

  it('a number pawaPay refuses, or a currency it does not take, is answered at once and holds nothing', async () => {
    // An Orange number sent as MTN: pawaPay rejects the payer.
    const wrong = await opened(PAWAPAY_TEST_PHONES.succeedsOrange, 'mtn');
    expect(wrong.started.statusCode).toBe(422);
    expect(await state(wrong)).toMatchObject({ state: 'failed' });
    const euros = await opened(PAWAPAY_TEST_PHONES.succeeds, 'mtn', 'EUR');
    expect(euros.started.statusCode).toBe(422);
    expect(await fundings(euros.milestoneId)).toEqual([]);
  });

  it('is answered 502 while pawaPay fails, and the key is free again', async () => {
    pawapay.failNext();
    const m = await opened();
    expect(m.started.statusCode).toBe(502);
    const again = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey, {
      method: 'mobile_money',
      operator: 'mtn',
      phone: PAWAPAY_TEST_PHONES.succeeds,
    });
    expect(again.statusCode).toBe(202);
  });
});

describe('the pawaPay adapter', () => {
  it('refunds a completed deposit once per refund id, never more than was paid', async () => {
    const m = await opened();
    await pawapay.settle(m.depositId);
    expect(await provider.refund(m.reference, 100_000, 'refund-a')).toEqual({ state: 'completed' });
    expect(await provider.refund(m.reference, 100_000, 'refund-a')).toEqual({ state: 'completed' });
    const refunds = pawapay.requests.filter((r) => r.method === 'POST' && r.path === '/refunds');
    expect(new Set(refunds.map((r) => (r.body as { refundId: string }).refundId)).size).toBe(1);
    expect(await provider.refund(m.reference, m.total, 'refund-b')).toEqual({ state: 'failed' });
    const unpaid = await opened(PAWAPAY_TEST_PHONES.pending);
    expect(await provider.refund(unpaid.reference, 1_000, 'refund-c')).toEqual({ state: 'failed' });
  });

  it('reads each deposit back for the reconciliation, and knows none it was never asked for', async () => {
    const m = await opened();
    await pawapay.settle(m.depositId);
    const payin = await provider.payinStatus(m.reference);
    expect(payin).toEqual({
      reference: m.reference,
      providerReference: m.depositId,
      state: 'completed',
      amount: m.total,
      currency: 'XAF',
      fee: 0,
      last4: '0000',
      refunded: 0,
    });
    const all = await provider.transactions();
    expect(all.find((p) => p.reference === m.reference)).toEqual(payin);
    expect(await provider.payinStatus('pi_00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
