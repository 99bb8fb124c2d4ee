import type { MessageDescriptor } from '@lingui/core';
import { ESCROW_API_MESSAGES as EM, MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { prepared, type PreparedStatement, type Queryable } from '../db/database';
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
  statement: PreparedStatement,
  params: unknown[],
  special?: (name: string) => Error | undefined,
): Promise<T> {
  try {
    const { rows } = await db.query<{ result: T }>(statement, params);
    return rows[0]!.result;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    throw special?.(refusal.name) ?? new RuleError(refusal.status, refusal.descriptor);
  }
}

export const RELEASE = prepared('SELECT escrow_release($1, $2, $3, $4, $5, $6, $7) AS result');
export const FUND_BEGIN = prepared('SELECT escrow_fund_begin($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AS result');
export const FUND_POST = prepared('SELECT escrow_fund_post($1, $2, $3, $4) AS result');
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
