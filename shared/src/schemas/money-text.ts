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
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const reading = parseMoney(dataset.value ?? '', currency, locale);
      if (reading.ok) return reading.minor;
      if (reading.problem === 'empty') return null;
      const descriptor = moneyProblemMessage(reading.problem, currency, locale);
      addIssue({ message: issueMessage(descriptor, descriptor.values) });
      return NEVER;
    }),
    v.nullable(v.pipe(v.number(), v.minValue(1, message), v.maxValue(AMOUNT_MAX, message))),
  );
}
