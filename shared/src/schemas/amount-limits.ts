import { MONEY_MAX_MINOR } from '../money/parse-money';

/** Every amount is an integer of minor units; this keeps one well inside JavaScript's exact range. */
export const AMOUNT_MAX = MONEY_MAX_MINOR;
