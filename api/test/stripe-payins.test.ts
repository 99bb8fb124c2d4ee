import Stripe from 'stripe';
import type { Database } from '../src/db/database';
import { startStripeDouble, STRIPE_TEST_CARDS, type StripeDouble } from '../src/payments/doubles/stripe-double';
import { reconcilePayins } from '../src/payments/payins/payin-service';
import type { StripePayinProvider } from '../src/payments/payins/stripe-payins';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './test-app';
import { createContract, createParties, getContract, key, ledgerCheck, paymentState, startFunding, type EscrowParties } from './escrow-helpers';

/*
 * Card pay-ins through the Stripe adapter (the official SDK) against the
 * local Stripe double, chosen by configuration as a deployment chooses it
 * (`PAYIN_CARD_PROVIDER=stripe`, `STRIPE_API_BASE` pointing at the double).
 * The fund call opens a Checkout Session and sends the client to its page;
 * the milestone is funded when Stripe's signed webhook (or the client's
 * return, or the reconciliation round) says the session is paid, once.
 */

const SECRET_KEY = 'sk_test_double_0123456789';
const WEBHOOK_SECRET = 'whsec_double_0123456789';

let stripe: StripeDouble;
let t: TestApp;
let db: Database;
let parties: EscrowParties;
let provider: StripePayinProvider;

beforeAll(async () => {
  stripe = await startStripeDouble({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp(
    {},
    { env: { PAYIN_CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url } },
  );
  db = t.db;
  provider = t.app.payins.byName('stripe') as StripePayinProvider;
  // Stripe's events come to our webhook endpoint, raw body and signature as sent.
  stripe.setWebhook(async (body, headers) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/stripe', headers, payload: body });
    if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  });
  parties = await createParties(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function opened(currency = 'EUR', amount = 250_000) {
  const contractId = await createContract(t.app, parties, [{ title: 'Foundations', amount }], currency);
  const [milestone] = (await getContract(t.app, parties.client, contractId)).milestones;
  const idempotencyKey = key();
  const started = await startFunding(t.app, parties.client, contractId, milestone!.id, idempotencyKey);
  expect(started.statusCode).toBe(202);
  const url = started.json().payment.redirect_url as string;
  const sessionId = /\/pay\/(cs_test_[0-9a-f]+)$/.exec(url)![1]!;
  const { rows } = await db.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [milestone!.id]);
  return { contractId, milestoneId: milestone!.id, total: milestone!.total, idempotencyKey, url, sessionId, reference: rows[0]!.provider_key };
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

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
}

describe('a card funding through Stripe Checkout', () => {
  it('opens a hosted session with our reference and funds the milestone once when Stripe confirms', async () => {
    const m = await opened();
    expect(m.url.startsWith(`${stripe.url}/pay/cs_test_`)).toBe(true);
    const create = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.idempotencyKey === `checkout:${m.reference}`,
    );
    expect(create).toBeDefined();
    expect(stripe.object(m.sessionId)).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      amount_total: m.total,
      currency: 'eur',
      client_reference_id: m.reference,
      metadata: { reference: m.reference },
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      success_url: expect.stringContaining(`/main/escrow/${m.contractId}?payment=${m.milestoneId}`),
    });
    // The same key again answers the same session: no second one at Stripe.
    const again = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey);
    expect(again.json().payment.redirect_url).toBe(m.url);
    expect(stripe.requests.filter((r) => r.idempotencyKey === `checkout:${m.reference}`)).toHaveLength(1);
    expect(await fundings(m.milestoneId)).toEqual([]);

    // The browser on Stripe's page: it shows the test cards, paying sends the client back to us.
    const page = await fetch(m.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(STRIPE_TEST_CARDS.succeeds);
    const paid = await fetch(m.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `choice=pay&card=${STRIPE_TEST_CARDS.succeeds}`,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/main/escrow/${m.contractId}?payment=${m.milestoneId}`);
    expect(stripe.events.map((e) => e.type).slice(-2)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);

    expect(await fundings(m.milestoneId)).toEqual([m.total]);
    expect(await state(m)).toMatchObject({ state: 'funded', method: 'card' });
    const replay = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payment).toMatchObject({ status: 'succeeded', amount: m.total, card_last4: '4242' });
    expect(await reconcile()).toMatchObject({ posted: 0, cancelled: 0 });
    await expectLedgerOk();
  });

  it('funds once when Stripe sends its events twice and an old one again', async () => {
    const m = await opened();
    stripe.duplicateNext(2);
    await stripe.pay(m.sessionId, STRIPE_TEST_CARDS.succeeds);
    const completed = stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    await stripe.resend(completed.id);
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
    await expectLedgerOk();
  });

  it('whose webhooks are lost is funded by the client coming back, or by the reconciliation round', async () => {
    const back = await opened();
    stripe.dropNext(2);
    await stripe.pay(back.sessionId, STRIPE_TEST_CARDS.succeeds);
    expect(await fundings(back.milestoneId)).toEqual([]);
    expect(await state(back)).toMatchObject({ state: 'funded' });
    expect(await fundings(back.milestoneId)).toEqual([back.total]);

    const lost = await opened();
    stripe.dropNext(2);
    await stripe.pay(lost.sessionId, STRIPE_TEST_CARDS.succeeds);
    expect(await reconcile()).toMatchObject({ posted: 1 });
    expect(await fundings(lost.milestoneId)).toEqual([lost.total]);
    // The webhook coming late after all moves nothing more.
    await stripe.resend(stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!.id);
    expect(await fundings(lost.milestoneId)).toEqual([lost.total]);
    await expectLedgerOk();
  });

  it('declined: the decline is kept with the key, the session is closed at Stripe, nothing is held', async () => {
    const m = await opened();
    const answer = await stripe.pay(m.sessionId, STRIPE_TEST_CARDS.declined);
    expect(answer.status).toBe(402);
    expect(stripe.object(m.sessionId)).toMatchObject({ status: 'expired' });
    expect(await state(m)).toMatchObject({ state: 'declined' });
    const retry = await startFunding(t.app, parties.client, m.contractId, m.milestoneId, m.idempotencyKey);
    expect(retry.statusCode).toBe(402);
    expect(await fundings(m.milestoneId)).toEqual([]);
    // A new attempt (a new key) opens a new session.
    const next = await startFunding(t.app, parties.client, m.contractId, m.milestoneId);
    expect(next.statusCode).toBe(202);
    expect(next.json().payment.redirect_url).not.toBe(m.url);
  });

  it('insufficient funds is a decline too; a processing error fails and frees the key', async () => {
    const poor = await opened();
    await stripe.pay(poor.sessionId, STRIPE_TEST_CARDS.insufficientFunds);
    expect(await state(poor)).toMatchObject({ state: 'declined' });

    const failing = await opened();
    await stripe.pay(failing.sessionId, STRIPE_TEST_CARDS.processingError);
    expect(await state(failing)).toMatchObject({ state: 'failed' });
    const again = await startFunding(t.app, parties.client, failing.contractId, failing.milestoneId, failing.idempotencyKey);
    expect(again.statusCode).toBe(202);
    expect(await fundings(failing.milestoneId)).toEqual([]);
  });

  it('left open, then expired by Stripe: pending until then, given up after, even when the expiry event is lost', async () => {
    const heard = await opened();
    const unheard = await opened();
    expect(await reconcile()).toMatchObject({ posted: 0, cancelled: 0 });
    expect(await state(heard)).toMatchObject({ state: 'pending' });
    await stripe.expire(heard.sessionId);
    expect(await state(heard)).toMatchObject({ state: 'expired' });
    stripe.dropNext();
    await stripe.expire(unheard.sessionId);
    expect(await reconcile()).toMatchObject({ cancelled: 1 });
    expect(await state(unheard)).toMatchObject({ state: 'expired' });
    for (const m of [heard, unheard]) expect(await fundings(m.milestoneId)).toEqual([]);
    // Closed: its key is free for a new payment.
    expect((await startFunding(t.app, parties.client, unheard.contractId, unheard.milestoneId, unheard.idempotencyKey)).statusCode).toBe(202);
  });

  it('refuses a forged or altered webhook and posts nothing', async () => {
    const m = await opened();
    stripe.dropNext(2);
    await stripe.pay(m.sessionId, STRIPE_TEST_CARDS.succeeds);
    const event = stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
    expect((await post(event.body, stripe.sign(event.body, 'whsec_someone_else'))).statusCode).toBe(401);
    expect((await post(event.body.replace('"livemode": false', '"livemode": true'), stripe.sign(event.body))).statusCode).toBe(401);
    expect((await post(event.body, '')).statusCode).toBe(401);
    // Signed five minutes too early: outside the SDK's tolerance.
    expect((await post(event.body, stripe.sign(event.body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).statusCode).toBe(401);
    expect(await fundings(m.milestoneId)).toEqual([]);
    expect((await post(event.body, stripe.sign(event.body))).statusCode).toBe(200);
    expect(await fundings(m.milestoneId)).toEqual([m.total]);
  });

  it('is answered 502 while Stripe fails, and the key is free again', async () => {
    const contractId = await createContract(t.app, parties, [{ title: 'Roof', amount: 100_000 }], 'EUR');
    const [milestone] = (await getContract(t.app, parties.client, contractId)).milestones;
    const idempotencyKey = key();
    // The SDK repeats a failed call twice, with the same idempotency key.
    stripe.failNext(3);
    expect((await startFunding(t.app, parties.client, contractId, milestone!.id, idempotencyKey)).statusCode).toBe(502);
    expect((await startFunding(t.app, parties.client, contractId, milestone!.id, idempotencyKey)).statusCode).toBe(202);
  });
});

describe('the Stripe adapter', () => {
  it('refunds a paid session once per refund id, never more than was paid', async () => {
    const m = await opened('EUR', 100_000);
    await stripe.pay(m.sessionId, STRIPE_TEST_CARDS.succeeds);
    expect(await provider.refund(m.reference, 30_000, 'refund-1')).toEqual({ state: 'completed' });
    expect(await provider.refund(m.reference, 30_000, 'refund-1')).toEqual({ state: 'completed' });
    expect((await provider.payinStatus(m.reference))!.refunded).toBe(30_000);
    expect(await provider.refund(m.reference, m.total, 'refund-2')).toEqual({ state: 'failed' });
    expect((await provider.payinStatus(m.reference))!.refunded).toBe(30_000);
    const unpaid = await opened();
    expect(await provider.refund(unpaid.reference, 1_000, 'refund-3')).toEqual({ state: 'failed' });
  });

  it('reads the state, the fee and the card from Stripe, and lists every session for the reconciliation', async () => {
    const m = await opened('XAF', 500_000);
    await stripe.pay(m.sessionId, STRIPE_TEST_CARDS.succeeds);
    const payin = (await provider.payinStatus(m.reference))!;
    const session = stripe.object(m.sessionId)!;
    const intent = stripe.object(String(session.payment_intent))!;
    const charge = stripe.object(String(intent.latest_charge))!;
    const txn = stripe.object(String(charge.balance_transaction))!;
    expect(payin).toEqual({
      reference: m.reference,
      providerReference: intent.id,
      state: 'completed',
      amount: m.total,
      currency: 'XAF',
      fee: txn.fee,
      last4: '4242',
      refunded: 0,
    });
    expect(Number(txn.fee)).toBeGreaterThan(0);
    const all = await provider.transactions();
    expect(all.find((p) => p.reference === m.reference)).toEqual(payin);
    const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM payment_intents WHERE provider = 'stripe'");
    expect(all).toHaveLength(Number(rows[0]!.n));
    expect(await provider.payinStatus('pi_never-sent')).toBeNull();
  });

  it('the double speaks Stripe: idempotency, error shapes, authentication', async () => {
    const client = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http', maxNetworkRetries: 0 });
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      success_url: 'https://example.test/back',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 1_000, product_data: { name: 'Walls' } } }],
    };
    const first = await client.checkout.sessions.create(params, { idempotencyKey: 'same-key' });
    const second = await client.checkout.sessions.create(params, { idempotencyKey: 'same-key' });
    expect(second.id).toBe(first.id);
    await expect(
      client.checkout.sessions.create({ ...params, success_url: 'https://example.test/other' }, { idempotencyKey: 'same-key' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const missing = await client.checkout.sessions.retrieve('cs_test_nothing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const invalid = await client.checkout.sessions
      .create({ ...params, line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 0, product_data: { name: 'x' } } }] })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'line_items[0][price_data][unit_amount]' });
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(stranger.checkout.sessions.retrieve(first.id)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('choosing the providers', () => {
  it('refuses a misspelt provider or a missing key at start-up rather than quietly using the sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYIN_CARD_PROVIDER: 'stirpe' })).toThrow(
      'Invalid PAYIN_CARD_PROVIDER: stirpe (one of sandbox, stripe)',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYIN_CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET must be set with PAYIN_CARD_PROVIDER=stripe',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYIN_MOBILE_PROVIDER: 'pawapay' })).toThrow(
      'PAWAPAY_API_TOKEN and PAWAPAY_CALLBACK_PUBLIC_KEY must be set with PAYIN_MOBILE_PROVIDER=pawapay',
    );
    const sandbox = loadConfig({ NODE_ENV: 'test' }).escrow;
    expect(sandbox).toMatchObject({ payinCardProvider: 'sandbox', payinMobileProvider: 'sandbox' });
    expect(sandbox.stripe).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', PAYIN_MOBILE_PROVIDER: 'pawapay', PAWAPAY_API_TOKEN: 't', PAWAPAY_CALLBACK_PUBLIC_KEY: 'k' }).escrow.pawapay,
    ).toEqual({
      apiToken: 't',
      apiBase: 'https://api.sandbox.pawapay.io',
      callbackPublicKey: 'k',
    });
  });
});
