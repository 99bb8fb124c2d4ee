import { ESCROW_API_MESSAGES as EM, PAYIN_MESSAGES as PI } from 'shared/messages';
import type { PayinView } from 'shared/contract';
import type { Database, Queryable } from '../../db/database';
import { isApiLocale, translatorFor, type Translator } from '../../i18n/server-i18n';
import type { NewNotification } from '../../marketplace/notifications';
import { findIntent, postCharged, type PaymentIntent } from '../../escrow/card-payments';
import { deleteExpiredKeys, storeAnswer } from '../../escrow/idempotency';
import type { PayinMethod, PayinProvider, ProviderPayin } from '../payin-provider';

/**
 * A pay-in, from the provider's confirmation to our ledger. The same
 * confirmation can come by the webhook, by the client coming back from the
 * hosted page (we ask the provider), or by the reconciliation round (a lost
 * webhook); in any order and any number of times, it is posted once: the
 * posting (`escrow_fund_post`) runs under the contract's and the intent's
 * locks and replays when the intent is already posted.
 */

/** The providers of this instance: one per method, chosen by configuration; webhooks name theirs. */
export interface PayinProviders {
  forMethod(method: PayinMethod): PayinProvider | undefined;
  byName(name: string): PayinProvider | undefined;
  readonly all: readonly PayinProvider[];
}

export function payinProviders(byMethod: Partial<Record<PayinMethod, PayinProvider>>): PayinProviders {
  const all = [...new Set(Object.values(byMethod))];
  return {
    forMethod: (method) => byMethod[method],
    byName: (name) => all.find((provider) => provider.name === name),
    all,
  };
}

const localeOf = (intent: PaymentIntent): Translator => translatorFor(isApiLocale(intent.locale) ? intent.locale : 'en');

export type SettleOutcome = 'posted' | 'declined' | 'cancelled' | 'pending' | 'unknown';

const FIND_BY_KEY = 'SELECT * FROM payment_intents WHERE provider_key = $1';

/** The message a refused pay-in leaves with its idempotency key, and for the client's page. */
function refusalMessage(t: Translator, method: string, state: 'declined' | 'failed' | 'expired'): string {
  if (state === 'declined') return t(method === 'mobile_money' ? PI.mobileDeclined : EM.cardDeclined);
  return t(state === 'expired' ? PI.expired : PI.failed);
}

/**
 * A pay-in that will not be paid: the intent is closed and its key freed (a
 * new attempt may start), or, for a decline, the decline kept as the key's
 * answer (a retry with it hears 402 again). Only an intent still open moves:
 * one already posted stays posted.
 */
export async function closeIntent(db: Database, intent: PaymentIntent, state: 'declined' | 'failed' | 'expired', reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await findIntent(tx, intent.id, true);
    if (!current || current.status !== 'created') return false;
    await tx.query('UPDATE payment_intents SET status = $2, failure_reason = $3, updated_at = now() WHERE id = $1', [
      intent.id,
      state === 'declined' ? 'declined' : 'cancelled',
      reason,
    ]);
    if (state === 'declined') {
      await storeAnswer(tx, intent.scope, intent.idempotency_key, {
        status: 402,
        body: { message: refusalMessage(localeOf(intent), current.method, 'declined') },
      });
    } else {
      await tx.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code = 0 AND payment_intent_id = $3', [
        intent.scope,
        intent.idempotency_key,
        intent.id,
      ]);
    }
    return true;
  });
}

/** Applies what the provider says of a pay-in; `notifications` are those of a posting, for the e-mails. */
export async function settlePayin(db: Database, payin: ProviderPayin): Promise<{ outcome: SettleOutcome; notifications: NewNotification[] }> {
  const { rows } = await db.query<Record<string, unknown>>(FIND_BY_KEY, [payin.reference]);
  if (!rows[0]) return { outcome: 'unknown', notifications: [] };
  const intent = (await findIntent(db, String(rows[0].id)))!;
  if (payin.state === 'completed') {
    // Posted once: a posted intent replays, with no notification.
    const posted = await postCharged(db, intent.id, { reference: payin.providerReference, cardLast4: payin.last4 }, localeOf(intent));
    return { outcome: 'posted', notifications: posted.notifications };
  }
  if (payin.state === 'pending') return { outcome: 'pending', notifications: [] };
  const closed = await closeIntent(db, intent, payin.state, payin.failureReason ?? payin.state.toUpperCase());
  return { outcome: closed ? (payin.state === 'declined' ? 'declined' : 'cancelled') : 'pending', notifications: [] };
}

export interface PayinIntent extends PaymentIntent {
  method: PayinMethod;
  provider: string | null;
  redirect_url: string | null;
  expires_at: Date | string | null;
  failure_reason: string | null;
  card_last4: string | null;
}

/** The intent of a milestone's latest payment, if any. */
export async function latestIntent(db: Queryable, milestoneId: string): Promise<PayinIntent | undefined> {
  const { rows } = await db.query<PayinIntent>('SELECT * FROM payment_intents WHERE milestone_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [
    milestoneId,
  ]);
  return rows[0] ? { ...rows[0], amount: Number(rows[0].amount) } : undefined;
}

/** What the client's page shows of an intent. */
export function payinView(intent: PayinIntent | undefined, t: Translator, funded: boolean): PayinView {
  if (!intent) return { state: funded ? 'funded' : 'none', method: null, redirect_url: null, expires_at: null, phone_last4: null, message: null };
  const state =
    intent.status === 'posted' || funded
      ? 'funded'
      : intent.status === 'declined'
        ? 'declined'
        : intent.status === 'cancelled'
          ? intent.failure_reason === 'EXPIRED'
            ? 'expired'
            : 'failed'
          : 'pending';
  return {
    state,
    method: intent.method,
    redirect_url: state === 'pending' && intent.method === 'card' ? intent.redirect_url : null,
    expires_at: intent.expires_at ? new Date(intent.expires_at).toISOString() : null,
    phone_last4: intent.method === 'mobile_money' ? intent.card_last4 : null,
    message: state === 'declined' || state === 'failed' || state === 'expired' ? refusalMessage(t, intent.method, state) : null,
  };
}

export interface ReconcileReport {
  posted: number;
  declined: number;
  cancelled: number;
  pending: number;
  expiredKeys: number;
}

/**
 * The reconciliation round, for webhooks that were lost (or never sent, a
 * crash between our intent and the provider's pay-in): every intent still
 * open after `graceSeconds` is looked up at its provider and settled. One the
 * provider never received is closed; one it still calls pending after its own
 * expiry (and the grace) is given up as expired, holding nothing (should the
 * provider confirm it later, its webhook still posts the money, as the
 * contract's credit when the milestone is funded by then). Each intent is
 * settled under its contract's lock, so two rounds (or a round and a webhook)
 * never post twice. Expired idempotency keys are deleted.
 */
export async function reconcilePayins(
  db: Database,
  providers: PayinProviders,
  graceSeconds: number,
  announce: (notifications: NewNotification[]) => void = () => undefined,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { posted: 0, declined: 0, cancelled: 0, pending: 0, expiredKeys: 0 };
  const { rows } = await db.query<PayinIntent>(
    `SELECT * FROM payment_intents WHERE status IN ('created', 'charged') AND created_at <= now() - make_interval(secs => $1::int)
      ORDER BY created_at LIMIT 1000`,
    [graceSeconds],
  );
  for (const row of rows) {
    const intent: PayinIntent = { ...row, amount: Number(row.amount) };
    const provider = providers.byName(intent.provider ?? '') ?? providers.forMethod(intent.method);
    if (!provider) continue;
    const payin = await provider.payinStatus(intent.provider_key);
    if (!payin) {
      if (await closeIntent(db, intent, 'failed', 'NOT_STARTED')) report.cancelled += 1;
      continue;
    }
    const settled = await settlePayin(db, payin);
    announce(settled.notifications);
    if (settled.outcome === 'posted') report.posted += 1;
    else if (settled.outcome === 'declined') report.declined += 1;
    else if (settled.outcome === 'cancelled') report.cancelled += 1;
    else if (intent.expires_at && new Date(intent.expires_at).getTime() + graceSeconds * 1000 <= Date.now()) {
      if (await closeIntent(db, intent, 'expired', 'EXPIRED')) report.cancelled += 1;
    } else report.pending += 1;
  }
  report.expiredKeys = await deleteExpiredKeys(db);
  return report;
}
