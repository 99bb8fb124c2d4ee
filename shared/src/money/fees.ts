/**
 * What a milestone costs the client on top of its amount (docs/product.md §9): the
 * platform's transaction fee of 1.5 %, and the independent expert's
 * inspection fee. Amounts are integers in the currency's minor units;
 * fractions round half up. The API charges with these functions and the
 * pages that explain the fees compute their figures with them, so what a
 * visitor reads is what the fund dialog charges.
 */

import { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE } from '../config/fee-rates';

export { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE };

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
