import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { prepared, type Queryable } from '../../db/database';
import { ForgedWebhookError, type PayinOrder, type PayinProvider, type PayinStart, type PayinState, type ProviderPayin } from '../payin-provider';

/**
 * The embedded pay-in provider (no keys, the default). It behaves like one,
 * not like a card form: a card payment happens on its own hosted page
 * (`/sandbox/checkout/:id`, served by this server), a mobile-money payment
 * waits for the payer's "approval on the phone", and the outcome comes back
 * later through a signed webhook to our own `/api/v1/payments/webhooks/sandbox`.
 * It keeps its records (its transaction list) in `sandbox_payins`. The test
 * card chosen on the page, or the phone number's last two digits, decide:
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 0119', outcome: 'fails' },
  { number: '4000 0000 0000 0051', outcome: 'pending' },
  { number: '4000 0000 0000 0069', outcome: 'timeout' },
] as const;

export type SandboxOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

/** Test phones (MTN 67…, Orange 69…): any other valid number approves the payment. */
export const SANDBOX_TEST_PHONES = {
  succeeds: '237670000000',
  succeedsOrange: '237690000000',
  declined: '237670000011',
  fails: '237670000012',
  pending: '237670000013',
  timeout: '237670000014',
} as const;

const PHONE_OUTCOMES: Record<string, SandboxOutcome> = { '11': 'declined', '12': 'fails', '13': 'pending', '14': 'timeout' };
export const phoneOutcome = (phone: string): SandboxOutcome => PHONE_OUTCOMES[phone.slice(-2)] ?? 'succeeds';
export const cardOutcome = (number: string): SandboxOutcome | undefined =>
  SANDBOX_TEST_CARDS.find((card) => card.number.replace(/\s/g, '') === number.replace(/\D/g, ''))?.outcome;

export const SANDBOX_PAYIN_SIGNATURE = 'x-sandbox-signature';

/** The sandbox's fee: 2 % of the amount, at least one minor unit. */
export const sandboxPayinFee = (amount: number) => Math.max(1, Math.round(amount / 50));

export interface SandboxPayinRow {
  id: string;
  reference: string;
  method: 'card' | 'mobile_money';
  amount: string;
  currency: string;
  fee: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  failure_reason: string | null;
  outcome: SandboxOutcome | null;
  phone: string | null;
  operator: string | null;
  last4: string | null;
  description: string;
  return_url: string | null;
  expires_at: Date | string;
  refunded: string;
}

const stateOf = (row: SandboxPayinRow): PayinState =>
  row.status === 'COMPLETED'
    ? 'completed'
    : row.status === 'PENDING'
      ? 'pending'
      : row.failure_reason === 'DECLINED'
        ? 'declined'
        : row.failure_reason === 'EXPIRED'
          ? 'expired'
          : 'failed';

export const toProviderPayin = (row: SandboxPayinRow): ProviderPayin => ({
  reference: row.reference,
  providerReference: row.id,
  state: stateOf(row),
  amount: Number(row.amount),
  currency: row.currency,
  fee: Number(row.fee),
  last4: row.last4 ?? '',
  refunded: Number(row.refunded),
  ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
});

export interface SandboxPayinOptions {
  /** Signs the webhooks (a real provider gives each merchant a secret). */
  secret: string;
  /** How long a pay-in waits for the client (page or phone) before the provider gives it up. */
  expiryMs: number;
  /** How long after the outcome is known the webhook goes out, and a phone "approves"; null: only when `deliverFor` is called (tests). */
  callbackDelayMs: number | null;
  /** Where the webhooks go: our endpoint, given the raw body and its headers. */
  deliver?: (body: string, headers: Record<string, string>) => Promise<void>;
}

export interface SandboxPayinProvider extends PayinProvider {
  /** The pay-in behind a hosted page, or undefined. */
  page(id: string): Promise<SandboxPayinRow | undefined>;
  /** The client chose a test card on the hosted page (or cancelled: null): the outcome is recorded, the webhook follows. */
  choose(id: string, card: string | null): Promise<SandboxPayinRow | undefined>;
  /** The phone's owner answers (mobile money): approves, declines, or the operator fails; records it, the webhook follows. */
  answerOnPhone(reference: string): Promise<void>;
  /** The signed webhook the sandbox sends for a pay-in, as delivered: body and headers (tests deliver it themselves). */
  webhookFor(reference: string): Promise<{ body: string; headers: Record<string, string> } | null>;
  /** Signs a body as the sandbox does (tests forge with another secret). */
  sign(body: string, at?: number): string;
  setDeliver(deliver: (body: string, headers: Record<string, string>) => Promise<void>): void;
  /** Webhooks still scheduled: a closing app waits for them. */
  idle(): Promise<void>;
}

/** Pay-ins past their expiry that nobody answered are given up by the provider, as a real one does. */
const EXPIRE = `UPDATE sandbox_payins SET status = 'FAILED', failure_reason = 'EXPIRED', updated_at = now()
  WHERE status = 'PENDING' AND expires_at <= now() AND outcome IS DISTINCT FROM 'pending'`;

/** The sandbox's writes: no trigger announces them, so none waits for the listening connections. */
const quiet = (text: string) => prepared(text, { announces: false });
const EXPIRE_BY_REFERENCE = quiet(`${EXPIRE} AND reference = $1`);
const EXPIRE_BY_ID = quiet(`${EXPIRE} AND id = $1`);
const EXPIRE_ALL = quiet(EXPIRE);

export function createSandboxPayins(db: Queryable, options: SandboxPayinOptions): SandboxPayinProvider {
  let deliver = options.deliver;
  const scheduled = new Set<Promise<void>>();
  const sign = (body: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', options.secret).update(`${at}.${body}`).digest('hex')}`;

  async function byReference(reference: string): Promise<SandboxPayinRow | undefined> {
    await db.query(EXPIRE_BY_REFERENCE, [reference]);
    const { rows } = await db.query<SandboxPayinRow>('SELECT * FROM sandbox_payins WHERE reference = $1', [reference]);
    return rows[0];
  }

  async function webhookFor(reference: string) {
    const row = await byReference(reference);
    if (!row) return null;
    const body = JSON.stringify({ type: 'payin.updated', data: toWire(row) });
    return { body, headers: { 'content-type': 'application/json', [SANDBOX_PAYIN_SIGNATURE]: sign(body) } };
  }

  /** After the delay, the webhook (a real provider sends it from its own servers, so it may be late or lost). */
  function later(reference: string, work: () => Promise<void> = async () => undefined) {
    if (options.callbackDelayMs === null) return;
    const run = new Promise<void>((resolve) => {
      setTimeout(() => {
        work()
          .then(async () => {
            const hook = await webhookFor(reference);
            if (hook && deliver) await deliver(hook.body, hook.headers);
          })
          .catch(() => undefined)
          .finally(resolve);
      }, options.callbackDelayMs!).unref();
    });
    scheduled.add(run);
    void run.finally(() => scheduled.delete(run));
  }

  async function settle(id: string, status: 'COMPLETED' | 'FAILED', reason: string | null, last4?: string) {
    const { rows } = await db.query<SandboxPayinRow>(
      quiet(`UPDATE sandbox_payins SET status = $2, failure_reason = $3, last4 = coalesce($4, last4), updated_at = now()
        WHERE id = $1 AND status = 'PENDING' RETURNING *`),
      [id, status, reason, last4 ?? null],
    );
    return rows[0];
  }

  /** What an outcome does once the payer acted: paid, refused, failed, or nothing (pending and timeout wait). */
  async function apply(row: SandboxPayinRow, outcome: SandboxOutcome, last4?: string) {
    if (outcome === 'succeeds') return settle(row.id, 'COMPLETED', null, last4);
    if (outcome === 'declined') return settle(row.id, 'FAILED', 'DECLINED', last4);
    if (outcome === 'fails') return settle(row.id, 'FAILED', 'PROVIDER_ERROR', last4);
    await db.query(quiet('UPDATE sandbox_payins SET outcome = $2, last4 = coalesce($3, last4), updated_at = now() WHERE id = $1'), [
      row.id,
      outcome,
      last4 ?? null,
    ]);
    return undefined;
  }

  const provider: SandboxPayinProvider = {
    name: 'sandbox',
    methods: ['card', 'mobile_money'],
    sign,
    webhookFor,
    setDeliver(given) {
      deliver = given;
    },
    async idle() {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
    },

    async createPayin(order: PayinOrder): Promise<PayinStart> {
      if (order.method === 'mobile_money' && !/^237[6][5-9]\d{7}$/.test(order.phone ?? '')) return { kind: 'rejected', reason: 'INVALID_PHONE' };
      // The same reference again is the same pay-in (the provider's idempotency): answered, not opened twice.
      const { rows: added } = await db.query<SandboxPayinRow>(
        quiet(`INSERT INTO sandbox_payins (id, reference, method, amount, currency, fee, phone, operator, last4, description, return_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12::double precision / 1000))
         ON CONFLICT (reference) DO NOTHING RETURNING *`),
        [
          `sbx_pi_${randomBytes(12).toString('hex')}`,
          order.reference,
          order.method,
          order.amount,
          order.currency,
          sandboxPayinFee(order.amount),
          order.phone ?? null,
          order.operator ?? null,
          order.phone ? order.phone.slice(-4) : null,
          order.description,
          order.returnUrl,
          options.expiryMs,
        ],
      );
      const row = added[0] ?? (await byReference(order.reference))!;
      const expiresAt = new Date(row.expires_at);
      // Served by this very server: a path, so the client stays on the origin it signed in on.
      if (order.method === 'card') return { kind: 'redirect', url: `/sandbox/checkout/${row.id}?lang=${order.locale}`, expiresAt };
      // The payer's phone rings; they answer after a moment (the test number decides how).
      if (added[0]) later(order.reference, () => provider.answerOnPhone(order.reference));
      return { kind: 'approval', expiresAt };
    },

    async answerOnPhone(reference) {
      const row = await byReference(reference);
      if (row?.status === 'PENDING' && row.method === 'mobile_money' && !row.outcome) await apply(row, phoneOutcome(row.phone ?? ''));
    },

    async page(id) {
      await db.query(EXPIRE_BY_ID, [id]);
      const { rows } = await db.query<SandboxPayinRow>("SELECT * FROM sandbox_payins WHERE id = $1 AND method = 'card'", [id]);
      return rows[0];
    },

    async choose(id, card) {
      const row = await provider.page(id);
      if (!row || row.status !== 'PENDING' || row.outcome) return row;
      if (card === null) await settle(id, 'FAILED', 'CANCELLED');
      else await apply(row, cardOutcome(card) ?? 'succeeds', card.replace(/\D/g, '').slice(-4));
      later(row.reference);
      return provider.page(id);
    },

    async payinStatus(reference) {
      const row = await byReference(reference);
      return row ? toProviderPayin(row) : null;
    },

    async refund(reference, amount) {
      const { rows } = await db.query(
        quiet(`UPDATE sandbox_payins SET refunded = refunded + $2, updated_at = now()
          WHERE reference = $1 AND status = 'COMPLETED' AND refunded + $2 <= amount RETURNING id`),
        [reference, amount],
      );
      return { state: rows.length > 0 ? 'completed' : 'failed' };
    },

    async verifyWebhook(rawBody, headers) {
      const header = headers[SANDBOX_PAYIN_SIGNATURE];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new ForgedWebhookError();
      const expected = Buffer.from(sign(rawBody, Number(match[1])));
      const given = Buffer.from(header as string);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ForgedWebhookError();
      const event = JSON.parse(rawBody) as { type?: string; data?: Record<string, unknown> };
      if (event.type !== 'payin.updated' || !event.data) return null;
      return fromWire(event.data);
    },

    async transactions() {
      await db.query(EXPIRE_ALL);
      const { rows } = await db.query<SandboxPayinRow>('SELECT * FROM sandbox_payins ORDER BY created_at, id');
      return rows.map(toProviderPayin);
    },
  };
  return provider;
}

/** The webhook's body: the sandbox's own field names and upper-case states, like a provider's. */
function toWire(row: SandboxPayinRow) {
  return {
    id: row.id,
    merchant_reference: row.reference,
    status: row.status,
    amount: String(row.amount),
    fee: String(row.fee),
    currency: row.currency,
    last4: row.last4,
    refunded: String(row.refunded),
    failure_reason: row.failure_reason,
  };
}

function fromWire(data: Record<string, unknown>): ProviderPayin {
  const status = String(data.status);
  if (!['PENDING', 'COMPLETED', 'FAILED'].includes(status) || typeof data.merchant_reference !== 'string') throw new ForgedWebhookError();
  return toProviderPayin({
    id: String(data.id),
    reference: data.merchant_reference,
    status: status as SandboxPayinRow['status'],
    amount: String(data.amount),
    currency: String(data.currency),
    fee: String(data.fee),
    last4: typeof data.last4 === 'string' ? data.last4 : null,
    refunded: String(data.refunded ?? '0'),
    failure_reason: typeof data.failure_reason === 'string' ? data.failure_reason : null,
  } as SandboxPayinRow);
}

/**
 * A card pay-in the sandbox took and confirmed (the demo's seeded payments):
 * recorded in its transaction list like any other, so the reconciliation
 * finds one provider transaction per funding.
 */
export async function recordSandboxPayment(
  db: Queryable,
  payment: { reference: string; amount: number; currency: string; description: string },
): Promise<{ reference: string; cardLast4: string }> {
  const id = `sbx_pi_${randomBytes(12).toString('hex')}`;
  await db.query(
    `INSERT INTO sandbox_payins (id, reference, method, amount, currency, fee, status, last4, description, expires_at)
     VALUES ($1, $2, 'card', $3, $4, $5, 'COMPLETED', '4242', $6, now())`,
    [id, payment.reference, payment.amount, payment.currency, sandboxPayinFee(payment.amount), payment.description],
  );
  return { reference: id, cardLast4: '4242' };
}
