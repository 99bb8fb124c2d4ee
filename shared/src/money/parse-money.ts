import type { MessageDescriptor } from '@lingui/core';
import { MONEY_MESSAGES as M } from './money-messages';
import { numberFormat } from '../i18n/intl-formats';

/** The largest amount, in minor units, anything accepts: well inside JavaScript's exact integers. */
export const MONEY_MAX_MINOR = 1_000_000_000_000;

/**
 * Minor digits of a currency: the ISO 4217 number Intl knows (XAF 0,
 * EUR and USD 2), 2 for a code Intl does not know.
 */
export function currencyDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export type MoneyProblem = 'empty' | 'format' | 'decimals' | 'too_large';
export type MoneyReading = { ok: true; minor: number } | { ok: false; problem: MoneyProblem };

/** Spaces people and Intl put between groups of digits: space, no-break, narrow no-break, thin, figure. */
export const SPACES = /[ \u00a0\u202f\u2009\u2007]/g;

/** How a locale writes numbers: its decimal mark, and the marks it may group thousands with. */
function conventions(locale: string): { decimal: string; grouping: string | null } {
  const language = locale.toLowerCase().split(/[-_]/)[0];
  // French groups with spaces only; English groups with commas (and spaces, removed beforehand).
  return language === 'fr' ? { decimal: ',', grouping: null } : { decimal: '.', grouping: ',' };
}

/**
 * Reads an amount typed in a currency's units, in the user's locale, as an
 * integer of minor units, exactly (no floating point).
 *
 * - French: "1 500,50" (spaces of any kind group, the comma is the decimal
 *   mark; a dot is read as a decimal mark too, as numeric keypads type it).
 * - English: "1,500.50" (commas group, in threes; the dot is the decimal mark).
 * - Refused: anything but digits and those marks (hex "0x10", binary "0b11",
 *   exponents "1e3", signs, letters), misplaced group marks ("1,5" in
 *   English), more decimals than the currency has ("1.500" in euros, any
 *   decimal in francs CFA), and amounts over {@link MONEY_MAX_MINOR}.
 */
export function parseMoney(text: string, currency: string, locale: string, digits = currencyDigits(currency)): MoneyReading {
  const compact = text.trim().replace(SPACES, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (/[^0-9.,]/.test(compact)) return { ok: false, problem: 'format' };
  const { decimal, grouping } = conventions(locale);
  let whole = compact;
  let fraction = '';
  const decimalMarks = decimal === ',' && !compact.includes(',') ? '.' : decimal;
  const at = whole.lastIndexOf(decimalMarks);
  if (at >= 0) {
    fraction = whole.slice(at + 1);
    whole = whole.slice(0, at);
    if (!/^\d+$/.test(fraction)) return { ok: false, problem: 'format' };
  }
  if (grouping && whole.includes(grouping)) {
    // Groups of three after the first: "1,500" yes, "1,5" or "15,00" no.
    if (!/^\d{1,3}(,\d{3})+$/.test(whole)) return { ok: false, problem: 'format' };
    whole = whole.replaceAll(grouping, '');
  }
  if (!/^\d+$/.test(whole)) return { ok: false, problem: 'format' };
  if (fraction.length > digits) return { ok: false, problem: 'decimals' };
  const minorText = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  if (minorText.length > String(MONEY_MAX_MINOR).length) return { ok: false, problem: 'too_large' };
  const minor = Number(minorText);
  if (minor > MONEY_MAX_MINOR) return { ok: false, problem: 'too_large' };
  return { ok: true, minor };
}

/** An example amount written the locale's way ("1 500,50", "1,500.50", "1 500"), for messages. */
export function moneyExample(currency: string, locale: string, digits = currencyDigits(currency)): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }).format(digits > 0 ? 1500.5 : 1500);
}

/** The message for a problem, ready for `i18n._(descriptor)` (its values filled in). */
export function moneyProblemMessage(problem: MoneyProblem, currency: string, locale: string, digits = currencyDigits(currency)): MessageDescriptor {
  switch (problem) {
    case 'empty':
      return M.empty;
    case 'decimals':
      return digits === 0 ? { ...M.noDecimals, values: { currency } } : { ...M.decimals, values: { currency, digits } };
    case 'too_large':
      return M.tooLarge;
    default:
      return { ...M.format, values: { example: moneyExample(currency, locale, digits) } };
  }
}

/**
 * Minor units as a field shows them for editing, the way `parseMoney` reads
 * them back in the same locale: "1500,50" in French, "1500.50" in English,
 * "1500" for XAF; no grouping, so the text is easy to change.
 */
export function moneyInputText(minor: number | null, currency: string, locale: string, digits = currencyDigits(currency)): string {
  if (minor === null) return '';
  if (digits === 0) return String(minor);
  const unit = 10 ** digits;
  const fraction = String(minor % unit).padStart(digits, '0');
  return `${Math.trunc(minor / unit)}${conventions(locale).decimal}${fraction}`;
}
