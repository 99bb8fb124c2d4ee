import * as v from 'valibot';
import { AMOUNT_MAX, VALIDATION_MESSAGES as M, issueMessage } from 'shared/schemas';
import { ESCROW_API_MESSAGES as EM } from 'shared/messages';

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

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

/** MM/YY, this month or later. */
export function expiryValid(expiry: string, today = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

const cardNumber = issueMessage(EM.cardNumber);
const cardExpiry = issueMessage(EM.cardExpiry);
const cardCvc = issueMessage(EM.cardCvc);

/** The card is left out when the contract's credit covers the whole milestone. */
export const FundSchema = v.object({
  card: v.optional(v.object(
    {
      number: v.pipe(
        v.string(cardNumber),
        v.transform((value) => value.replace(/[\s-]/g, '')),
        v.regex(/^\d+$/, cardNumber),
        v.check(luhnValid, cardNumber),
      ),
      expiry: v.pipe(v.string(cardExpiry), v.check((value) => expiryValid(value), cardExpiry)),
      cvc: v.pipe(v.string(cardCvc), v.trim(), v.regex(/^\d{3,4}$/, cardCvc)),
      name: boundedText(2, 100),
    },
    required,
  )),
});

export const NotesSchema = v.object({ notes: boundedText(3, 2000) });

export const InspectionSchema = v.object({
  decision: v.picklist(['approved', 'changes_requested'], required),
  notes: boundedText(3, 2000),
});

export const EstimateSchema = v.object({
  owed_amount: v.pipe(
    v.string(required),
    v.trim(),
    v.regex(/^\d+$/, issueMessage(EM.estimateTooHigh)),
    v.transform(Number),
    v.maxValue(AMOUNT_MAX, issueMessage(EM.estimateTooHigh)),
  ),
  notes: boundedText(3, 2000),
});

export const DisputeSchema = v.object({ reason: boundedText(10, 2000) });

export const MessageSchema = v.object({ body: boundedText(1, 2000) });

export const ReviewSchema = v.object({
  rating: v.pipe(v.number(required), v.integer(required), v.minValue(1, required), v.maxValue(5, required)),
  body: boundedText(10, 2000),
});

export const SettlementSchema = v.object({
  choice: v.picklist(['refund', 'carry'], required),
  replacement_contractor_id: v.optional(v.nullable(v.string())),
});

export const ResolveSchema = v.object({
  contractor_amount: v.pipe(v.number(required), v.integer(required), v.minValue(0, required), v.maxValue(AMOUNT_MAX, required)),
  note: boundedText(3, 2000),
});

export const AssignExpertSchema = v.object({ expert_id: v.pipe(v.string(required), v.uuid(issueMessage(EM.expertInvalid))) });

export const InsolvencySchema = v.object({ note: boundedText(3, 2000) });
