import { currencyDigits, parseMoney } from '../money/parse-money';
import { numberFormat } from '../i18n/intl-formats';

/**
 * Money travels as integers of minor units (docs/product.md §7). The number of minor
 * digits is the ISO 4217 one Intl knows (XAF 0, EUR 2), unless the reference
 * book says otherwise.
 */
export function minorDigitsOf(currency: string): number {
  return currencyDigits(currency);
}

/** "€1,250.00" / "1 250,00 €" / "FCFA 3,000,000" from an amount in minor units. */
export function formatMoney(amountMinor: number, currency: string, locale: string, minorDigits = minorDigitsOf(currency)): string {
  const major = amountMinor / 10 ** minorDigits;
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: Number.isInteger(major) ? 0 : minorDigits,
      maximumFractionDigits: minorDigits,
    }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

/**
 * A short figure for where room is tight, such as a chart's axis:
 * "FCFA 1.4M" / "1,4 M FCFA". Exact amounts stay with formatMoney.
 */
export function formatMoneyCompact(amountMinor: number, currency: string, locale: string, minorDigits = minorDigitsOf(currency)): string {
  const major = amountMinor / 10 ** minorDigits;
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return formatMoney(amountMinor, currency, locale, minorDigits);
  }
}

/** A range "€1,000 – €2,000", or one side of it when the other is not known. */
export function formatMoneyRange(min: number | null, max: number | null, currency: string, locale: string): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min !== max) return `${formatMoney(min, currency, locale)} – ${formatMoney(max, currency, locale)}`;
  return formatMoney((min ?? max)!, currency, locale);
}

/**
 * Reads what someone typed ("1 250,50", "1,250.50") as minor units; null when
 * it is not an amount.
 *
 * @deprecated Use `parseMoney` from `shared/money` with the user's locale. Kept
 * (the package is a federation singleton: exports are never removed) for
 * remotes built before it, and read by the same parser: the French way first,
 * then the English way.
 */
export function parseMoneyInput(text: string, currency: string, minorDigits = minorDigitsOf(currency)): number | null {
  for (const locale of ['fr', 'en']) {
    const reading = parseMoney(text, currency, locale, minorDigits);
    if (reading.ok) return reading.minor;
  }
  return null;
}

/** Minor units back to what a form field shows ("1250.5" → "1250.50"). */
export function moneyInputValue(amountMinor: number | null, currency: string, minorDigits = minorDigitsOf(currency)): string {
  if (amountMinor === null) return '';
  return (amountMinor / 10 ** minorDigits).toFixed(minorDigits);
}
