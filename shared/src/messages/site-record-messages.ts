import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of the site record API (daily logs, change orders, the chain),
 * written out like API_MESSAGES and translated with the shared catalog in the
 * caller's language. The notifications read them too, for the e-mails.
 */
export const SITE_RECORD_MESSAGES = {
  entryNotFound: /*i18n*/ { id: 'This log entry does not exist.', message: 'This log entry does not exist.' },
  changeOrderNotFound: /*i18n*/ { id: 'This change order does not exist.', message: 'This change order does not exist.' },
  editWindowClosed: /*i18n*/ {
    id: 'An entry can only be edited in the first {minutes} minutes. Add an annotation instead.',
    message: 'An entry can only be edited in the first {minutes} minutes. Add an annotation instead.',
  },
  notYourEntry: /*i18n*/ { id: 'Only the author can edit this entry.', message: 'Only the author can edit this entry.' },
  tooManyPhotos: /*i18n*/ { id: 'Please attach at most 6 photos.', message: 'Please attach at most 6 photos.' },
  tooManyAttachments: /*i18n*/ { id: 'Please attach at most 5 files.', message: 'Please attach at most 5 files.' },
  linesRequired: /*i18n*/ {
    id: 'Please change the price of at least one milestone or add a milestone.',
    message: 'Please change the price of at least one milestone or add a milestone.',
  },
  linesInvalid: /*i18n*/ {
    id: 'Each line needs a milestone of this contract or a new milestone’s title, and a price difference other than zero.',
    message: 'Each line needs a milestone of this contract or a new milestone’s title, and a price difference other than zero.',
  },
  milestoneClosed: /*i18n*/ {
    id: 'Milestone “{milestone}” is already paid out or refunded: it cannot change.',
    message: 'Milestone “{milestone}” is already paid out or refunded: it cannot change.',
  },
  amountNotPositive: /*i18n*/ {
    id: 'Milestone “{milestone}” would cost nothing or less: lower its price by less.',
    message: 'Milestone “{milestone}” would cost nothing or less: lower its price by less.',
  },
  onlyOtherParty: /*i18n*/ {
    id: 'Only the other party can approve or decline this change order.',
    message: 'Only the other party can approve or decline this change order.',
  },
  alreadyAnswered: /*i18n*/ { id: 'This change order has already been answered.', message: 'This change order has already been answered.' },
  expired: /*i18n*/ {
    id: 'This change order expired: its answer date has passed. Nothing was changed.',
    message: 'This change order expired: its answer date has passed. Nothing was changed.',
  },
  notifyChangeProposed: /*i18n*/ {
    id: 'A change order “{change}” was proposed on “{title}”: please approve or decline it.',
    message: 'A change order “{change}” was proposed on “{title}”: please approve or decline it.',
  },
  notifyChangeApproved: /*i18n*/ {
    id: 'The change order “{change}” on “{title}” was approved: the milestone plan changed.',
    message: 'The change order “{change}” on “{title}” was approved: the milestone plan changed.',
  },
  notifyChangeDeclined: /*i18n*/ {
    id: 'The change order “{change}” on “{title}” was declined: nothing changed.',
    message: 'The change order “{change}” on “{title}” was declined: nothing changed.',
  },
} satisfies Record<string, MessageDescriptor>;
