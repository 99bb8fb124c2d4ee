import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import { prepared, type Queryable } from '../db/database';
import { HttpError, RuleError } from '../plugins/error-handler';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

const KEY = /^[\x21-\x7e]{8,200}$/;

/** Canonical JSON: the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key)) throw new HttpError(400, request.t(EM.idempotencyKeyRequired));
  return key;
}

/**
 * What is stored to recognise a repeated request: a hash of the method, the
 * path and the body. Callers pass the body with any card replaced by the
 * provider's fingerprint of it, so nothing derived from a card number is kept.
 */
export function requestHash(request: FastifyRequest, body: unknown): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]} ${canonical(body ?? {})}`)
    .digest('hex');
}

const CLAIM_KEY = prepared(`
  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at)
  VALUES ($1, $2, $3, 0, 'null', now() + make_interval(hours => $4::int))
  ON CONFLICT DO NOTHING RETURNING key`);

const STORE_ANSWER = prepared('UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2');

export type Claim<T> = { kind: 'new' } | { kind: 'replay'; answer: Answer<T> } | { kind: 'in_progress'; paymentIntentId: string | null };

/**
 * Claims (scope, key) for this request in `tx`: new, the stored answer to
 * replay, or a call still in progress (a card payment between its intent and
 * its posting, perhaps cut off by a crash). The same key with another request
 * is 409. An expired key is forgotten and claimed afresh.
 */
export async function claimKey<T>(tx: Queryable, scope: string, key: string, hash: string, ttlHours: number): Promise<Claim<T>> {
  const insert = () => tx.query(CLAIM_KEY, [scope, key, hash, ttlHours]);
  if ((await insert()).rows.length > 0) return { kind: 'new' };
  const { rows } = await tx.query<{ request_hash: string; status_code: number; response: T; expired: boolean; payment_intent_id: string | null }>(
    `SELECT request_hash, status_code, response, expires_at <= now() AS expired, payment_intent_id
       FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    [scope, key],
  );
  const first = rows[0];
  if (!first || first.expired) {
    await tx.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at <= now()', [scope, key]);
    if ((await insert()).rows.length > 0) return { kind: 'new' };
    throw new RuleError(409, EM.paymentPending);
  }
  if (first.request_hash !== hash) throw new RuleError(409, EM.idempotencyKeyReused);
  if (Number(first.status_code) === 0) return { kind: 'in_progress', paymentIntentId: first.payment_intent_id };
  return { kind: 'replay', answer: { status: Number(first.status_code), body: first.response } };
}

/** Stores the key's outcome, a success or a refusal worth replaying (a declined card). */
export async function storeAnswer(tx: Queryable, scope: string, key: string, answer: Answer): Promise<void> {
  await tx.query(STORE_ANSWER, [scope, key, answer.status, JSON.stringify(answer.body)]);
}

/** Deletes expired keys, except one whose card payment is still to be settled. Returns how many went. */
export async function deleteExpiredKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM idempotency_keys k WHERE k.expires_at <= now()
        AND NOT EXISTS (SELECT 1 FROM payment_intents i WHERE i.id = k.payment_intent_id AND i.status IN ('created', 'charged'))
     RETURNING key`,
  );
  return rows.length;
}

/**
 * Runs a money-moving call at most once per (caller, key). The key row is
 * inserted in the same transaction as the money movement: a concurrent call
 * with the same key waits on it, then replays the committed answer; a call
 * that fails rolls the key back with everything else, so it can be retried.
 * The same key with another method, path or body is refused with 409.
 * `work` gets the key to hand on to a payment provider: the caller's key
 * bound to the scope, because a provider dedupes keys across all of our
 * calls, and another account's call with the same key must not be answered
 * with this account's charge.
 */
export async function idempotent<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  scope: string,
  ttlHours: number,
  work: (tx: Queryable, key: string) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const key = idempotencyKeyOf(request);
  const hash = requestHash(request, request.body);
  return app.db.transaction(async (tx) => {
    const claim = await claimKey<T>(tx, scope, key, hash, ttlHours);
    if (claim.kind === 'replay') return claim.answer;
    // Only a card payment leaves a key in progress; another call with its key waits for it to settle.
    if (claim.kind === 'in_progress') throw new RuleError(409, EM.paymentPending);
    const answer = await work(tx, createHash('sha256').update(`${scope}\n${key}`).digest('hex'));
    await storeAnswer(tx, scope, key, answer);
    return answer;
  });
}
