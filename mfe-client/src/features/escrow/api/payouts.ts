import * as v from 'valibot';
import { api, send } from 'shared/api';
import {
  PayoutMethodListSchema,
  PayoutMethodSchema,
  PayoutOverviewSchema,
  PayoutSchema,
  PayoutSettingsSchema,
  type PayoutMethod,
  type PayoutMethodBody,
  type PayoutOverview,
  type Payout,
} from 'shared/contract';
import { IDEMPOTENCY_HEADER } from 'shared/api';

/** The payouts feature's query keys: the overview (balances, payouts) and the methods. */
export const payoutKeys = { overview: ['payouts', 'overview'] as const, methods: ['payouts', 'methods'] as const };

/** `GET /payouts`: balances, the automatic choice, the provider's KYC state and the latest payouts. */
export async function getPayouts(signal?: AbortSignal): Promise<PayoutOverview> {
  return v.parse(PayoutOverviewSchema, await send(api.get('payouts', signal ? { signal } : {})));
}

/** `GET /payout-methods`. */
export async function listPayoutMethods(signal?: AbortSignal): Promise<PayoutMethod[]> {
  return v.parse(PayoutMethodListSchema, await send(api.get('payout-methods', signal ? { signal } : {}))).data;
}

/** `POST /payout-methods`: with the account's password; usable 72 hours later. */
export async function addPayoutMethod(body: PayoutMethodBody): Promise<PayoutMethod> {
  return v.parse(PayoutMethodSchema, await send(api.post('payout-methods', { json: body })));
}

/** `DELETE /payout-methods/:id`: with the account's password. */
export async function removePayoutMethod(id: string, password: string): Promise<PayoutMethod> {
  return v.parse(PayoutMethodSchema, await send(api.delete(`payout-methods/${id}`, { json: { password } })));
}

/** `PUT /payouts/settings`. */
export async function setAutomaticPayouts(automatic: boolean): Promise<boolean> {
  return v.parse(PayoutSettingsSchema, await send(api.put('payouts/settings', { json: { automatic } }))).automatic;
}

/** `POST /payouts`: one key per request form, so a retry after a lost answer is never paid twice. */
export async function requestPayout(body: { method_id: string; amount: number; currency: string }, idempotencyKey: string): Promise<Payout> {
  return v.parse(PayoutSchema, await send(api.post('payouts', { json: body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })));
}

/** Opens a PDF the API answers in a new tab, from memory (the call carries the session's token). */
async function openPdf(path: string): Promise<void> {
  const blob = await api.get(path).blob();
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `GET /payouts/:id/receipt`: the payout's numbered PDF receipt. */
export const openPayoutReceipt = (id: string) => openPdf(`payouts/${id}/receipt`);

/** `GET /contracts/:id/receipt`: the contract's numbered PDF statement. */
export const openContractReceipt = (id: string) => openPdf(`contracts/${id}/receipt`);
