import Stripe from 'stripe';
import { prepared, type Queryable } from '../../db/database';
import {
  ForgedWebhookError,
  PayinUnavailableError,
  type PayinOrder,
  type PayinProvider,
  type PayinStart,
  type ProviderPayin,
} from '../payin-provider';

/**
 * Card pay-ins through Stripe, with the official SDK: each funding opens a
 * hosted Checkout Session (the card is typed on Stripe's page, never on ours),
 * its state is read back from the session and its payment intent, and
 * Stripe's webhooks are verified with `stripe.webhooks.constructEvent`.
 *
 * Our reference (the payment intent's provider key) is the session's
 * `client_reference_id`, its metadata and the create call's idempotency key:
 * a call repeated after a lost answer gets the same session back. Checkout
 * Sessions cannot be searched by that reference, so the session id is kept in
 * `stripe_checkout_sessions` before the client is sent to its page.
 */

export interface StripePayinOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (`STRIPE_API_BASE`, the local double in tests): protocol, host and port. */
  apiBase?: string | undefined;
  /** How long a session stays open; Stripe takes 30 minutes to 24 hours. */
  expiryMinutes: number;
}

/** What the session and its payment are expanded with on each look-up: the charge's card and the fee. */
const EXPAND = ['payment_intent.latest_charge.balance_transaction'];

const quiet = (text: string) => prepared(text, { announces: false });
const REMEMBER = quiet(
  'INSERT INTO stripe_checkout_sessions (reference, session_id) VALUES ($1, $2) ON CONFLICT (reference) DO UPDATE SET session_id = excluded.session_id',
);
const SESSION_OF = 'SELECT session_id FROM stripe_checkout_sessions WHERE reference = $1';

/** Card errors that are the card's refusal (kept as a decline); any other payment error is a failure. */
const isDecline = (error: Stripe.PaymentIntent.LastPaymentError | null | undefined) =>
  !!error && (error.code === 'card_declined' || !!error.decline_code || error.code === 'expired_card' || error.code === 'incorrect_cvc');

function apiOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? '80' : '443'),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** Stripe answering 5xx, a connection error or a rate limit: nothing known to be taken, the call may be repeated. */
function unavailable(error: unknown): never {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  ) {
    throw new PayinUnavailableError(error);
  }
  throw error;
}

/** Our state of a session: paid, still open, expired; a refused attempt on an expired session is its decline or failure. */
export function sessionPayin(session: Stripe.Checkout.Session): ProviderPayin {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const txn = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  const error = intent?.last_payment_error;
  const state = paid ? 'completed' : session.status === 'expired' ? (error ? (isDecline(error) ? 'declined' : 'failed') : 'expired') : 'pending';
  const reason =
    state === 'declined'
      ? 'DECLINED'
      : state === 'failed'
        ? String(error?.code ?? 'PROVIDER_ERROR').toUpperCase()
        : state === 'expired'
          ? 'EXPIRED'
          : undefined;
  return {
    reference: session.client_reference_id ?? session.metadata?.reference ?? '',
    providerReference: intent?.id ?? session.id,
    state,
    amount: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    fee: txn?.fee ?? 0,
    last4: charge?.payment_method_details?.card?.last4 ?? '',
    refunded: charge?.amount_refunded ?? 0,
    ...(reason ? { failureReason: reason } : {}),
  };
}

export interface StripePayinProvider extends PayinProvider {
  /** The SDK client (tests read objects through it). */
  readonly stripe: Stripe;
}

export function createStripePayins(db: Queryable, options: StripePayinOptions): StripePayinProvider {
  const stripe = new Stripe(options.secretKey, { ...apiOptions(options.apiBase), maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
  const expiryMinutes = Math.min(24 * 60, Math.max(30, options.expiryMinutes));

  async function sessionIdOf(reference: string): Promise<string | undefined> {
    const { rows } = await db.query<{ session_id: string }>(SESSION_OF, [reference]);
    return rows[0]?.session_id;
  }

  async function retrieve(sessionId: string): Promise<Stripe.Checkout.Session> {
    return stripe.checkout.sessions.retrieve(sessionId, { expand: EXPAND }).catch(unavailable);
  }

  async function status(reference: string): Promise<ProviderPayin | null> {
    const sessionId = await sessionIdOf(reference);
    return sessionId ? sessionPayin(await retrieve(sessionId)) : null;
  }

  /**
   * A refused attempt: Checkout leaves the session open for another card, but
   * our funding takes the refusal as final, so the session is expired first.
   * If Stripe says it is no longer open, the payer has paid meanwhile (or it
   * expired): its real state is reported instead.
   */
  async function refused(reference: string): Promise<ProviderPayin | null> {
    const sessionId = await sessionIdOf(reference);
    if (!sessionId) return null;
    try {
      await stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) unavailable(error);
    }
    return sessionPayin(await retrieve(sessionId));
  }

  return {
    name: 'stripe',
    methods: ['card'],
    stripe,

    async createPayin(order: PayinOrder): Promise<PayinStart> {
      if (order.method !== 'card') return { kind: 'rejected', reason: 'METHOD_NOT_SUPPORTED' };
      // The same reference again (a call cut off after Stripe answered): the session already opened.
      const known = await sessionIdOf(order.reference);
      if (known) {
        const session = await retrieve(known);
        if (session.url) return { kind: 'redirect', url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.amount,
                  product_data: { name: order.description || order.reference },
                },
              },
            ],
            client_reference_id: order.reference,
            metadata: { reference: order.reference },
            payment_intent_data: { metadata: { reference: order.reference }, description: order.description || order.reference },
            success_url: order.returnUrl,
            cancel_url: order.returnUrl,
            locale: order.locale,
            expires_at: Math.floor(Date.now() / 1000) + expiryMinutes * 60,
          },
          // The SDK's own retries repeat this key with the same parameters: Stripe answers the first session.
          { idempotencyKey: `checkout:${order.reference}` },
        );
      } catch (error) {
        // The key was used before with another expiry (an answer lost past the SDK's retries): this reference is
        // given up, the client starts again with a new one; the session nobody was sent to expires unpaid.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new PayinUnavailableError(error);
        return unavailable(error);
      }
      if (!session.url) throw new PayinUnavailableError(new Error('Stripe answered a session without a page'));
      await db.query(REMEMBER, [order.reference, session.id]);
      return { kind: 'redirect', url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    payinStatus: status,

    async refund(reference, amount, refundId) {
      const payin = await status(reference);
      if (!payin || payin.state !== 'completed' || !payin.providerReference.startsWith('pi_')) return { state: 'failed' };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: payin.providerReference, amount, metadata: { refund_id: refundId, reference } },
          { idempotencyKey: `refund:${refundId}` },
        );
        return { state: refund.status === 'succeeded' ? 'completed' : refund.status === 'pending' ? 'pending' : 'failed' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { state: 'failed' };
        return unavailable(error);
      }
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new ForgedWebhookError();
        throw error;
      }
      // The event is a snapshot: the session is read back for its current state, fee and card.
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const reference = event.data.object.client_reference_id;
          return reference ? sessionPayin(await retrieve(event.data.object.id)) : null;
        }
        case 'payment_intent.payment_failed': {
          const reference = event.data.object.metadata?.reference;
          return reference ? refused(reference) : null;
        }
        default:
          return null;
      }
    },

    async transactions() {
      // Every session, page after page (the SDK follows `has_more`); those without our reference are not ours.
      const all: ProviderPayin[] = [];
      await stripe.checkout.sessions
        .list({ limit: 100, expand: EXPAND.map((path) => `data.${path}`) })
        .autoPagingEach((session) => {
          if (session.client_reference_id) all.push(sessionPayin(session));
        })
        .catch(unavailable);
      return all;
    },
  };
}
