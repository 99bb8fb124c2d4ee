/**
 * What a milestone costs the client on top of its amount (spec §9): the
 * platform's transaction fee of 1.5 %, and the independent expert's
 * inspection fee. Amounts are integers in the currency's minor units;
 * fractions round half up.
 */

/** 1.5 % in tenths of a percent. */
export const PLATFORM_FEE_PER_MILLE = 15;
/** The expert's fee: 2 % of the milestone, at least one site visit's worth. */
export const EXPERT_FEE_PER_MILLE = 20;
export const EXPERT_FEE_MINIMUM: Readonly<Record<string, number>> = { EUR: 5_000, XAF: 25_000 };

function perMille(amount: number, rate: number): number {
  return Math.floor((amount * rate + 500) / 1000);
}

export function platformFee(amount: number): number {
  return perMille(amount, PLATFORM_FEE_PER_MILLE);
}

export function expertFee(amount: number, currency: string): number {
  return Math.max(perMille(amount, EXPERT_FEE_PER_MILLE), EXPERT_FEE_MINIMUM[currency] ?? 0);
}

export function milestoneFees(amount: number, currency: string): { expert_fee: number; platform_fee: number } {
  return { expert_fee: expertFee(amount, currency), platform_fee: platformFee(amount) };
}
