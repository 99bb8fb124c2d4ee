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

/**
 * The same rules in SQL, for the ledger check: generated from the constants
 * above so the check can never drift from what the code charges.
 */
export function platformFeeSql(amount: string): string {
  return `floor((${amount} * ${PLATFORM_FEE_PER_MILLE} + 500) / 1000)`;
}

export function expertFeeSql(amount: string, currency: string): string {
  const minimums = Object.entries(EXPERT_FEE_MINIMUM)
    .map(([code, minimum]) => `WHEN '${code}' THEN ${minimum}`)
    .join(' ');
  return `greatest(floor((${amount} * ${EXPERT_FEE_PER_MILLE} + 500) / 1000), CASE ${currency} ${minimums} ELSE 0 END)`;
}
