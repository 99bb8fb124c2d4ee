import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PawapayDeposit } from '../payins/pawapay-payins';
import { signCallback } from '../payins/pawapay-signature';

/**
 * A local stand-in for pawaPay's merchant API (v1 deposits and refunds),
 * started by the tests: bearer-token authentication, `POST /deposits` answered
 * `ACCEPTED`, `REJECTED` (with pawaPay's rejection codes) or
 * `DUPLICATE_IGNORED` for a depositId seen before, `GET /deposits/{id}` as an
 * array (empty when unknown), deposits going ACCEPTED → SUBMITTED →
 * COMPLETED / FAILED (with pawaPay's failure codes), callbacks signed as
 * pawaPay signs them (RFC 9421, ECDSA P-256, its own key pair: the adapter is
 * given `publicKeyPem`), and refunds.
 *
 * Like pawaPay's sandbox, the payer's number decides, by its last two digits:
 */
export const PAWAPAY_TEST_PHONES = {
  /** Approved on the phone: COMPLETED. */
  succeeds: '237670000000',
  succeedsOrange: '237690000000',
  /** The payer refuses: FAILED, PAYMENT_NOT_APPROVED. */
  declined: '237670000011',
  /** The operator fails: FAILED, OTHER_ERROR. */
  fails: '237670000012',
  /** Never answered: stuck in SUBMITTED, no callback (pawaPay's sandbox has such numbers too). */
  pending: '237670000013',
  /** Not enough money on the wallet: FAILED, INSUFFICIENT_BALANCE. */
  insufficientFunds: '237670000015',
} as const;

const FAILURES: Record<string, { failureCode: string; failureMessage: string }> = {
  '11': { failureCode: 'PAYMENT_NOT_APPROVED', failureMessage: 'The payer did not approve the payment.' },
  '12': { failureCode: 'OTHER_ERROR', failureMessage: 'The operator failed to process the payment.' },
  '15': { failureCode: 'INSUFFICIENT_BALANCE', failureMessage: 'The payer does not have enough funds.' },
};

export interface PawapayDoubleOptions {
  apiToken: string;
  /** Our callback address: signed over (its host and path) and posted to unless `deliver` is given. */
  callbackUrl: string;
  /** Delivers a callback instead of posting it (tests inject it), given the raw body and headers. */
  deliver?: (body: string, headers: Record<string, string>) => Promise<unknown>;
  /** Settles each deposit this long after it was asked for; null: only when the test calls `settle`. */
  settleAfterMs?: number | null;
}

export interface PawapayDouble {
  readonly url: string;
  /** The public key of its callbacks' signatures, PEM. */
  readonly publicKeyPem: string;
  close(): Promise<void>;
  /** The payer answers on the phone (or the operator fails): the deposit reaches its final state and the callback goes out. */
  settle(depositId: string): Promise<void>;
  /** The callback of a deposit as it would be sent, signed (or by another key when forging). */
  callbackFor(depositId: string, forgeWith?: string): { body: string; headers: Record<string, string> } | undefined;
  dropNext(count?: number): void;
  duplicateNext(count?: number): void;
  /** The next `count` API calls answer 500. */
  failNext(count?: number): void;
  readonly requests: readonly { method: string; path: string; body?: unknown }[];
  deposit(depositId: string): PawapayDeposit | undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const CORRESPONDENTS: Record<string, { currency: string; prefix: RegExp }> = {
  MTN_MOMO_CMR: { currency: 'XAF', prefix: /^2376(7|8|5[0-4])\d{6,7}$/ },
  ORANGE_CMR: { currency: 'XAF', prefix: /^2376(9|5[5-9])\d{6,7}$/ },
};

interface Refund {
  refundId: string;
  depositId: string;
  status: 'ACCEPTED' | 'COMPLETED' | 'FAILED';
  amount: string;
  currency: string;
  created: string;
}

export async function startPawapayDouble(options: PawapayDoubleOptions): Promise<PawapayDouble> {
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const keyId = `HTTP_EC_P256_KEY:${randomUUID()}`;
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const deposits = new Map<string, PawapayDeposit>();
  const refunds = new Map<string, Refund>();
  const requests: { method: string; path: string; body?: unknown }[] = [];
  const callbackUrl = new URL(options.callbackUrl);
  let drop = 0;
  let duplicate = 0;
  let fail = 0;

  function signed(body: string, privateKey = keys.privateKey) {
    return signCallback(
      { method: 'POST', authority: callbackUrl.host, path: callbackUrl.pathname, body, headers: { host: callbackUrl.host } },
      privateKey,
      keyId,
    );
  }

  async function post(body: string) {
    const headers = signed(body);
    if (options.deliver) await options.deliver(body, headers);
    else await fetch(callbackUrl, { method: 'POST', headers, body }).catch(() => undefined);
  }

  /** pawaPay calls back once a deposit is final; the network may lose it or bring it twice. */
  async function callback(deposit: PawapayDeposit) {
    if (drop > 0) {
      drop -= 1;
      return;
    }
    const body = JSON.stringify(deposit);
    await post(body);
    if (duplicate > 0) {
      duplicate -= 1;
      await post(body);
    }
  }

  async function settle(depositId: string) {
    const deposit = deposits.get(depositId);
    if (!deposit || (deposit.status !== 'ACCEPTED' && deposit.status !== 'SUBMITTED')) return;
    const ending = deposit.payer.address.value.slice(-2);
    deposit.status = 'SUBMITTED';
    if (ending === '13') return;
    const failure = FAILURES[ending];
    deposit.respondedByPayer = new Date().toISOString();
    if (failure) {
      deposit.status = 'FAILED';
      deposit.failureReason = failure;
    } else {
      deposit.status = 'COMPLETED';
      deposit.depositedAmount = deposit.requestedAmount;
      deposit.correspondentIds = { FINANCIAL_TRANSACTION_ID: String(Math.floor(Math.random() * 1e10)) };
    }
    await callback(deposit);
  }

  type Answer = { status: number; body: unknown };
  const rejected = (depositId: unknown, rejectionCode: string, rejectionMessage: string): Answer => ({
    status: 200,
    body: { depositId, status: 'REJECTED', rejectionReason: { rejectionCode, rejectionMessage } },
  });

  function createDeposit(body: Record<string, unknown>): Answer {
    const depositId = body.depositId;
    if (typeof depositId !== 'string' || !UUID.test(depositId)) return rejected(depositId, 'INVALID_INPUT', 'depositId must be a UUID version 4.');
    if (deposits.has(depositId)) return { status: 200, body: { depositId, status: 'DUPLICATE_IGNORED', created: deposits.get(depositId)!.created } };
    const correspondent = CORRESPONDENTS[String(body.correspondent)];
    if (!correspondent) return rejected(depositId, 'INVALID_CORRESPONDENT', 'The correspondent is not known.');
    if (body.currency !== correspondent.currency) return rejected(depositId, 'INVALID_CURRENCY', `The currency must be ${correspondent.currency}.`);
    const amount = String(body.amount ?? '');
    if (!/^\d+$/.test(amount) || Number(amount) < 1) return rejected(depositId, 'INVALID_AMOUNT', 'The amount must be a whole number of francs.');
    const payer = body.payer as { type?: string; address?: { value?: string } } | undefined;
    const msisdn = payer?.address?.value ?? '';
    if (payer?.type !== 'MSISDN' || !correspondent.prefix.test(msisdn))
      return rejected(depositId, 'INVALID_PAYER_FORMAT', 'The payer is not a number of this operator.');
    const statement = String(body.statementDescription ?? '');
    if (statement && !/^[A-Za-z0-9 ]{4,22}$/.test(statement))
      return rejected(depositId, 'INVALID_INPUT', 'statementDescription takes 4 to 22 letters, digits or spaces.');
    const metadata = Object.fromEntries(
      ((body.metadata as { fieldName: string; fieldValue: string }[] | undefined) ?? []).map((field) => [field.fieldName, field.fieldValue]),
    );
    const created = new Date().toISOString();
    const deposit: PawapayDeposit = {
      depositId,
      status: 'ACCEPTED',
      requestedAmount: amount,
      currency: String(body.currency),
      country: 'CMR',
      correspondent: String(body.correspondent),
      payer: { type: 'MSISDN', address: { value: msisdn } },
      ...(typeof body.customerTimestamp === 'string' ? { customerTimestamp: body.customerTimestamp } : {}),
      ...(statement ? { statementDescription: statement } : {}),
      created,
      metadata,
    };
    deposits.set(depositId, deposit);
    if (options.settleAfterMs !== undefined && options.settleAfterMs !== null)
      setTimeout(() => void settle(depositId).catch(() => undefined), options.settleAfterMs).unref();
    return { status: 200, body: { depositId, status: 'ACCEPTED', created } };
  }

  function createRefund(body: Record<string, unknown>): Answer {
    const refundId = body.refundId;
    const reject = (rejectionCode: string, rejectionMessage: string): Answer => ({
      status: 200,
      body: { refundId, status: 'REJECTED', rejectionReason: { rejectionCode, rejectionMessage } },
    });
    if (typeof refundId !== 'string' || !UUID.test(refundId)) return reject('INVALID_INPUT', 'refundId must be a UUID version 4.');
    if (refunds.has(refundId)) return { status: 200, body: { refundId, status: 'DUPLICATE_IGNORED', created: refunds.get(refundId)!.created } };
    const deposit = deposits.get(String(body.depositId));
    if (!deposit || deposit.status !== 'COMPLETED') return reject('DEPOSIT_NOT_FOUND', 'No completed deposit with that depositId.');
    const refunded = [...refunds.values()]
      .filter((r) => r.depositId === deposit.depositId && r.status !== 'FAILED')
      .reduce((sum, r) => sum + Number(r.amount), 0);
    const amount = String(body.amount ?? deposit.depositedAmount);
    if (!/^\d+$/.test(amount) || Number(amount) < 1) return reject('INVALID_AMOUNT', 'The amount must be a whole number of francs.');
    if (refunded + Number(amount) > Number(deposit.depositedAmount))
      return reject('AMOUNT_TOO_LARGE', 'The refund exceeds what is left of the deposit.');
    const created = new Date().toISOString();
    // The operator pays refunds back at once here; pawaPay reports them COMPLETED a moment later.
    refunds.set(refundId, { refundId, depositId: deposit.depositId, status: 'COMPLETED', amount, currency: deposit.currency, created });
    return { status: 200, body: { refundId, status: 'ACCEPTED', created } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://pawapay.invalid');
    const method = request.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(request) : '';
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { errorId: randomUUID(), errorCode: 1, errorMessage: 'The request body is not valid JSON.' });
      }
    }
    requests.push({ method, path: url.pathname, ...(raw ? { body } : {}) });
    if (request.headers.authorization !== `Bearer ${options.apiToken}`)
      return send(401, { errorId: randomUUID(), errorCode: 0, errorMessage: 'Unauthorized' });
    if (fail > 0) {
      fail -= 1;
      return send(500, { errorId: randomUUID(), errorCode: 2, errorMessage: 'Internal error' });
    }
    let match: RegExpExecArray | null;
    if (method === 'POST' && url.pathname === '/deposits') {
      const answer = createDeposit(body);
      return send(answer.status, answer.body);
    }
    if (method === 'GET' && (match = /^\/deposits\/([^/]+)$/.exec(url.pathname))) {
      const deposit = deposits.get(match[1]!);
      return send(200, deposit ? [deposit] : []);
    }
    if (method === 'POST' && url.pathname === '/refunds') {
      const answer = createRefund(body);
      return send(answer.status, answer.body);
    }
    if (method === 'GET' && (match = /^\/refunds\/([^/]+)$/.exec(url.pathname))) {
      const refund = refunds.get(match[1]!);
      return send(200, refund ? [refund] : []);
    }
    return send(404, { errorId: randomUUID(), errorCode: 3, errorMessage: `No such endpoint: ${method} ${url.pathname}` });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errorMessage: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    settle,
    callbackFor(depositId, forgeWith) {
      const deposit = deposits.get(depositId);
      if (!deposit) return undefined;
      const body = JSON.stringify(deposit);
      const key = forgeWith ? forgeWith : keys.privateKey;
      return { body, headers: signed(body, key as typeof keys.privateKey) };
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
    requests,
    deposit: (depositId) => deposits.get(depositId),
  };
}
