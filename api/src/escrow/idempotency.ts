import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import type { Queryable } from '../db/database';
import { HttpError } from '../plugins/error-handler';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

const KEY = /^[\x21-\x7e]{8,200}$/;

/** Canonical JSON: the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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
 * Runs a money-moving call at most once per (caller, key). The key row is
 * inserted in the same transaction as the money movement: a concurrent call
 * with the same key waits on it, then replays the committed answer; a call
 * that fails rolls the key back with everything else, so it can be retried.
 * The same key with another method, path or body is refused with 409.
 * `work` gets the key to hand on to the payment provider: the caller's key
 * bound to the scope, because a provider dedupes keys across all of our
 * calls, and another account's call with the same key must not be answered
 * with this account's charge.
 */
export async function idempotent<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  scope: string,
  work: (tx: Queryable, key: string) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const key = idempotencyKeyOf(request);
  const hash = createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]} ${canonical(request.body ?? {})}`)
    .digest('hex');
  return app.db.transaction(async (tx) => {
    const { rows: claimed } = await tx.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response) VALUES ($1, $2, $3, 0, 'null')
       ON CONFLICT DO NOTHING RETURNING key`,
      [scope, key, hash],
    );
    if (claimed.length === 0) {
      const { rows } = await tx.query<{ request_hash: string; status_code: number; response: T }>(
        'SELECT request_hash, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      const first = rows[0]!;
      if (first.request_hash !== hash) throw new HttpError(409, request.t(EM.idempotencyKeyReused));
      return { status: first.status_code, body: first.response };
    }
    const answer = await work(tx, createHash('sha256').update(`${scope}\n${key}`).digest('hex'));
    await tx.query('UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2', [
      scope,
      key,
      answer.status,
      JSON.stringify(answer.body),
    ]);
    return answer;
  });
}
