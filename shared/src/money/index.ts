export { MONEY_MAX_MINOR, currencyDigits, moneyExample, moneyInputText, moneyProblemMessage, parseMoney } from './parse-money';
export type { MoneyProblem, MoneyReading } from './parse-money';
export { MONEY_MESSAGES } from './money-messages';
export { EXPERT_FEE_MINIMUM, EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE, expertFee, milestoneFees, platformFee } from './fees';
export { caretAfterGrouping, groupAmountText } from './group-amount';
