import type { Database } from '../src/db/database';
import { reconcilePayins } from '../src/payments/payins/payin-service';
import { SANDBOX_TEST_PHONES, type SandboxPayinProvider } from '../src/payments/payins/sandbox-payins';
import { createTestApp, type TestApp } from './test-app';
import {
  CARDS,
  createContract,
  createParties,
  deliverWebhook,
  fund,
  getContract,
  key,
  ledgerCheck,
  payOnHostedPage,
  paymentState,
  sandboxPayins,
  startFunding,
  type EscrowParties,
} from './escrow-helpers';

/*
 * Pay-ins through the embedded sandbox provider: the fund call opens a pay-in
 * (a hosted card page or a mobile-money approval) and holds nothing; the
 * milestone is funded when the provider confirms, once, whether the webhook,
 * the client's return from the page or the reconciliation round brings the
 * news, in any order and any number of times. Nothing the client types on
 * the page reaches the API, and a forged webhook moves nothing.
 */

let t: TestApp;
let db: Database;
let sandbox: SandboxPayinProvider;
let parties: EscrowParties;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  sandbox = sandboxPayins(t.app);
  parties = await createParties(t.app, t.db);
});
afterAll(async () => t.close());

async function newMilestone() {
  const contractId = await createContract(t.app, parties, [{ title: 'Foundations', amount: 1_000_000 }]);
  const [milestone] = (await getContract(t.app, parties.client, contractId)).milestones;
  return { contractId, milestoneId: milestone!.id, total: milestone!.total };
}

async function fundings(milestoneId: string) {
  const { rows } = await db.query<{ amount: string }>("SELECT amount FROM ledger_transfers WHERE milestone_id = $1 AND code = 'funding'", [
    milestoneId,
  ]);
  return rows.map((row) => Number(row.amount));
}

const state = async (contractId: string, milestoneId: string) => (await paymentState(t.app, parties.client, contractId, milestoneId)).json();
const milestoneStatus = async (contractId: string) => (await getContract(t.app, parties.client, contractId)).milestones[0]!.status;
const reconcile = (grace = 0) => reconcilePayins(db, t.app.payins, grace);

async function expectLedgerOk() {
  const check = await ledgerCheck(t.app, parties);
  expect(check.checks.filter((c) => !c.ok)).toEqual([]);
}

/** A card payment opened and sent to the hosted page, nothing chosen yet. */
async function opened() {
  const milestone = await newMilestone();
  const idempotencyKey = key();
  const started = await startFunding(t.app, parties.client, milestone.contractId, milestone.milestoneId, idempotencyKey);
  expect(started.statusCode).toBe(202);
  return { ...milestone, idempotencyKey, redirectUrl: started.json().payment.redirect_url as string, started: started.json() };
}

describe('a card payment on the hosted page', () => {
  it('holds nothing until the provider confirms, then funds the milestone once', async () => {
    const { contractId, milestoneId, total, redirectUrl, started, idempotencyKey } = await opened();
    expect(started.payment).toMatchObject({ state: 'pending', method: 'card', redirect_url: expect.stringMatching(/^\/sandbox\/checkout\/sbx_pi_/) });
    expect(await milestoneStatus(contractId)).toBe('draft');
    // The same key again is the same pay-in, not a second one.
    const again = await startFunding(t.app, parties.client, contractId, milestoneId, idempotencyKey);
    expect(again.statusCode).toBe(202);
    expect(again.json().payment.redirect_url).toBe(redirectUrl);
    // Another key while it waits: one payment per milestone at a time.
    expect((await startFunding(t.app, parties.client, contractId, milestoneId)).statusCode).toBe(409);

    const page = await t.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('4242 4242 4242 4242');
    const paid = await payOnHostedPage(t.app, redirectUrl, CARDS.ok);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/main/escrow/${contractId}?payment=${milestoneId}`);

    // The webhook, twice (providers repeat them): one funding.
    expect((await deliverWebhook(t.app, milestoneId)).json()).toEqual({ received: true });
    expect((await deliverWebhook(t.app, milestoneId)).statusCode).toBe(200);
    expect(await fundings(milestoneId)).toEqual([total]);
    expect(await state(contractId, milestoneId)).toMatchObject({ state: 'funded', method: 'card' });
    const replay = await startFunding(t.app, parties.client, contractId, milestoneId, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payment).toMatchObject({ status: 'succeeded', amount: total, card_last4: '4242' });
    // The reconciliation round after all that finds nothing to do.
    expect(await reconcile()).toMatchObject({ posted: 0, cancelled: 0 });
    expect(await fundings(milestoneId)).toEqual([total]);
    await expectLedgerOk();
  });

  it('is funded by the client coming back from the page before the webhook, and the late webhook moves nothing', async () => {
    const { contractId, milestoneId, total, redirectUrl } = await opened();
    await payOnHostedPage(t.app, redirectUrl, CARDS.ok);
    expect(await state(contractId, milestoneId)).toMatchObject({ state: 'funded' });
    expect(await milestoneStatus(contractId)).toBe('funded');
    await deliverWebhook(t.app, milestoneId);
    expect(await fundings(milestoneId)).toEqual([total]);
  });

  it('whose webhook is lost is settled by the reconciliation round', async () => {
    const { contractId, milestoneId, total, redirectUrl } = await opened();
    await payOnHostedPage(t.app, redirectUrl, CARDS.ok);
    // A round within the grace period leaves the payment to its webhook.
    expect(await reconcile(3600)).toMatchObject({ posted: 0 });
    expect(await milestoneStatus(contractId)).toBe('draft');
    expect(await reconcile()).toMatchObject({ posted: 1 });
    expect(await milestoneStatus(contractId)).toBe('funded');
    expect(await fundings(milestoneId)).toEqual([total]);
  });

  it('refuses a forged webhook and posts nothing', async () => {
    const { contractId, milestoneId, redirectUrl } = await opened();
    await payOnHostedPage(t.app, redirectUrl, CARDS.ok);
    const { rows } = await db.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [milestoneId]);
    const hook = (await sandbox.webhookFor(rows[0]!.provider_key))!;
    const forged = (headers: Record<string, string>, body = hook.body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const wrongSecret = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await forged({ 'x-sandbox-signature': wrongSecret })).statusCode).toBe(401);
    expect((await forged({})).statusCode).toBe(401);
    // A signed body changed afterwards (a bigger amount) does not verify either.
    const tampered = await forged(hook.headers, hook.body.replace('"COMPLETED"', '"COMPLETED" ').replace(/"amount":"\d+"/, '"amount":"1"'));
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toBe('The webhook signature is not valid.');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/nobody', headers: hook.headers, payload: hook.body })).statusCode,
    ).toBe(404);
    expect(await fundings(milestoneId)).toEqual([]);
    expect(await milestoneStatus(contractId)).toBe('draft');
    // The client did pay: the provider's own record, asked by the round, funds the milestone.
    expect(await reconcile()).toMatchObject({ posted: 1 });
    expect(await milestoneStatus(contractId)).toBe('funded');
  });

  it('declined: the key answers the decline, nothing is held, another key may pay', async () => {
    const { contractId, milestoneId, redirectUrl, idempotencyKey } = await opened();
    await payOnHostedPage(t.app, redirectUrl, CARDS.declined);
    await deliverWebhook(t.app, milestoneId);
    expect(await state(contractId, milestoneId)).toMatchObject({ state: 'declined', message: 'Your card was declined. No money was taken.' });
    const replay = await startFunding(t.app, parties.client, contractId, milestoneId, idempotencyKey);
    expect(replay.statusCode).toBe(402);
    expect(await fundings(milestoneId)).toEqual([]);
    expect((await fund(t.app, parties.client, contractId, milestoneId)).statusCode).toBe(200);
  });

  it('failed or cancelled on the page: the key is freed and nothing is held', async () => {
    const failing = await opened();
    await payOnHostedPage(t.app, failing.redirectUrl, CARDS.failing);
    await deliverWebhook(t.app, failing.milestoneId);
    expect(await state(failing.contractId, failing.milestoneId)).toMatchObject({ state: 'failed' });
    const retried = await startFunding(t.app, parties.client, failing.contractId, failing.milestoneId, failing.idempotencyKey);
    expect(retried.statusCode).toBe(202);
    expect(retried.json().payment.redirect_url).not.toBe(failing.redirectUrl);

    const cancelled = await opened();
    const back = await payOnHostedPage(t.app, cancelled.redirectUrl, null);
    expect(back.headers.location).toBe(`/main/escrow/${cancelled.contractId}?payment=${cancelled.milestoneId}`);
    expect(await state(cancelled.contractId, cancelled.milestoneId)).toMatchObject({ state: 'failed' });
    expect(await fundings(cancelled.milestoneId)).toEqual([]);
  });

  it('pending for ever, or timed out: given up as expired after its expiry, holding nothing', async () => {
    const forever = await opened();
    await payOnHostedPage(t.app, forever.redirectUrl, CARDS.pending);
    const timeout = await opened();
    await payOnHostedPage(t.app, timeout.redirectUrl, CARDS.timeout);
    const abandoned = await opened();
    expect(await reconcile()).toMatchObject({ posted: 0 });
    for (const m of [forever, timeout, abandoned]) expect(await state(m.contractId, m.milestoneId)).toMatchObject({ state: 'pending' });
    // Their expiry passes.
    const ids = [forever, timeout, abandoned].map((m) => m.milestoneId);
    await db.query("UPDATE payment_intents SET expires_at = now() - interval '1 second' WHERE milestone_id = ANY($1::uuid[])", [ids]);
    await db.query(
      "UPDATE sandbox_payins SET expires_at = now() - interval '1 second' WHERE reference IN (SELECT provider_key FROM payment_intents WHERE milestone_id = ANY($1::uuid[]))",
      [ids],
    );
    expect(await reconcile()).toMatchObject({ posted: 0, cancelled: 3 });
    for (const m of [forever, timeout, abandoned]) {
      expect(await state(m.contractId, m.milestoneId)).toMatchObject({
        state: 'expired',
        message: 'The payment was not completed in time. No money was taken; you can start again.',
      });
      expect(await fundings(m.milestoneId)).toEqual([]);
      // A new payment can start.
      expect((await fund(t.app, parties.client, m.contractId, m.milestoneId)).statusCode).toBe(200);
    }
    await expectLedgerOk();
  });

  it('confirmed by the provider after we gave it up is posted once, as the contract’s credit', async () => {
    const late = await opened();
    await payOnHostedPage(t.app, late.redirectUrl, CARDS.pending);
    await db.query("UPDATE payment_intents SET expires_at = now() - interval '1 second' WHERE milestone_id = $1", [late.milestoneId]);
    expect(await reconcile()).toMatchObject({ cancelled: 1 });
    expect((await fund(t.app, parties.client, late.contractId, late.milestoneId)).statusCode).toBe(200);
    // The provider settles the old one after all, and says so twice.
    await db.query(
      "UPDATE sandbox_payins SET status = 'COMPLETED', last4 = '0051' WHERE reference = (SELECT provider_key FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at LIMIT 1)",
      [late.milestoneId],
    );
    const { rows } = await db.query<{ provider_key: string }>(
      'SELECT provider_key FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at LIMIT 1',
      [late.milestoneId],
    );
    const hook = (await sandbox.webhookFor(rows[0]!.provider_key))!;
    for (let i = 0; i < 2; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers: hook.headers, payload: hook.body });
    }
    expect(await fundings(late.milestoneId)).toEqual([late.total, late.total]);
    const contract = await getContract(t.app, parties.client, late.contractId);
    expect(contract.account.funded).toBe(2 * late.total);
    await expectLedgerOk();
  });

  it('can be refunded at the provider, once and no more than was paid', async () => {
    const { milestoneId, total } = await newMilestone().then(async (m) => {
      await fund(t.app, parties.client, m.contractId, m.milestoneId);
      return m;
    });
    const { rows } = await db.query<{ provider_key: string }>(
      "SELECT provider_key FROM payment_intents WHERE milestone_id = $1 AND status = 'posted'",
      [milestoneId],
    );
    const reference = rows[0]!.provider_key;
    expect(await sandbox.refund(reference, 1000, 'r1')).toEqual({ state: 'completed' });
    expect(await sandbox.refund(reference, total, 'r2')).toEqual({ state: 'failed' });
    expect((await sandbox.payinStatus(reference))!.refunded).toBe(1000);
  });
});

describe('a mobile-money payment', () => {
  const mobile = (phone: string) => ({ method: 'mobile_money', operator: 'mtn', phone });

  it('waits for the approval on the phone, then funds the milestone once', async () => {
    const { contractId, milestoneId, total } = await newMilestone();
    const started = await startFunding(t.app, parties.client, contractId, milestoneId, key(), mobile('6 70 00 00 00'));
    expect(started.statusCode).toBe(202);
    expect(started.json().payment).toMatchObject({ state: 'pending', method: 'mobile_money', redirect_url: null, phone_last4: '0000' });
    expect(new Date(started.json().payment.expires_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(await state(contractId, milestoneId)).toMatchObject({ state: 'pending' });
    const { rows } = await db.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [milestoneId]);
    await sandbox.answerOnPhone(rows[0]!.provider_key);
    await deliverWebhook(t.app, milestoneId);
    await deliverWebhook(t.app, milestoneId);
    expect(await state(contractId, milestoneId)).toMatchObject({ state: 'funded', method: 'mobile_money' });
    expect(await fundings(milestoneId)).toEqual([total]);
  });

  it('declined on the phone, or refused at once for a number the operator does not know', async () => {
    const { contractId, milestoneId } = await newMilestone();
    await startFunding(t.app, parties.client, contractId, milestoneId, key(), mobile(SANDBOX_TEST_PHONES.declined));
    const { rows } = await db.query<{ provider_key: string }>('SELECT provider_key FROM payment_intents WHERE milestone_id = $1', [milestoneId]);
    await sandbox.answerOnPhone(rows[0]!.provider_key);
    await deliverWebhook(t.app, milestoneId);
    expect(await state(contractId, milestoneId)).toMatchObject({
      state: 'declined',
      message: 'The payment was not approved on the phone. No money was taken.',
    });
    const unknown = await startFunding(t.app, parties.client, contractId, milestoneId, key(), mobile('237630000000'));
    expect(unknown.statusCode).toBe(422);
    expect(await fundings(milestoneId)).toEqual([]);
  });
});

describe('a crash between our intent and the provider', () => {
  it('leaves an intent the provider never received, closed by the round, its key free again', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    const started = await startFunding(t.app, parties.client, contractId, milestoneId, idempotencyKey);
    // As if the process died before the provider heard of it.
    await db.query('DELETE FROM sandbox_payins WHERE reference = (SELECT provider_key FROM payment_intents WHERE milestone_id = $1)', [milestoneId]);
    expect(started.statusCode).toBe(202);
    expect(await reconcile()).toMatchObject({ cancelled: 1 });
    expect((await fund(t.app, parties.client, contractId, milestoneId, CARDS.ok, idempotencyKey)).statusCode).toBe(200);
  });

  it('posted by the provider but not by us: the round posts it once, however often it runs', async () => {
    const { contractId, milestoneId, total, redirectUrl } = await opened();
    await payOnHostedPage(t.app, redirectUrl, CARDS.ok);
    await Promise.all([reconcile(), reconcile(), deliverWebhook(t.app, milestoneId)]);
    expect(await fundings(milestoneId)).toEqual([total]);
    expect(await milestoneStatus(contractId)).toBe('funded');
  });
});

describe('idempotency keys', () => {
  it('are kept 24 hours, then forgotten and cleaned up', async () => {
    const { contractId, milestoneId } = await newMilestone();
    const idempotencyKey = key();
    expect((await fund(t.app, parties.client, contractId, milestoneId, CARDS.declined, idempotencyKey)).statusCode).toBe(402);
    const { rows } = await db.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM idempotency_keys WHERE key = $1',
      [idempotencyKey],
    );
    expect(Number(rows[0]!.hours)).toBeCloseTo(24, 3);
    await db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1", [idempotencyKey]);
    expect((await reconcile()).expiredKeys).toBeGreaterThanOrEqual(1);
    expect((await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [idempotencyKey])).rows).toEqual([]);
  });

  it('and the provider’s records keep no card number', async () => {
    const { rows } = await db.query<{ row: string }>('SELECT row_to_json(s)::text AS row FROM sandbox_payins s');
    const { rows: keys } = await db.query<{ row: string }>('SELECT row_to_json(k)::text AS row FROM idempotency_keys k');
    for (const { row } of [...rows, ...keys]) expect(row).not.toMatch(/4242424242424242|4000000000000002/);
  });
});
