import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of the admin API, written out like API_MESSAGES (the API runs
 * without Babel) and translated with the shared catalog.
 */
export const ADMIN_MESSAGES = {
  userNotFound: /*i18n*/ { id: 'This account does not exist.', message: 'This account does not exist.' },
  unknownCheck: /*i18n*/ { id: 'This check does not exist.', message: 'This check does not exist.' },
  evidenceNotFound: /*i18n*/ { id: 'This document does not exist.', message: 'This document does not exist.' },
  verificationNeeds: /*i18n*/ { id: 'Verification needs: {checks}.', message: 'Verification needs: {checks}.' },
  onlySpecialists: /*i18n*/ {
    id: 'Only specialist accounts go through verification.',
    message: 'Only specialist accounts go through verification.',
  },
  alreadyVerified: /*i18n*/ { id: 'This specialist is already verified.', message: 'This specialist is already verified.' },
  notVerified: /*i18n*/ { id: 'This specialist is not verified.', message: 'This specialist is not verified.' },
  alreadySuspended: /*i18n*/ { id: 'This account is already suspended.', message: 'This account is already suspended.' },
  notSuspended: /*i18n*/ { id: 'This account is not suspended.', message: 'This account is not suspended.' },
  evidenceMissing: /*i18n*/ { id: 'Please choose a file.', message: 'Please choose a file.' },
  evidenceType: /*i18n*/ {
    id: 'The file must be a PDF, PNG, JPEG or GIF.',
    message: 'The file must be a PDF, PNG, JPEG or GIF.',
  },
  evidenceTooLarge: /*i18n*/ { id: 'The file must be at most 10 MB.', message: 'The file must be at most 10 MB.' },
  checkIdentityRegister: /*i18n*/ { id: 'identity check against the national register', message: 'identity check against the national register' },
  checkLocationVisit: /*i18n*/ { id: 'location visit', message: 'location visit' },
  checkCustomerInterviews: /*i18n*/ { id: 'previous-customer interviews', message: 'previous-customer interviews' },
  checkFinancial: /*i18n*/ { id: 'financial check', message: 'financial check' },
  chooseOption: /*i18n*/ { id: 'Please choose one of the options.', message: 'Please choose one of the options.' },
  invalidDate: /*i18n*/ { id: 'Please enter a valid date.', message: 'Please enter a valid date.' },
} satisfies Record<string, MessageDescriptor>;
