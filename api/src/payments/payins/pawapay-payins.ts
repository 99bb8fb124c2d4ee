import { createHash, createPublicKey } from 'node:crypto';
import { currencyDigits } from 'shared/money';
import type { Queryable } from '../../db/database';
import {
  ForgedWebhookError,
  PayinUnavailableError,
  type PayinOrder,
  type PayinProvider,
  type PayinStart,
  type ProviderPayin,
} from '../payin-provider';
import { verifyCallbackSignature } from './pawapay-signature';

/**
 * Mobile-money pay-ins (MTN MoMo and Orange Money, Cameroon, XAF) through
 * pawaPay's published REST API: `POST /deposits` asks the payer's operator to
 * request the payment on their phone, `GET /deposits/{depositId}` tells where
 * it stands, a signed callback reports its final state, `POST /refunds` gives
 * it back. Bearer-token authentication.
 *
 * The `depositId` (a UUID, pawaPay's idempotency: the same one again is
 * `DUPLICATE_IGNORED`, never a second payment) is the UUID inside our
 * reference (`pi_<uuid>`), so a callback or a look-up leads back to our intent
 * with nothing stored here.
 */

export interface PawapayPayinOptions {
  apiToken: string;
  /** `https://api.sandbox.pawapay.io`, `https://api.pawapay.io`, or the local double. */
  apiBase: string;
  /** The PEM public key pawaPay's callbacks are signed with. */
  callbackPublicKey: string;
  /** How long the payer has to approve on their phone before the funding is given up (the round's expiry). */
  expiryMinutes: number;
  /** The path pawaPay's callbacks arrive at: part of what their signature covers. */
  callbackPath?: string;
}

export const PAWAPAY_CALLBACK_PATH = '/api/v1/payments/webhooks/pawapay';
const CORRESPONDENT = { mtn: 'MTN_MOMO_CMR', orange: 'ORANGE_CMR' } as const;
/** The payer's refusals (kept as a decline with the key); any other failure frees the key for a new attempt. */
const DECLINES = new Set(['PAYMENT_NOT_APPROVED', 'INSUFFICIENT_BALANCE', 'PAYER_LIMIT_REACHED']);

/** A deposit as pawaPay answers it (status look-up and callback). */
export interface PawapayDeposit {
  depositId: string;
  status: 'ACCEPTED' | 'SUBMITTED' | 'ENQUEUED' | 'COMPLETED' | 'FAILED';
  requestedAmount: string;
  depositedAmount?: string;
  currency: string;
  country?: string;
  correspondent: string;
  payer: { type: 'MSISDN'; address: { value: string } };
  customerTimestamp?: string;
  statementDescription?: string;
  created: string;
  respondedByPayer?: string;
  correspondentIds?: Record<string, string>;
  failureReason?: { failureCode: string; failureMessage?: string };
  metadata?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our reference's depositId: the UUID it carries. */
export function depositIdOf(reference: string): string {
  const id = reference.startsWith('pi_') ? reference.slice(3) : reference;
  if (!UUID.test(id)) throw new Error(`A pawaPay deposit needs a UUID reference, not ${reference}`);
  return id.toLowerCase();
}

/** A UUID for any id of ours (a refund's): the same id always gives the same UUID, so a repeated refund is pawaPay's duplicate. */
export function uuidOf(id: string): string {
  if (UUID.test(id)) return id.toLowerCase();
  const hex = createHash('sha256').update(id).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const toMinor = (amount: string, currency: string) => Math.round(Number(amount) * 10 ** currencyDigits(currency));
const toMajor = (amount: number, currency: string) => {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
};

/** pawaPay takes 4 to 22 letters, digits or spaces on the payer's statement. */
function statementOf(description: string): string {
  const text = description
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 22)
    .trim();
  return text.length >= 4 ? text : 'Fundament escrow';
}

export function depositPayin(deposit: PawapayDeposit): ProviderPayin {
  const code = deposit.failureReason?.failureCode;
  const state =
    deposit.status === 'COMPLETED' ? 'completed' : deposit.status === 'FAILED' ? (code && DECLINES.has(code) ? 'declined' : 'failed') : 'pending';
  return {
    reference: `pi_${deposit.depositId.toLowerCase()}`,
    providerReference: deposit.depositId,
    state,
    amount: toMinor(deposit.depositedAmount ?? deposit.requestedAmount, deposit.currency),
    currency: deposit.currency,
    // pawaPay bills its fees on the merchant's statement, not on each deposit.
    fee: 0,
    last4: deposit.payer.address.value.slice(-4),
    refunded: 0,
    ...(state === 'declined' || state === 'failed' ? { failureReason: code ?? 'OTHER_ERROR' } : {}),
  };
}

export function createPawapayPayins(db: Queryable, options: PawapayPayinOptions): PayinProvider {
  const publicKey = createPublicKey(options.callbackPublicKey);
  const callbackPath = options.callbackPath ?? PAWAPAY_CALLBACK_PATH;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.apiToken}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new PayinUnavailableError(error);
    }
    // A 5xx or a refused token: nothing known to be taken, the call may be repeated with the same ids.
    if (!response.ok)
      throw new PayinUnavailableError(new Error(`pawaPay answered ${response.status} to ${method} ${path}: ${await response.text()}`));
    return (await response.json()) as T;
  }

  async function deposit(depositId: string): Promise<PawapayDeposit | undefined> {
    const found = await call<PawapayDeposit[]>('GET', `/deposits/${depositId}`);
    return found[0];
  }

  return {
    name: 'pawapay',
    methods: ['mobile_money'],

    async createPayin(order: PayinOrder): Promise<PayinStart> {
      if (order.method !== 'mobile_money' || !order.phone || !order.operator) return { kind: 'rejected', reason: 'METHOD_NOT_SUPPORTED' };
      const depositId = depositIdOf(order.reference);
      const answer = await call<{
        depositId: string;
        status: 'ACCEPTED' | 'REJECTED' | 'DUPLICATE_IGNORED';
        created?: string;
        rejectionReason?: { rejectionCode: string };
      }>('POST', '/deposits', {
        depositId,
        amount: toMajor(order.amount, order.currency),
        currency: order.currency,
        correspondent: CORRESPONDENT[order.operator],
        payer: { type: 'MSISDN', address: { value: order.phone } },
        customerTimestamp: new Date().toISOString(),
        statementDescription: statementOf(order.description),
        country: 'CMR',
        metadata: [{ fieldName: 'reference', fieldValue: order.reference }],
      });
      if (answer.status === 'REJECTED') return { kind: 'rejected', reason: answer.rejectionReason?.rejectionCode ?? 'REJECTED' };
      // A duplicate is the deposit asked for before: its expiry counts from then.
      const created = answer.status === 'DUPLICATE_IGNORED' ? (await deposit(depositId))?.created : answer.created;
      const from = created ? new Date(created).getTime() : Date.now();
      return { kind: 'approval', expiresAt: new Date(from + options.expiryMinutes * 60_000) };
    },

    async payinStatus(reference) {
      const found = await deposit(depositIdOf(reference));
      return found ? depositPayin(found) : null;
    },

    async refund(reference, amount, refundId) {
      const found = await deposit(depositIdOf(reference));
      if (!found || found.status !== 'COMPLETED') return { state: 'failed' };
      const id = uuidOf(refundId);
      const answer = await call<{ status: 'ACCEPTED' | 'REJECTED' | 'DUPLICATE_IGNORED' }>('POST', '/refunds', {
        refundId: id,
        depositId: found.depositId,
        amount: toMajor(amount, found.currency),
      });
      if (answer.status === 'REJECTED') return { state: 'failed' };
      const [refund] = await call<{ status: string }[]>('GET', `/refunds/${id}`);
      return { state: refund?.status === 'COMPLETED' ? 'completed' : refund?.status === 'FAILED' ? 'failed' : 'pending' };
    },

    async verifyWebhook(rawBody, headers) {
      // The address pawaPay called, as the proxy passes it on (its Host): part of what the signature covers.
      const host = headers.host;
      const signed = verifyCallbackSignature(
        { method: 'POST', authority: typeof host === 'string' ? host : '', path: callbackPath, headers, body: rawBody },
        publicKey,
      );
      if (!signed) throw new ForgedWebhookError();
      const body = JSON.parse(rawBody) as Partial<PawapayDeposit> & { refundId?: string; payoutId?: string };
      // Refund and payout callbacks come to the same address: not about a pay-in.
      if (body.refundId || body.payoutId || typeof body.depositId !== 'string' || !UUID.test(body.depositId)) return null;
      // The callback says where the deposit ended; the look-up is the record (and carries what the callback may omit).
      const found = await deposit(body.depositId);
      return found ? depositPayin(found) : null;
    },

    async transactions() {
      // pawaPay lists no deposits by API: each one we asked for is looked up, as its documentation advises for reconciliation.
      const { rows } = await db.query<{ provider_key: string }>(
        "SELECT provider_key FROM payment_intents WHERE provider = 'pawapay' ORDER BY created_at",
      );
      const found: ProviderPayin[] = [];
      for (const row of rows) {
        const one = await deposit(depositIdOf(row.provider_key));
        if (one) found.push(depositPayin(one));
      }
      return found;
    },
  };
}
