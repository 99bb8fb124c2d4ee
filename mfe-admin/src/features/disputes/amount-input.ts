import { minorDigitsOf } from 'shared/ui';

export type AmountReading = { ok: true; minor: number } | { ok: false; problem: 'empty' | 'not_a_number' | 'too_precise' };

/**
 * Reads an amount typed in currency units ("1250", "1250.50", "1 250,5") as
 * minor units, exactly: no floating point, and no more decimals than the
 * currency has (two for EUR, none for XAF).
 */
export function readAmount(text: string, currency: string): AmountReading {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '');
  if (cleaned === '') return { ok: false, problem: 'empty' };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, problem: 'not_a_number' };
  const digits = minorDigitsOf(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return { ok: false, problem: 'too_precise' };
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { ok: false, problem: 'not_a_number' };
  return { ok: true, minor };
}
