import { ESCROW_API_MESSAGES as EM } from 'shared/messages';
import { prepared, type Database, type Queryable } from '../db/database';
import type { NewNotification } from '../marketplace/notifications';
import { isApiLocale, translatorFor, type Translator } from '../i18n/server-i18n';
import { renderAnswer } from './contract-views';
import { deleteExpiredKeys, storeAnswer, type Answer } from './idempotency';
import { FUND_POST, fundingRefusals, moneyCall, type MoneyAnswer } from './payment-calls';
import type { ChargeResult, PaymentProvider } from './payment-provider';

/**
 * Card payments in three steps, so that a crash can never leave a charge
 * without its ledger row:
 *  1. a payment intent is recorded in a short transaction of its own, with
 *     the key the provider will dedupe on;
 *  2. the card is charged with that key, outside any transaction;
 *  3. the payment is posted in the money transaction, and the intent marked.
 * A call cut off between the steps is finished by a retry with the same
 * idempotency key, or by `recoverPaymentIntents`, which asks the provider
 * what became of each intent left behind: charged ones are posted, the
 * others cancelled.
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
}

const toIntent = (row: Record<string, unknown>): PaymentIntent => ({ ...(row as unknown as PaymentIntent), amount: Number(row.amount) });

const FIND_INTENT = prepared('SELECT * FROM payment_intents WHERE id = $1');
const LOCK_INTENT = prepared('SELECT * FROM payment_intents WHERE id = $1 FOR UPDATE');
const SET_INTENT = prepared(`
  UPDATE payment_intents SET status = $2, provider_reference = coalesce($3, provider_reference), card_last4 = coalesce($4, card_last4), updated_at = now()
   WHERE id = $1`);

export async function findIntent(db: Queryable, id: string, forUpdate = false): Promise<PaymentIntent | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(forUpdate ? LOCK_INTENT : FIND_INTENT, [id]);
  return rows[0] ? toIntent(rows[0]) : undefined;
}

async function setIntent(tx: Queryable, id: string, status: IntentStatus, charge?: { reference: string; cardLast4: string }) {
  await tx.query(SET_INTENT, [id, status, charge?.reference ?? null, charge?.cardLast4 ?? null]);
}

/** The answer to a declined card, stored with the key so a retry gets it again. */
export function declinedAnswer(t: Translator): Answer<{ message: string }> {
  return { status: 402, body: { message: t(EM.cardDeclined) } };
}

/** Records a decline and its answer. */
export async function recordDecline(db: Database, intent: PaymentIntent, answer: Answer): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findIntent(tx, intent.id, true);
    if (current?.status === 'posted') return;
    await setIntent(tx, intent.id, 'declined');
    await storeAnswer(tx, intent.scope, intent.idempotency_key, answer);
  });
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

/** Charges an intent's amount (step 2); the provider answers a repeated key with its first charge. */
export function chargeIntent(
  payments: PaymentProvider,
  intent: PaymentIntent,
  card: Parameters<PaymentProvider['charge']>[0]['card'],
  description: string,
) {
  return payments.charge({ amount: intent.amount, currency: intent.currency, card, description, idempotencyKey: intent.provider_key });
}

export interface RecoveryReport {
  posted: number;
  declined: number;
  cancelled: number;
  expiredKeys: number;
}

/**
 * Settles the payment intents left between their steps for longer than
 * `graceSeconds` (a call still running is left alone): the provider says
 * whether it charged; a charge is posted (and its answer stored for the
 * key), a decline recorded, and an intent the provider never charged is
 * cancelled and its key forgotten. Expired idempotency keys are deleted.
 * Runs at start-up and can be run at any time; each intent is settled under
 * its contract's lock, so two runs (or a run and a retry) never post twice.
 */
export async function recoverPaymentIntents(db: Database, payments: PaymentProvider, graceSeconds: number): Promise<RecoveryReport> {
  const report: RecoveryReport = { posted: 0, declined: 0, cancelled: 0, expiredKeys: 0 };
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM payment_intents WHERE status IN ('created', 'charged') AND created_at <= now() - make_interval(secs => $1::int)
      ORDER BY created_at LIMIT 1000`,
    [graceSeconds],
  );
  for (const { id } of rows) {
    const intent = (await findIntent(db, id))!;
    const charge: ChargeResult | null = await payments.lookup(intent.provider_key);
    const t = translatorFor(isApiLocale(intent.locale) ? intent.locale : 'en');
    if (charge?.status === 'succeeded') {
      await postCharged(db, intent.id, charge, t);
      report.posted += 1;
    } else if (charge?.status === 'declined') {
      await recordDecline(db, intent, declinedAnswer(t));
      report.declined += 1;
    } else {
      await abandonIntent(db, intent);
      report.cancelled += 1;
    }
  }
  report.expiredKeys = await deleteExpiredKeys(db);
  return report;
}
