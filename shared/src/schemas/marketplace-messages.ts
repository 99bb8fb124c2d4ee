import type { MessageDescriptor } from '@lingui/core';

/*
 * Validation messages of the marketplace forms (projects, quotes, invites),
 * written out like VALIDATION_MESSAGES so the API can use them without Babel.
 */
export const MARKETPLACE_MESSAGES = {
  chooseCategory: /*i18n*/ { id: 'Please choose a category.', message: 'Please choose a category.' },
  chooseCurrency: /*i18n*/ { id: 'Please choose a currency.', message: 'Please choose a currency.' },
  amount: /*i18n*/ { id: 'Please enter an amount greater than zero.', message: 'Please enter an amount greater than zero.' },
  wholeNumber: /*i18n*/ { id: 'Please enter a whole number.', message: 'Please enter a whole number.' },
  budgetOrder: /*i18n*/ {
    id: 'The minimum budget cannot be more than the maximum.',
    message: 'The minimum budget cannot be more than the maximum.',
  },
  date: /*i18n*/ { id: 'Please enter a valid date.', message: 'Please enter a valid date.' },
  durationRange: /*i18n*/ { id: 'Please enter a duration between 1 and 1000 days.', message: 'Please enter a duration between 1 and 1000 days.' },
  milestonesCount: /*i18n*/ { id: 'Plan between 1 and 20 milestones.', message: 'Plan between 1 and 20 milestones.' },
  milestonesTotal: /*i18n*/ {
    id: 'The milestone amounts must add up to the total.',
    message: 'The milestone amounts must add up to the total.',
  },
} satisfies Record<string, MessageDescriptor>;
