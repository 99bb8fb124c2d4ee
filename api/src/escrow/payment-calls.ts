import type { MessageDescriptor } from '@lingui/core';
import { ESCROW_API_MESSAGES as EM, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { columnsOf, createBatcher, outcomesByPlace } from '../db/call-batches';
import { isDatabase, prepared, type Database, type PreparedStatement, type Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { RuleError } from '../plugins/error-handler';
import type { Translator } from '../i18n/server-i18n';
import type { Answer } from './idempotency';

/**
 * The escrow's money calls, each one function of the database in one
 * transaction of its own (migration 0023): the key, the lock, the checks,
 * the transfers, the notifications and the stored answer in a single round
 * trip. A refusal comes back as the error `escrow:<status>:<message name>`,
 * turned here into the API's translated refusal.
 *
 * The calls that reach the API while others are in flight, or in the same
 * turn of the event loop, go together, in one transaction (migration 0030),
 * each with its own answer or refusal: those that meet every rule written
 * together, one statement per step for all of them (migrations 0033, 0034),
 * every other one its own call, in a subtransaction.
 */

const REFUSAL = /^escrow:(\d{3}):(\w+)$/;

/** The message a refusal names, among the escrow's and the marketplace's (403 to a party in another role). */
function refusalOf(error: unknown): { status: number; name: string; descriptor: MessageDescriptor } | undefined {
  const match = error instanceof Error ? REFUSAL.exec(error.message) : null;
  if (!match) return undefined;
  const name = match[2]!;
  const descriptor = (EM as Record<string, MessageDescriptor>)[name] ?? (MM as Record<string, MessageDescriptor>)[name];
  return { status: Number(match[1]), name, descriptor: descriptor ?? EM.paymentPending };
}

/**
 * Runs one money call and returns its JSON; a refusal is thrown as a
 * `RuleError`, or handed to `special` first (a refusal the route answers in
 * its own shape).
 */
export async function moneyCall<T>(
  db: Queryable,
  statement: PreparedStatement | BatchedCall,
  params: unknown[],
  special?: (name: string) => Error | undefined,
): Promise<T> {
  try {
    // Inside a caller's transaction a call is that transaction's: only calls on the database itself are batched.
    if ('many' in statement && isDatabase(db)) return (await batcherOf(db, statement)(params)) as T;
    const { rows } = await db.query<{ result: T }>(statement, params);
    return rows[0]!.result;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    throw special?.(refusal.name) ?? new RuleError(refusal.status, refusal.descriptor);
  }
}

/** A money call that payments sent at the same moment make together: its function for a batch, and what keeps two calls apart. */
export interface BatchedCall extends PreparedStatement {
  /** The batch function: each parameter as an array, one element per call; answers `n` (the call's place), `outcome` or `refusal`. */
  readonly many: PreparedStatement;
  /** Calls with the same key never share a batch nor run at once: a repeat waits for the first call's answer, as it would alone. */
  readonly keyOf: (params: unknown[]) => string;
}

function batched(single: string, many: string, keyOf: (params: unknown[]) => string): BatchedCall {
  return { ...prepared(single), many: prepared(many), keyOf };
}

/**
 * At most 20 calls a batch: their subtransactions (one a call, two for a
 * posting) stay under the 64 a PostgreSQL session keeps in shared memory, past
 * which every session's snapshots get slower. Two batches in flight: one runs
 * while the other commits and its answers are rendered, and the pool keeps
 * connections for every other request. Measured with `pnpm bench:escrow`
 * against one batch in flight, three, 10 or 30 calls a batch and a larger
 * pool.
 */
export const BATCHES = { maxItems: 20, maxInFlight: 2 };

const DEADLOCK = '40P01';

const batchers = new WeakMap<Database, Map<BatchedCall, (params: unknown[]) => Promise<unknown>>>();

function batcherOf(db: Database, call: BatchedCall) {
  let calls = batchers.get(db);
  if (!calls) batchers.set(db, (calls = new Map()));
  let batcher = calls.get(call);
  if (!batcher) {
    const callOnce = async (params: unknown[]) => (await db.query<{ result: unknown }>(call, params)).rows[0]!.result;
    batcher = createBatcher<unknown[], unknown>({
      // A call alone that PostgreSQL rolled back to break a deadlock with a batch (both paying on
      // one contract) runs once more.
      runOne: (params) => callOnce(params).catch((error: { code?: string }) => (error.code === DEADLOCK ? callOnce(params) : Promise.reject(error))),
      async runMany(calls) {
        const { rows } = await db.query<{ n: number; outcome: unknown; refusal: string | null }>(call.many, columnsOf(calls));
        return outcomesByPlace(rows, (row) => (row.refusal === null ? { ok: row.outcome } : { error: new Error(row.refusal) }));
      },
      keyOf: call.keyOf,
      ...BATCHES,
    });
    calls.set(call, batcher);
  }
  return batcher;
}

/** Two calls with one (scope, idempotency key): the first two parameters of a release and of a funding's start. */
const byKey = ([scope, key]: unknown[]) => `${String(scope)} ${String(key)}`;

export const RELEASE = batched(
  'SELECT escrow_release($1, $2, $3, $4, $5, $6, $7) AS result',
  'SELECT n, outcome, refusal FROM escrow_release_many($1, $2, $3, $4, $5, $6, $7)',
  byKey,
);
export const FUND_BEGIN = batched(
  'SELECT escrow_fund_begin($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AS result',
  'SELECT n, outcome, refusal FROM escrow_fund_begin_many($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
  byKey,
);
/** Two postings of one payment intent (a retry, a recovery) never share a batch. */
export const FUND_POST = batched(
  'SELECT escrow_fund_post($1, $2, $3, $4) AS result',
  'SELECT n, outcome, refusal FROM escrow_fund_post_many($1, $2, $3, $4)',
  ([intent]) => String(intent),
);
export const FUND_LOCKED = prepared('SELECT escrow_fund_locked($1, $2, $3, $4, $5, $6) AS result');
export const RELEASE_LOCKED = prepared('SELECT escrow_release_locked($1, $2, $3) AS result');

/** What a money call answers: the answer (its contract's view not yet rendered) and the notifications to e-mail. */
export interface MoneyAnswer {
  answer: Answer;
  notifications: NewNotification[];
}

/** The refusals a posted card payment can meet, in the caller's language, for the answer stored with its key. */
export function fundingRefusals(t: Translator): Record<string, string> {
  return {
    contractFrozen: t(EM.contractFrozen),
    contractClosed: t(EM.contractClosed),
    notFundable: t(EM.notFundable),
    contractorBarred: t(EM.contractorBarred),
  };
}
