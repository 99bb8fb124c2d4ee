import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formList, parseForm, type FormValue } from './form-body';

/**
 * A local stand-in for the parts of Stripe's REST API our card adapter uses,
 * started by the tests (and usable by a development server): the official
 * SDK talks to it unchanged through its `host`/`port`/`protocol` options.
 *
 * It speaks Stripe's wire format: form-encoded requests with the bracket
 * notation, `Authorization: Bearer sk_…`, `Idempotency-Key` (the same key
 * with the same parameters answers the same, other parameters are refused
 * with an `idempotency_error`), JSON objects with Stripe's `object`, ids and
 * states, errors as `{ error: { type, code, message } }` with a 4xx status,
 * `expand[]`, lists with `has_more`/`starting_after`. Its hosted page stands
 * for Checkout: the payer picks one of Stripe's test cards. Its events are
 * signed with Stripe's own scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`),
 * so `stripe.webhooks.constructEvent` accepts them; a test may drop or
 * duplicate the next ones.
 */

/** Stripe's test cards and what they do, as documented by Stripe. */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
} as const;

type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeDoubleOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the events go: a URL (posted to), or a function given the raw body and headers (tests inject them). */
  webhook?: string | ((body: string, headers: Record<string, string>) => Promise<unknown>);
}

export interface StripeEvent {
  id: string;
  type: string;
  body: string;
}

export interface StripeDouble {
  /** `http://127.0.0.1:<port>`, for `STRIPE_API_BASE`. */
  readonly url: string;
  close(): Promise<void>;
  /** The payer on the hosted page: pays with a test card (or cancels: null). Resolves once the events are delivered. */
  pay(sessionId: string, card: string | null): Promise<{ status: number; location?: string }>;
  /** The session's time runs out, as Stripe expires an open session at its `expires_at`. */
  expire(sessionId: string): Promise<void>;
  /** The next `count` events are not delivered (kept: `resend` delivers them later). */
  dropNext(count?: number): void;
  /** The next `count` events are delivered twice, as Stripe may. */
  duplicateNext(count?: number): void;
  /** The next `count` API calls answer 500 `api_error` (Stripe having trouble). */
  failNext(count?: number): void;
  /** Delivers an event (again). */
  resend(eventId: string): Promise<void>;
  /** Every event made, in order. */
  readonly events: readonly StripeEvent[];
  /** Every API call received: method, path and idempotency key. */
  readonly requests: readonly { method: string; path: string; idempotencyKey?: string }[];
  /** Signs a body as Stripe does, with another secret when forging. */
  sign(body: string, secret?: string, at?: number): string;
  /** A stored object as the API shows it (tests check the shapes). */
  object(id: string): StripeObject | undefined;
  setWebhook(webhook: StripeDoubleOptions['webhook']): void;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const CURRENCIES = new Set(['eur', 'usd', 'gbp', 'xaf', 'chf', 'cad']);
/** Stripe's zero-decimal currencies among those: their amounts are whole units. */
const ZERO_DECIMAL = new Set(['xaf']);

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) => new StripeFailure(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
const invalid = (param: string, message: string) => new StripeFailure(400, 'invalid_request_error', message, 'parameter_invalid', param);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const store = new Map<string, StripeObject>();
  const sessions: string[] = [];
  const idempotency = new Map<string, { hash: string; status: number; body: string }>();
  const events: StripeEvent[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  let webhook = options.webhook;
  let drop = 0;
  let duplicate = 0;
  let fail = 0;

  const sign = (body: string, secret = options.webhookSecret, at = now()) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

  async function deliver(event: StripeEvent) {
    if (!webhook) return;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': sign(event.body),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (typeof webhook === 'function') await webhook(event.body, headers);
    else await fetch(webhook, { method: 'POST', headers, body: event.body }).catch(() => undefined);
  }

  /** An event about an object's new state: a snapshot, as Stripe's events carry. */
  async function emit(type: string, object: StripeObject) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const stored: StripeEvent = { id: event.id, type, body: JSON.stringify(event, null, 2) };
    events.push(stored);
    if (drop > 0) {
      drop -= 1;
      return;
    }
    await deliver(stored);
    if (duplicate > 0) {
      duplicate -= 1;
      await deliver(stored);
    }
  }

  function put<T extends StripeObject>(object: T): T {
    store.set(object.id, object);
    return object;
  }

  /** Replaces ids by their objects along each `expand` path, as Stripe does (`data.` for lists). */
  function expand(value: unknown, paths: string[]): unknown {
    const copy = structuredClone(value) as Record<string, unknown>;
    for (const path of paths) {
      const walk = (node: unknown, parts: string[]): unknown => {
        if (!node || typeof node !== 'object' || parts.length === 0) return node;
        const [head, ...rest] = parts;
        const record = node as Record<string, unknown>;
        if (head === 'data' && Array.isArray(record.data)) {
          record.data = record.data.map((item) => walk(item, rest));
          return record;
        }
        let field = record[head!];
        if (typeof field === 'string' && store.has(field)) field = structuredClone(store.get(field));
        record[head!] = walk(field, rest);
        return record;
      };
      walk(copy, path.split('.'));
    }
    return copy;
  }

  function session(sessionId: string): StripeObject {
    const found = store.get(sessionId);
    if (!found || found.object !== 'checkout.session')
      throw new StripeFailure(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`, 'resource_missing', 'id');
    return found;
  }

  function createSession(params: Record<string, FormValue>): StripeObject {
    if (params.mode !== 'payment') throw params.mode ? invalid('mode', 'Only payment mode is supported here.') : missing('mode');
    if (typeof params.success_url !== 'string') throw missing('success_url');
    const items = params.line_items;
    if (!items || typeof items !== 'object') throw missing('line_items');
    const lines = Object.values(items) as Record<string, FormValue>[];
    let total = 0;
    let currency: string | undefined;
    lines.forEach((line, index) => {
      const price = line.price_data as Record<string, FormValue> | undefined;
      if (!price) throw missing(`line_items[${index}][price_data]`);
      const unit = Number(price.unit_amount);
      const quantity = Number(line.quantity ?? '1');
      if (!Number.isInteger(unit) || unit < 1) throw invalid(`line_items[${index}][price_data][unit_amount]`, 'Invalid integer.');
      const lineCurrency = String(price.currency ?? '').toLowerCase();
      if (!CURRENCIES.has(lineCurrency)) throw invalid(`line_items[${index}][price_data][currency]`, `Invalid currency: ${lineCurrency}.`);
      if (currency && currency !== lineCurrency) throw invalid('line_items', 'All line items must have the same currency.');
      currency = lineCurrency;
      if (!(price.product_data as Record<string, FormValue> | undefined)?.name) throw missing(`line_items[${index}][price_data][product_data][name]`);
      total += unit * quantity;
    });
    if (!currency) throw missing('line_items');
    const created = now();
    const expiresAt = params.expires_at ? Number(params.expires_at) : created + 24 * 3600;
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5)
      throw invalid('expires_at', 'The expires_at timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    sessions.push(sessionId);
    return put({
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created,
      currency,
      expires_at: expiresAt,
      livemode: false,
      locale: typeof params.locale === 'string' ? params.locale : null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_intent_data_metadata: ((params.payment_intent_data as Record<string, FormValue> | undefined)?.metadata as Record<string, string>) ?? {},
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `${double.url}/pay/${sessionId}`,
    });
  }

  /** What the API shows of a session: Stripe keeps payment_intent_data to itself. */
  const shown = (object: StripeObject): StripeObject => {
    if (object.object !== 'checkout.session') return object;
    const { payment_intent_data_metadata: _hidden, ...rest } = object;
    return rest as StripeObject;
  };

  /** Stripe's fee on a card charge: 2.9 % + 30 minor units (whole francs for XAF: 2.9 % + 200). */
  const feeOf = (amount: number, currency: string) => Math.round(amount * 0.029) + (ZERO_DECIMAL.has(currency) ? 200 : 30);

  async function pay(sessionId: string, card: string | null): Promise<{ status: number; location?: string }> {
    const found = session(sessionId);
    if (found.status !== 'open') return { status: 409 };
    if (card === null) return { status: 303, location: String(found.cancel_url ?? found.success_url) };
    const digits = card.replace(/\D/g, '');
    const amount = Number(found.amount_total);
    const currency = String(found.currency);
    // The payment intent exists from the first attempt on (Checkout makes it when the payer confirms).
    let intent = found.payment_intent ? store.get(String(found.payment_intent))! : undefined;
    if (!intent) {
      intent = put({
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        created: now(),
        latest_charge: null,
        last_payment_error: null,
        metadata: found.payment_intent_data_metadata as Record<string, string>,
        status: 'requires_payment_method',
      });
      found.payment_intent = intent.id;
    }
    const error =
      digits === STRIPE_TEST_CARDS.declined
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : digits === STRIPE_TEST_CARDS.insufficientFunds
          ? { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }
          : digits === STRIPE_TEST_CARDS.processingError
            ? { type: 'card_error', code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' }
            : null;
    if (error) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      await emit('payment_intent.payment_failed', intent);
      // The payer stays on the page and may try another card.
      return { status: 402 };
    }
    const charge = put({
      id: id('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      balance_transaction: null as string | null,
      currency,
      paid: true,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: digits.slice(-4), exp_month: 12, exp_year: 2030 } },
      refunded: false,
      status: 'succeeded',
    });
    const fee = feeOf(amount, currency);
    const txn = put({
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      currency,
      fee,
      net: amount - fee,
      source: charge.id,
      type: 'charge',
      created: now(),
    });
    charge.balance_transaction = txn.id;
    Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge.id, last_payment_error: null });
    Object.assign(found, { status: 'complete', payment_status: 'paid' });
    await emit('payment_intent.succeeded', intent);
    await emit('checkout.session.completed', shown(found));
    return { status: 303, location: String(found.success_url).replace('{CHECKOUT_SESSION_ID}', found.id) };
  }

  async function expireSession(found: StripeObject) {
    found.status = 'expired';
    await emit('checkout.session.expired', shown(found));
  }

  function refund(params: Record<string, FormValue>): StripeObject {
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : undefined;
    if (!intentId) throw missing('payment_intent');
    const intent = store.get(intentId);
    if (!intent || intent.object !== 'payment_intent')
      throw new StripeFailure(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing', 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latest_charge)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        `PaymentIntent ${intentId} does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    const charge = store.get(String(intent.latest_charge))!;
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('amount', 'Invalid integer.');
    if (amount > left)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      );
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return put({
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      created: now(),
      metadata: (params.metadata as Record<string, string>) ?? {},
      payment_intent: intentId,
      status: 'succeeded',
    });
  }

  function list(params: Record<string, FormValue>) {
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 10)));
    // Newest first, as Stripe lists.
    const ordered = [...sessions].reverse();
    const after = typeof params.starting_after === 'string' ? ordered.indexOf(params.starting_after) + 1 : 0;
    const page = ordered.slice(after, after + limit);
    return {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: after + limit < ordered.length,
      data: page.map((sessionId) => shown(store.get(sessionId)!)),
    };
  }

  /** The API proper: answers the status and the JSON body. */
  async function api(method: string, path: string, params: Record<string, FormValue>): Promise<unknown> {
    const paths = formList(params.expand);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return expand(shown(createSession(params)), paths);
    if (method === 'GET' && path === '/v1/checkout/sessions') return expand(list(params), paths);
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') return expand(shown(session(match[1]!)), paths);
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const found = session(match[1]!);
      if (found.status !== 'open')
        throw new StripeFailure(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          'checkout_session_not_open',
        );
      await expireSession(found);
      return expand(shown(found), paths);
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
      const intent = store.get(match[1]!);
      if (!intent || intent.object !== 'payment_intent')
        throw new StripeFailure(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing', 'intent');
      return expand(intent, paths);
    }
    if (method === 'POST' && path === '/v1/refunds') return expand(refund(params), paths);
    throw new StripeFailure(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...extra });
      response.end(body);
    };
    const failure = (error: StripeFailure) =>
      JSON.stringify({
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      });
    const method = request.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(request);
    const key = request.headers['idempotency-key'];
    requests.push({ method, path: url.pathname, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, failure(new StripeFailure(401, 'invalid_request_error', 'Invalid API Key provided.')));
    }
    if (fail > 0) {
      fail -= 1;
      return send(500, failure(new StripeFailure(500, 'api_error', 'An unknown error occurred.')));
    }
    const hash = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
    if (method === 'POST' && typeof key === 'string') {
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.hash !== hash) {
          const error = new StripeFailure(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
          return send(400, failure(error));
        }
        return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(await api(method, url.pathname, parseForm(raw)));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = failure(error);
    }
    // Stripe keeps the answer of a key, errors included (but not its own 500s).
    if (method === 'POST' && typeof key === 'string') idempotency.set(key, { hash, status, body });
    return send(status, body);
  }

  /** The hosted page, standing for Stripe Checkout: the payer picks a test card, pays or goes back. */
  async function handlePage(request: IncomingMessage, response: ServerResponse, sessionId: string) {
    const html = (status: number, content: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe test checkout</title></head><body style="font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem">${content}</body></html>`);
    };
    const found = store.get(sessionId);
    if (!found || found.object !== 'checkout.session') return html(404, '<h1>This payment page does not exist.</h1>');
    let note = '';
    if (request.method === 'POST') {
      const form = parseForm(await readBody(request));
      const paid = await pay(sessionId, form.choice === 'cancel' ? null : String(form.card ?? ''));
      if (paid.location) {
        response.writeHead(303, { location: paid.location });
        return response.end();
      }
      note = paid.status === 402 ? '<p role="alert">Your card was declined. Try another card.</p>' : '';
    }
    if (found.status !== 'open') return html(200, `<h1>This payment is ${escapeHtml(String(found.status))}.</h1>`);
    const amount = Number(found.amount_total) / (ZERO_DECIMAL.has(String(found.currency)) ? 1 : 100);
    const cards = Object.entries(STRIPE_TEST_CARDS)
      .map(
        ([outcome, number], index) =>
          `<label style="display:block;padding:.3rem 0"><input type="radio" name="card" value="${number}"${index === 0 ? ' checked' : ''}> ${number} (${outcome})</label>`,
      )
      .join('');
    return html(
      request.method === 'POST' ? 402 : 200,
      `<p>Test mode</p><h1>Pay ${amount} ${escapeHtml(String(found.currency).toUpperCase())}</h1>${note}
<form method="post"><fieldset><legend>Test card</legend>${cards}</fieldset>
<button type="submit" name="choice" value="pay">Pay</button> <button type="submit" name="choice" value="cancel">Back</button></form>`,
    );
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.invalid');
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    (page ? handlePage(request, response, page[1]!) : handleApi(request, response, url)).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const double: StripeDouble = {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    pay,
    async expire(sessionId) {
      const found = session(sessionId);
      if (found.status === 'open') await expireSession(found);
    },
    dropNext(count = 1) {
      drop += count;
    },
    duplicateNext(count = 1) {
      duplicate += count;
    },
    failNext(count = 1) {
      fail += count;
    },
    async resend(eventId) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (event) await deliver(event);
    },
    events,
    requests,
    sign,
    object: (objectId) => {
      const found = store.get(objectId);
      return found ? shown(found) : undefined;
    },
    setWebhook(given) {
      webhook = given;
    },
  };
  return double;
}
