/**
 * Design costs are stored in EUR cents and converted for the viewer with a
 * fixed table: the figures are estimates, so a daily rate would add a moving
 * part without making them more truthful.
 */
export const BASE_CURRENCY = 'EUR';

interface CurrencyInfo {
  /** Units of this currency for one euro. */
  perEuro: number;
  /** Digits after the decimal point (ISO 4217 minor unit). */
  minorDigits: number;
  /** Converted estimates are rounded to this many major units, so they do not pretend to a false precision. */
  roundTo: number;
}

export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = {
  EUR: { perEuro: 1, minorDigits: 2, roundTo: 100 },
  USD: { perEuro: 1.08, minorDigits: 2, roundTo: 100 },
  GBP: { perEuro: 0.85, minorDigits: 2, roundTo: 100 },
  CAD: { perEuro: 1.47, minorDigits: 2, roundTo: 100 },
  CHF: { perEuro: 0.95, minorDigits: 2, roundTo: 100 },
  // The CFA franc is pegged to the euro at 655.957 and has no minor unit.
  XAF: { perEuro: 655.957, minorDigits: 0, roundTo: 10_000 },
  XOF: { perEuro: 655.957, minorDigits: 0, roundTo: 10_000 },
};

export type CurrencyCode = keyof typeof CURRENCIES;

export function isSupportedCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCIES, code);
}

/** The currency a locale sees when it asks for none. */
export function defaultCurrencyFor(locale: 'en' | 'fr'): string {
  return locale === 'fr' ? 'EUR' : 'USD';
}

/** Converts EUR cents to minor units of `currency`, rounded to the currency's estimate step. */
export function convertFromEuroCents(euroCents: number, currency: string): number {
  const info = CURRENCIES[currency];
  if (!info) throw new Error(`Unsupported currency: ${currency}`);
  const major = (euroCents / 100) * info.perEuro;
  if (currency === BASE_CURRENCY) return Math.round(euroCents);
  const rounded = Math.round(major / info.roundTo) * info.roundTo;
  return rounded * 10 ** info.minorDigits;
}
