import * as v from 'valibot';
import { moneyProblemMessage, parseMoney } from '../money/parse-money';
import { issueMessage } from './issue-messages';
import { MARKETPLACE_MESSAGES as P } from './marketplace-messages';
import { AMOUNT_MAX } from './amount-limits';

/**
 * An optional amount as a person typed it in a form, read by the money parser
 * in their locale and the currency's decimals: minor units, or null when left
 * blank. Each refusal carries the parser's message.
 */
export function optionalMoneyText(currency: string, locale: string) {
  const message = issueMessage(P.amount);
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    readMoney(currency, locale, null),
    v.nullable(v.pipe(v.number(), v.minValue(1, message), v.maxValue(AMOUNT_MAX, message))),
  );
}

export interface MoneyTextOptions {
  min?: number;
  max?: number;
  /** Said for an amount out of range (and, unless told otherwise, for a blank or too large one). */
  message?: string;
  blankMessage?: string;
  maxMessage?: string;
  /** The currency's decimals when the reference book says so; Intl's otherwise. */
  digits?: number;
}

/**
 * A required amount as typed (a quote's total, a milestone's amount): minor
 * units; left blank it asks for an amount, like an amount sent as nothing.
 */
export function moneyText(currency: string, locale: string, options: MoneyTextOptions = {}) {
  const { min = 1, max = AMOUNT_MAX, message = issueMessage(P.amount), digits } = options;
  const { blankMessage = message, maxMessage = message } = options;
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    readMoney(currency, locale, blankMessage, digits),
    v.number(message),
    v.minValue(min, message),
    v.maxValue(max, maxMessage),
  );
}

/** The parser's reading; a blank field is `blank` (null), or refused with `blank` as the message. */
function readMoney(currency: string, locale: string, blank: string | null, digits?: number) {
  return v.rawTransform<string | null, number | null>(({ dataset, addIssue, NEVER }) => {
    const reading = parseMoney(dataset.value ?? '', currency, locale, digits);
    if (reading.ok) return reading.minor;
    if (reading.problem === 'empty') {
      if (blank === null) return null;
      addIssue({ message: blank });
      return NEVER;
    }
    const descriptor = moneyProblemMessage(reading.problem, currency, locale, digits);
    addIssue({ message: issueMessage(descriptor, descriptor.values) });
    return NEVER;
  });
}
