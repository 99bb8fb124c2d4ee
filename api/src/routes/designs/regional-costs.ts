/**
 * Building costs differ by country far more than exchange rates say. Design
 * estimates are written at French prices; these factors scale them to where
 * the house would be built (labour and local materials; rough public
 * construction-cost indices, rounded — estimates, not quotes).
 */
export const COST_FACTORS: Readonly<Record<string, number>> = {
  FR: 1,
  BE: 1.05,
  DE: 1.1,
  CH: 1.55,
  GB: 1.15,
  CA: 1.05,
  US: 1.1,
  CM: 0.45,
  GA: 0.55,
  CG: 0.55,
  CI: 0.5,
  SN: 0.5,
  BJ: 0.45,
  TG: 0.45,
};

export function isKnownCountry(code: string): boolean {
  return Object.hasOwn(COST_FACTORS, code);
}

/** EUR cents at French prices → EUR cents at the prices of `country` (French prices when none is given). */
export function regionalEuroCents(euroCents: number, country: string | undefined): number {
  return Math.round(euroCents * (country ? (COST_FACTORS[country] ?? 1) : 1));
}
