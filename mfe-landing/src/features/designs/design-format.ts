import type { DesignTier } from 'shared/contract';

/** Tiers read as price signs, like a menu: Standard $, Premium $$, Luxury $$$. */
export function tierSigns(tier: DesignTier): string {
  return tier === 'luxury' ? '$$$' : tier === 'premium' ? '$$' : '$';
}

/** Region → currency, for the few regions whose currency the API converts to. */
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  CH: 'CHF',
  CM: 'XAF',
  GA: 'XAF',
  CG: 'XAF',
  TD: 'XAF',
  CF: 'XAF',
  GQ: 'XAF',
  SN: 'XOF',
  CI: 'XOF',
  BJ: 'XOF',
  TG: 'XOF',
  ML: 'XOF',
  BF: 'XOF',
  NE: 'XOF',
  FR: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  LU: 'EUR',
};

/**
 * The viewer's currency from the browser's preferred languages (`fr-CM` → XAF),
 * or undefined to let the API pick the one of the page's language.
 */
export function viewerCurrency(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    if (region && REGION_CURRENCY[region]) return REGION_CURRENCY[region];
  }
  return undefined;
}
