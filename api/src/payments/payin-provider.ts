/**
 * What the platform needs from a pay-in provider (the licensed institution
 * that takes the client's money): open a pay-in, look one up, refund it,
 * verify its signed webhooks, and its transaction list for reconciliation.
 * The client gives their card to the provider's hosted page, or approves the
 * request on their phone: no card number, expiry or security code ever
 * reaches our API. The embedded sandbox, Stripe (cards) and pawaPay (mobile
 * money) implement it; the funding code knows only this.
 */

export const PAYIN_METHODS = ['card', 'mobile_money'] as const;
export type PayinMethod = (typeof PAYIN_METHODS)[number];

export interface PayinOrder {
  /** Our reference (the payment intent's provider key): the provider dedupes on it, a lost answer is looked up with it. */
  reference: string;
  amount: number;
  currency: string;
  method: PayinMethod;
  /** Mobile money: the payer's number (international, digits only) and operator. */
  phone?: string;
  operator?: 'mtn' | 'orange';
  /** What the client sees on the hosted page and their statement. */
  description: string;
  /** Where the hosted page sends the client back, paid or not. */
  returnUrl: string;
  /** The client's language, for the hosted page (providers' checkout pages take one). */
  locale: 'en' | 'fr';
}

/**
 * The provider's first answer: a page to send the client to (card), a request
 * waiting for the payer's approval on their phone (mobile money), or refused
 * at once (a number the operator does not know, say).
 */
export type PayinStart =
  { kind: 'redirect'; url: string; expiresAt: Date } | { kind: 'approval'; expiresAt: Date } | { kind: 'rejected'; reason: string };

/** Where a pay-in stands at the provider. */
export type PayinState = 'pending' | 'completed' | 'declined' | 'failed' | 'expired';

export interface ProviderPayin {
  /** Our reference, as given in the order. */
  reference: string;
  /** The provider's own id of the payment. */
  providerReference: string;
  state: PayinState;
  amount: number;
  currency: string;
  /** What the provider charges the platform, in minor units. */
  fee: number;
  /** The card's last four digits, or the phone's. */
  last4: string;
  /** Refunded so far, in minor units. */
  refunded: number;
  failureReason?: string;
}

/** The provider could not be reached: nothing is known to have been taken, the order may be repeated with its reference. */
export class PayinUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('pay-in provider unavailable', { cause });
    this.name = 'PayinUnavailableError';
  }
}

/** A webhook whose signature does not verify: refused, nothing is read from it. */
export class ForgedWebhookError extends Error {
  constructor() {
    super('pay-in webhook signature not valid');
    this.name = 'ForgedWebhookError';
  }
}

export interface PayinProvider {
  readonly name: string;
  /** The methods this provider takes. */
  readonly methods: readonly PayinMethod[];
  /** Opens the pay-in; the same reference again answers as the first time, never a second payment. */
  createPayin(order: PayinOrder): Promise<PayinStart>;
  /** The pay-in as the provider has it, or null when it never received that reference. */
  payinStatus(reference: string): Promise<ProviderPayin | null>;
  /** Gives back (part of) a completed pay-in to the payer; the same refund id is never paid twice. */
  refund(reference: string, amount: number, refundId: string): Promise<{ state: 'completed' | 'pending' | 'failed' }>;
  /**
   * Checks a webhook's signature over its raw body and reads it: the pay-in it
   * reports, or null for an event that is not about a pay-in (acknowledged,
   * ignored). `ForgedWebhookError` when it does not verify.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<ProviderPayin | null>;
  /** Every pay-in the provider holds for us, for the reconciliation with our ledger. */
  transactions(): Promise<ProviderPayin[]>;
}
