/**
 * What the platform needs from a payout provider (the licensed institution
 * that holds the money and sends it to a payee's account): send a payout,
 * look one up, verify its signed callbacks, the payee's KYC state, and its
 * transaction list for reconciliation. The embedded sandbox and the mobile
 * money aggregator implement it; the payout code knows only this.
 */

export type PayoutDestination = { kind: 'mobile_money'; operator: 'mtn' | 'orange'; phone: string } | { kind: 'bank'; accountNumber: string };

export interface PayoutOrder {
  /** Our id of the payout, sent as the provider's payout id: a repeated order is recognised, a lost answer looked up. */
  reference: string;
  amount: number;
  currency: string;
  destination: PayoutDestination;
  holderName: string;
  /** A short text the payee sees on their statement. */
  description: string;
}

/** Where a payout stands at the provider. */
export type ProviderPayoutState = 'accepted' | 'completed' | 'failed' | 'returned';

export interface ProviderPayout {
  reference: string;
  state: ProviderPayoutState;
  amount: number;
  currency: string;
  /** What the provider charges the platform for the payout, in minor units. */
  fee: number;
  failureReason?: string;
}

/** The provider's answer to an order: taken (it goes on asynchronously) or refused at once. */
export type PayoutAnswer = { state: 'accepted'; fee: number } | { state: 'rejected'; reason: string };

export type KycState = 'verified' | 'pending' | 'rejected';

/** The provider could not be reached: nothing is known to have been sent, the order may be repeated with its reference. */
export class PayoutUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('payout provider unavailable', { cause });
    this.name = 'PayoutUnavailableError';
  }
}

/** A callback whose signature does not verify: refused, nothing is read from it. */
export class ForgedCallbackError extends Error {
  constructor() {
    super('payout callback signature not valid');
    this.name = 'ForgedCallbackError';
  }
}

export interface PayoutProvider {
  readonly name: string;
  /** The provider's identity check of the account holder: only a verified payee is paid. */
  payeeKyc(destination: PayoutDestination, holderName: string): Promise<KycState>;
  /** Sends the order; the same reference sent again is answered as the first time, never paid twice. */
  sendPayout(order: PayoutOrder): Promise<PayoutAnswer>;
  /** The payout as the provider has it, or null when it never received that reference. */
  payoutStatus(reference: string): Promise<ProviderPayout | null>;
  /** Checks a callback's signature over its raw body and reads it; `ForgedCallbackError` when it does not verify. */
  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderPayout;
  /** Every payout the provider holds for us, for the reconciliation with our ledger. */
  transactions(): Promise<ProviderPayout[]>;
}
