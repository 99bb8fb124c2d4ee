import { prepared, type Database, type Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import type { Translator } from '../i18n/server-i18n';
import { renderAnswer } from './contract-views';
import type { Answer } from './idempotency';
import { FUND_POST, fundingRefusals, moneyCall, type MoneyAnswer } from './payment-calls';

/**
 * Payments into escrow in three steps, so that a crash can never leave a
 * payment without its ledger row:
 *  1. a payment intent is recorded in a short transaction of its own, with
 *     the key the provider will dedupe on;
 *  2. the provider's pay-in is opened with that key, outside any
 *     transaction; the client pays on the provider's page or phone;
 *  3. once the provider confirms, the payment is posted in the money
 *     transaction, and the intent marked.
 * A call cut off between the steps is finished by a retry with the same
 * idempotency key, and a lost confirmation by the reconciliation round
 * (payments/payins/payin-service), which asks the provider what became of
 * each intent left open: paid ones are posted, the others closed.
 */

export type IntentStatus = 'created' | 'charged' | 'posted' | 'declined' | 'cancelled';

export interface PaymentIntent {
  id: string;
  scope: string;
  idempotency_key: string;
  provider_key: string;
  contract_id: string;
  milestone_id: string;
  amount: number;
  currency: string;
  locale: string;
  status: IntentStatus;
  /** How the client pays: the provider's card page or mobile money. */
  method: 'card' | 'mobile_money';
}

const toIntent = (row: Record<string, unknown>): PaymentIntent => ({ ...(row as unknown as PaymentIntent), amount: Number(row.amount) });

const FIND_INTENT = prepared('SELECT * FROM payment_intents WHERE id = $1');
const LOCK_INTENT = prepared('SELECT * FROM payment_intents WHERE id = $1 FOR UPDATE');
export async function findIntent(db: Queryable, id: string, forUpdate = false): Promise<PaymentIntent | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(forUpdate ? LOCK_INTENT : FIND_INTENT, [id]);
  return rows[0] ? toIntent(rows[0]) : undefined;
}

/** The provider was unreachable and took nothing: the intent is cancelled and the key forgotten, so the call can be retried. */
export async function abandonIntent(db: Database, intent: PaymentIntent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("UPDATE payment_intents SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'created'", [intent.id]);
    await tx.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code = 0 AND payment_intent_id = $3', [
      intent.scope,
      intent.idempotency_key,
      intent.id,
    ]);
  });
}

export interface Posted {
  answer: Answer;
  notifications: NewNotification[];
}

/**
 * Step 3, the money transaction, in one call (`escrow_fund_post`): under the
 * contract's lock, then the intent's, the charge is posted and the key's
 * answer stored; of two calls finishing the same intent one posts and the
 * other replays. A payment that can no longer fund its milestone (the
 * contract froze, the contractor was barred meanwhile) stays in escrow as the
 * contract's credit, and its refusal, in the caller's language, is the answer.
 */
export async function postCharged(db: Queryable, intentId: string, charge: { reference: string; cardLast4: string }, t: Translator): Promise<Posted> {
  const posted = await moneyCall<MoneyAnswer>(db, FUND_POST, [intentId, charge.reference, charge.cardLast4, fundingRefusals(t)]);
  return { answer: await renderAnswer(db, posted.answer), notifications: posted.notifications };
}
