export { MONEY_MAX_MINOR, currencyDigits, moneyExample, moneyInputText, moneyProblemMessage, parseMoney } from './parse-money';
export type { MoneyProblem, MoneyReading } from './parse-money';
export { MONEY_MESSAGES } from './money-messages';
