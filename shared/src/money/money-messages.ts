import type { MessageDescriptor } from '@lingui/core';

/*
 * What an amount field says when it cannot read what was typed. Plain
 * descriptors marked for `lingui extract` (the API imports this package
 * without Babel), translated with the shared catalog on either side.
 */
export const MONEY_MESSAGES = {
  empty: /*i18n*/ { id: 'Please enter an amount.', message: 'Please enter an amount.' },
  format: /*i18n*/ {
    id: 'Please enter the amount in figures, for example {example}.',
    message: 'Please enter the amount in figures, for example {example}.',
  },
  noDecimals: /*i18n*/ { id: '{currency} amounts have no decimals.', message: '{currency} amounts have no decimals.' },
  decimals: /*i18n*/ {
    id: '{currency} amounts have at most {digits} decimals.',
    message: '{currency} amounts have at most {digits} decimals.',
  },
  tooLarge: /*i18n*/ { id: 'This amount is too large.', message: 'This amount is too large.' },
} satisfies Record<string, MessageDescriptor>;
