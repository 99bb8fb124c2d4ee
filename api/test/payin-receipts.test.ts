import type { Database } from '../src/db/database';
import { startStripeDouble, STRIPE_TEST_CARDS, type StripeDouble } from '../src/payments/doubles/stripe-double';
import { formatMoney } from '../src/payments/payouts/payout-receipt';
import { multipart } from './marketplace-helpers';
import { pdfText } from './pdf-text';
import { createTestApp, type TestApp } from './test-app';
import { createContract, createParties, getContract, key, startFunding, type EscrowParties } from './escrow-helpers';

/*
 * The numbered PDF receipt of each funding and refund of a contract, in the
 * reader's language, with the amount, the platform's and the expert's fees
 * and the pay-in provider's fee (here Stripe's, through its double): read
 * back as text from the PDF itself.
 */

const SECRET_KEY = 'sk_test_receipts';
const WEBHOOK_SECRET = 'whsec_receipts';

let stripe: StripeDouble;
let t: TestApp;
let db: Database;
let parties: EscrowParties;

beforeAll(async () => {
  stripe = await startStripeDouble({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp(
    {},
    { env: { PAYIN_CARD_PROVIDER: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url } },
  );
  db = t.db;
  stripe.setWebhook(async (body, headers) => t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/stripe', headers, payload: body }));
  parties = await createParties(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function fundedByCard() {
  const contractId = await createContract(t.app, parties, [{ title: 'Foundations', amount: 800_000 }], 'XAF');
  const [milestone] = (await getContract(t.app, parties.client, contractId)).milestones;
  const started = await startFunding(t.app, parties.client, contractId, milestone!.id);
  const sessionId = /\/pay\/(cs_test_[0-9a-f]+)$/.exec(started.json().payment.redirect_url as string)![1]!;
  await stripe.pay(sessionId, STRIPE_TEST_CARDS.succeeds);
  const session = stripe.object(sessionId)!;
  const charge = stripe.object(String(stripe.object(String(session.payment_intent))!.latest_charge))!;
  const fee = Number(stripe.object(String(charge.balance_transaction))!.fee);
  return { contractId, milestone: milestone!, fee };
}

async function statement(contractId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/statement`, headers: parties.client.headers });
  return response.json().entries as { id: string; kind: string; amount: number }[];
}

const receipt = (who: { headers: { authorization: string } }, contractId: string, entryId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/contracts/${contractId}/statement/${entryId}/receipt`, headers: who.headers });

describe('receipts of fundings and refunds', () => {
  it('a card funding: numbered once, with the milestone, its fees and Stripe’s fee, in English then French', async () => {
    const { contractId, milestone, fee } = await fundedByCard();
    const funding = (await statement(contractId)).find((entry) => entry.kind === 'funding')!;
    const first = await receipt(parties.client, contractId, funding.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = pdfText(first.rawPayload);
    const money = (amount: number) => formatMoney(amount, 'XAF', 'en');
    expect(text).toEqual(
      expect.arrayContaining([
        'Funding receipt',
        expect.stringMatching(/^Receipt no\. FDM-\d{6}$/),
        '1. Foundations',
        'Paid by: ',
        'Card ending in 4242',
        'Amount',
        money(milestone.amount),
        'Platform fee (1.5 %)',
        money(milestone.platform_fee),
        'Expert’s fee',
        money(milestone.expert_fee),
        'Paid into escrow',
        money(milestone.total),
        'Provider’s fee',
        money(fee),
      ]),
    );
    expect(fee).toBeGreaterThan(0);
    const number = text.find((line) => line.startsWith('Receipt no.'));
    // The same number each time, for every party.
    expect(pdfText((await receipt(parties.contractor, contractId, funding.id)).rawPayload)).toContain(number);
    const { rows } = await db.query("SELECT number FROM receipts WHERE kind = 'funding' AND subject_id = $1", [funding.id]);
    expect(rows).toHaveLength(1);

    await db.query("UPDATE users SET locale = 'fr' WHERE id = $1", [parties.client.id]);
    try {
      const french = pdfText((await receipt(parties.client, contractId, funding.id)).rawPayload);
      expect(french).toEqual(expect.arrayContaining([expect.stringMatching(/^Reçu n° FDM-\d{6}$/), formatMoney(fee, 'XAF', 'fr')]));
      expect(french).toContain(number!.replace('Receipt no.', 'Reçu n°'));
    } finally {
      await db.query("UPDATE users SET locale = 'en' WHERE id = $1", [parties.client.id]);
    }
  });

  it('a refund after a dispute has its own numbered receipt; strangers and other movements get none', async () => {
    const { contractId, milestone } = await fundedByCard();
    const body = multipart([{ name: 'reason', value: 'Nobody has come to the site for three weeks.' }]);
    const disputed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/milestones/${milestone.id}/disputes`,
      headers: { ...parties.client.headers, ...body.headers },
      payload: body.payload,
    });
    expect(disputed.statusCode).toBe(201);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${disputed.json().dispute.id as string}/resolve`,
      headers: { ...parties.admin.headers, 'idempotency-key': key() },
      payload: { contractor_amount: 0, note: 'Nothing was done: all of it goes back.' },
    });
    expect(resolved.statusCode).toBe(200);
    const entries = await statement(contractId);
    const refund = entries.find((entry) => entry.kind === 'refund')!;
    const response = await receipt(parties.client, contractId, refund.id);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toEqual(expect.arrayContaining(['Refund receipt', 'Refunded to the client', formatMoney(Math.abs(refund.amount), 'XAF', 'en')]));
    const funding = entries.find((entry) => entry.kind === 'funding')!;
    const { rows } = await db.query<{ kind: string; number: string }>(
      'SELECT kind, number FROM receipts WHERE subject_id = ANY($1::text[]) ORDER BY kind',
      [[funding.id, refund.id]],
    );
    expect(rows.map((row) => row.kind)).toEqual(['refund']);

    const stranger = await createParties(t.app, t.db, 'Other');
    expect((await receipt(stranger.client, contractId, refund.id)).statusCode).toBe(404);
    const other = entries.find((entry) => entry.kind !== 'funding' && entry.kind !== 'refund');
    if (other) expect((await receipt(parties.client, contractId, other.id)).statusCode).toBe(404);
    expect((await receipt(parties.client, contractId, '999999999')).statusCode).toBe(404);
  });
});
