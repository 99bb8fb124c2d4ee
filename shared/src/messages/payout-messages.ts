/**
 * The payout API's refusals and the payout receipts' words, in English; the
 * API answers in the caller's language through the shared catalogs.
 */
export const PAYOUT_MESSAGES = {
  methodNotFound: /*i18n*/ { id: 'This payout method does not exist.', message: 'This payout method does not exist.' },
  payoutNotFound: /*i18n*/ { id: 'This payout does not exist.', message: 'This payout does not exist.' },
  receiptNotFound: /*i18n*/ {
    id: 'There is no such funding or refund on this contract.',
    message: 'There is no such funding or refund on this contract.',
  },
  wrongPassword: /*i18n*/ { id: 'The password is not correct.', message: 'The password is not correct.' },
  payeesOnly: /*i18n*/ {
    id: 'Only contractors and experts receive payouts.',
    message: 'Only contractors and experts receive payouts.',
  },
  coolingOff: /*i18n*/ {
    id: 'This payout method can be used 72 hours after it was added.',
    message: 'This payout method can be used 72 hours after it was added.',
  },
  notEnough: /*i18n*/ {
    id: 'The amount is more than your available balance.',
    message: 'The amount is more than your available balance.',
  },
  kycPending: /*i18n*/ {
    id: 'The payment provider has not verified this account holder yet.',
    message: 'The payment provider has not verified this account holder yet.',
  },
  barred: /*i18n*/ { id: 'Payouts are suspended for this account.', message: 'Payouts are suspended for this account.' },
  notHoldable: /*i18n*/ {
    id: 'Only a payout not yet sent can be held or released.',
    message: 'Only a payout not yet sent can be held or released.',
  },
  notRetryable: /*i18n*/ {
    id: 'Only a payout that failed or was not sent can be retried.',
    message: 'Only a payout that failed or was not sent can be retried.',
  },
  badSignature: /*i18n*/ { id: 'The callback signature is not valid.', message: 'The callback signature is not valid.' },
  invalidIban: /*i18n*/ { id: 'Enter a valid IBAN.', message: 'Enter a valid IBAN.' },
  invalidRib: /*i18n*/ { id: 'Enter a valid RIB of 23 digits.', message: 'Enter a valid RIB of 23 digits.' },
  invalidPhone: /*i18n*/ {
    id: 'Enter a Cameroonian mobile number (237 and 9 digits).',
    message: 'Enter a Cameroonian mobile number (237 and 9 digits).',
  },
  methodChangedSubject: /*i18n*/ { id: 'Your payout method was changed', message: 'Your payout method was changed' },
  methodAddedIntro: /*i18n*/ {
    id: 'A payout method was added to your account: {method}. It can receive payouts from {date}.',
    message: 'A payout method was added to your account: {method}. It can receive payouts from {date}.',
  },
  methodRemovedIntro: /*i18n*/ {
    id: 'A payout method was removed from your account: {method}.',
    message: 'A payout method was removed from your account: {method}.',
  },
  methodNotYou: /*i18n*/ {
    id: 'If you did not make this change, change your password and contact us at once.',
    message: 'If you did not make this change, change your password and contact us at once.',
  },
  receiptTitlePayout: /*i18n*/ { id: 'Payout receipt', message: 'Payout receipt' },
  receiptNumber: /*i18n*/ { id: 'Receipt no. {number}', message: 'Receipt no. {number}' },
  receiptDate: /*i18n*/ { id: 'Date', message: 'Date' },
  receiptPayee: /*i18n*/ { id: 'Payee', message: 'Payee' },
  receiptMethod: /*i18n*/ { id: 'Paid to', message: 'Paid to' },
  receiptStatus: /*i18n*/ { id: 'Status', message: 'Status' },
  receiptAmount: /*i18n*/ { id: 'Amount', message: 'Amount' },
  receiptPlatformFee: /*i18n*/ { id: 'Platform fee (1.5 %)', message: 'Platform fee (1.5 %)' },
  receiptExpertFee: /*i18n*/ { id: 'Expert’s fee', message: 'Expert’s fee' },
  receiptProviderFee: /*i18n*/ { id: 'Provider’s fee', message: 'Provider’s fee' },
  receiptProviderFeeNote: /*i18n*/ {
    id: 'The provider’s fee is paid by the platform, not taken from the payout.',
    message: 'The provider’s fee is paid by the platform, not taken from the payout.',
  },
  receiptReference: /*i18n*/ { id: 'Provider reference', message: 'Provider reference' },
  statementTitle: /*i18n*/ { id: 'Contract statement', message: 'Contract statement' },
  statementContract: /*i18n*/ { id: 'Contract', message: 'Contract' },
  receiptFunded: /*i18n*/ { id: 'Paid into escrow', message: 'Paid into escrow' },
  receiptReleased: /*i18n*/ { id: 'Paid to the contractor', message: 'Paid to the contractor' },
  receiptTitleFunding: /*i18n*/ { id: 'Funding receipt', message: 'Funding receipt' },
  receiptTitleRefund: /*i18n*/ { id: 'Refund receipt', message: 'Refund receipt' },
  receiptMilestone: /*i18n*/ { id: 'Milestone', message: 'Milestone' },
  receiptPaidBy: /*i18n*/ { id: 'Paid by', message: 'Paid by' },
  receiptPaidByCard: /*i18n*/ { id: 'Card ending in {last4}', message: 'Card ending in {last4}' },
  receiptPaidByMobile: /*i18n*/ { id: 'Mobile money, number ending in {last4}', message: 'Mobile money, number ending in {last4}' },
  receiptPaidByCredit: /*i18n*/ { id: 'The contract’s credit', message: 'The contract’s credit' },
  receiptFundingFeeNote: /*i18n*/ {
    id: 'The platform and expert fees are part of the amount paid into escrow; the provider’s fee is paid by the platform, not added to your payment.',
    message:
      'The platform and expert fees are part of the amount paid into escrow; the provider’s fee is paid by the platform, not added to your payment.',
  },
  receiptRefunded: /*i18n*/ { id: 'Refunded to the client', message: 'Refunded to the client' },
  methodBank: /*i18n*/ { id: 'Bank transfer', message: 'Bank transfer' },
  methodMtn: /*i18n*/ { id: 'MTN Mobile Money', message: 'MTN Mobile Money' },
  methodOrange: /*i18n*/ { id: 'Orange Money', message: 'Orange Money' },
  statusPending: /*i18n*/ { id: 'Pending', message: 'Pending' },
  statusInTransit: /*i18n*/ { id: 'In transit', message: 'In transit' },
  statusPaid: /*i18n*/ { id: 'Paid', message: 'Paid' },
  statusFailed: /*i18n*/ { id: 'Failed, back in your balance', message: 'Failed, back in your balance' },
  statusReturned: /*i18n*/ { id: 'Returned to your balance', message: 'Returned to your balance' },
} as const;
