import type { MessageDescriptor } from '@lingui/core';

/*
 * The validation messages of docs/product.md §5, word for word in English.
 *
 * The API runs these schemas under plain Node (no Babel), so the `msg` macro
 * cannot be used here: the descriptors are written out and marked with the
 * i18n comment for `lingui extract`. Their ids are the English source text, so
 * `i18n._(id)` translates an issue on either side with the shared catalog.
 */
export const VALIDATION_MESSAGES = {
  required: /*i18n*/ { id: 'This field is mandatory.', message: 'This field is mandatory.' },
  minLength: /*i18n*/ { id: 'Minimum amount of characters is {amount}.', message: 'Minimum amount of characters is {amount}.' },
  maxLength: /*i18n*/ { id: 'Maximum amount of characters is {amount}.', message: 'Maximum amount of characters is {amount}.' },
  email: /*i18n*/ { id: 'Please enter a valid email.', message: 'Please enter a valid email.' },
  passwordNumber: /*i18n*/ { id: 'Password must have at least one number.', message: 'Password must have at least one number.' },
  passwordLowercase: /*i18n*/ {
    id: 'Password must have at least one lowercase letter.',
    message: 'Password must have at least one lowercase letter.',
  },
  passwordUppercase: /*i18n*/ {
    id: 'Password must have at least one uppercase letter.',
    message: 'Password must have at least one uppercase letter.',
  },
  passwordMismatch: /*i18n*/ { id: 'The passwords do not match.', message: 'The passwords do not match.' },
  enterEmail: /*i18n*/ { id: 'Please enter your email', message: 'Please enter your email' },
  enterPassword: /*i18n*/ { id: 'Please enter your password', message: 'Please enter your password' },
  enterTwoFactorCode: /*i18n*/ {
    id: 'Enter the code from your authenticator app, or a recovery code.',
    message: 'Enter the code from your authenticator app, or a recovery code.',
  },
  enterFirstName: /*i18n*/ { id: 'Please enter your first name', message: 'Please enter your first name' },
  enterLastName: /*i18n*/ { id: 'Please enter your last name', message: 'Please enter your last name' },
  selectCountry: /*i18n*/ { id: 'Please select your country', message: 'Please select your country' },
  enterCity: /*i18n*/ { id: 'Please enter your city', message: 'Please enter your city' },
  phone: /*i18n*/ { id: 'Please enter a valid phone number', message: 'Please enter a valid phone number' },
} satisfies Record<string, MessageDescriptor>;
