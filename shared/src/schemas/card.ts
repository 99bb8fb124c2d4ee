import * as v from 'valibot';
import { ESCROW_API_MESSAGES as EM } from '../messages/escrow-api-messages';
import { VALIDATION_MESSAGES as M } from './messages';
import { issueMessage } from './issue-messages';

const required = issueMessage(M.required);

/** Required text of bounded length, trimmed; multipart fields arrive as strings too. */
export function boundedText(minLength: number, maxLength: number) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(minLength, issueMessage(M.minLength, { amount: minLength })),
    v.maxLength(maxLength, issueMessage(M.maxLength, { amount: maxLength })),
  );
}

/** The Luhn checksum every card number carries in its last digit; 12 to 19 digits. */
export function luhnValid(digits: string): boolean {
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

const EXPIRY = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/;

/** MM/YY (spaces tolerated) of this month or later. */
export function expiryValid(expiry: string, today = new Date()): boolean {
  const match = EXPIRY.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

const cardNumber = issueMessage(EM.cardNumber);
const cardExpiry = issueMessage(EM.cardExpiry);
const cardCvc = issueMessage(EM.cardCvc);
const cardName = issueMessage(EM.cardName);

/**
 * A payment card as the fund form sends it and the API reads it: the number
 * without spaces or dashes, the expiry as "MM/YY", the code and the holder's
 * name trimmed.
 */
export function cardSchemaAt(now: () => Date) {
  return v.object(
    {
      number: v.pipe(
        v.string(cardNumber),
        v.transform((value) => value.replace(/[\s-]/g, '')),
        v.check(luhnValid, cardNumber),
      ),
      expiry: v.pipe(
        v.string(cardExpiry),
        v.check((value) => expiryValid(value, now()), cardExpiry),
        v.transform((value) => value.replace(/\s/g, '')),
      ),
      cvc: v.pipe(v.string(cardCvc), v.trim(), v.regex(/^\d{3,4}$/, cardCvc)),
      // The holder's name as printed: one message whatever is wrong with it, as for the other card fields.
      name: v.pipe(v.string(cardName), v.trim(), v.minLength(2, cardName), v.maxLength(100, cardName)),
    },
    required,
  );
}

export const CardSchema = cardSchemaAt(() => new Date());
export type CardInput = v.InferInput<typeof CardSchema>;
export type Card = v.InferOutput<typeof CardSchema>;
