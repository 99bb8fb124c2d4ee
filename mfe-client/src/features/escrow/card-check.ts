import type { CardInput } from './api/fund-milestone';

export type CardField = keyof CardInput;

export const digitsOnly = (text: string) => text.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (spaces tolerated) of a month not yet over, as the API reads it. */
export function normaliseExpiry(text: string, now: Date): string | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = new Date(year, month, 1);
  if (endOfMonth <= now) return null;
  return `${match[1]}/${match[2]}`;
}

/** The card as the API wants it, or the fields to fix; mirrors the server's checks so most mistakes never leave the page. */
export function checkCard(values: CardInput, now = new Date()): { card: CardInput } | { invalid: CardField[] } {
  const invalid: CardField[] = [];
  const number = digitsOnly(values.number);
  if (!passesLuhn(number)) invalid.push('number');
  const expiry = normaliseExpiry(values.expiry, now);
  if (!expiry) invalid.push('expiry');
  const cvc = values.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) invalid.push('cvc');
  const name = values.name.trim();
  if (!name) invalid.push('name');
  if (invalid.length > 0) return { invalid };
  return { card: { number, expiry: expiry!, cvc, name } };
}
