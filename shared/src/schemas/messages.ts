import { msg } from '@lingui/core/macro';

/**
 * The validation messages of spec §5, word for word in English. Forms and the
 * API both use these, so a message reads the same wherever it is shown.
 */
export const VALIDATION_MESSAGES = {
  required: msg`This field is mandatory.`,
  minLength: (amount: number) => msg`Minimum amount of characters is ${amount}.`,
  maxLength: (amount: number) => msg`Maximum amount of characters is ${amount}.`,
  email: msg`Please enter a valid email.`,
  passwordMismatch: msg`The passwords do not match.`,
};
