import { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE } from 'shared/money';

// The fee rules themselves live in `shared`, where the pages that explain them read them too.
export { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE, expertFee, milestoneFees, platformFee } from 'shared/money';

/**
 * The same rules in SQL, for the ledger check: generated from the constants
 * so the check can never drift from what the code charges.
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
