export { notify, NOTIFICATION_DURATION_MS } from './notify';
export { Spinner } from './spinner';
export { ErrorBoundary } from './error-boundary';
export { SOMETHING_WENT_WRONG } from './generic-error';
export { HideOnError } from './hide-on-error';
export { PagePlaceholder } from './page-placeholder';
export { Money, MoneyRange, type MoneyProps } from './money';
export { formatMoney, formatMoneyCompact, formatMoneyRange, minorDigitsOf, moneyInputValue, parseMoneyInput } from './format-money';
export { Pagination } from './pagination';
