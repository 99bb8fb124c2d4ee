import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of pay-ins through a provider (the fund call, its state, the
 * sandbox's hosted payment page), translated with the shared catalog in the
 * caller's language.
 */
export const PAYIN_MESSAGES = {
  mobileDeclined: /*i18n*/ {
    id: 'The payment was not approved on the phone. No money was taken.',
    message: 'The payment was not approved on the phone. No money was taken.',
  },
  failed: /*i18n*/ {
    id: 'The payment did not go through. No money was taken; please try again.',
    message: 'The payment did not go through. No money was taken; please try again.',
  },
  expired: /*i18n*/ {
    id: 'The payment was not completed in time. No money was taken; you can start again.',
    message: 'The payment was not completed in time. No money was taken; you can start again.',
  },
  phoneRejected: /*i18n*/ {
    id: 'This number cannot pay by mobile money. Check the number and its operator.',
    message: 'This number cannot pay by mobile money. Check the number and its operator.',
  },
  methodUnavailable: /*i18n*/ { id: 'This payment method is not available here.', message: 'This payment method is not available here.' },
  badSignature: /*i18n*/ { id: 'The webhook signature is not valid.', message: 'The webhook signature is not valid.' },
  pageTitle: /*i18n*/ { id: 'Sandbox payment page', message: 'Sandbox payment page' },
  pageIntro: /*i18n*/ {
    id: 'This is the payment provider’s test page: no real card is charged. Choose a test card.',
    message: 'This is the payment provider’s test page: no real card is charged. Choose a test card.',
  },
  pageAmount: /*i18n*/ { id: 'Amount to pay', message: 'Amount to pay' },
  pageCards: /*i18n*/ { id: 'Test card', message: 'Test card' },
  pagePay: /*i18n*/ { id: 'Pay', message: 'Pay' },
  pageCancel: /*i18n*/ { id: 'Cancel and go back', message: 'Cancel and go back' },
  pageDone: /*i18n*/ {
    id: 'This payment is finished. You can go back to the site.',
    message: 'This payment is finished. You can go back to the site.',
  },
  pageBack: /*i18n*/ { id: 'Back to the site', message: 'Back to the site' },
  pageNotFound: /*i18n*/ { id: 'This payment page does not exist or has expired.', message: 'This payment page does not exist or has expired.' },
  cardSucceeds: /*i18n*/ { id: 'succeeds', message: 'succeeds' },
  cardDeclined: /*i18n*/ { id: 'is declined', message: 'is declined' },
  cardFails: /*i18n*/ { id: 'fails with a provider error', message: 'fails with a provider error' },
  cardPending: /*i18n*/ { id: 'stays pending for ever', message: 'stays pending for ever' },
  cardTimeout: /*i18n*/ { id: 'times out', message: 'times out' },
} as const satisfies Record<string, MessageDescriptor>;
