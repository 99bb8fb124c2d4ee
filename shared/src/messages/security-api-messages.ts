import type { MessageDescriptor } from '@lingui/core';

/** Answers and e-mails of account security: identity checks, address and password changes. */
export const SECURITY_API_MESSAGES = {
  currentPasswordRequired: /*i18n*/ {
    id: 'Enter your current password to make this change.',
    message: 'Enter your current password to make this change.',
  },
  currentPasswordWrong: /*i18n*/ { id: 'This is not your current password.', message: 'This is not your current password.' },
  passwordUpdated: /*i18n*/ {
    id: 'Your password has been changed. Your other sessions have been signed out.',
    message: 'Your password has been changed. Your other sessions have been signed out.',
  },
  emailChangedSubject: /*i18n*/ {
    id: 'The e-mail address of your account was changed',
    message: 'The e-mail address of your account was changed',
  },
  emailChangedIntro: /*i18n*/ {
    id: 'The e-mail address of your Fundament account is now {email}. If you did not make this change, open this link to get your address back and choose a new password; every session of the account is then signed out.',
    message:
      'The e-mail address of your Fundament account is now {email}. If you did not make this change, open this link to get your address back and choose a new password; every session of the account is then signed out.',
  },
  emailChangedAction: /*i18n*/ { id: 'Undo this change', message: 'Undo this change' },
  emailChangedExpiry: /*i18n*/ {
    id: 'The link is valid for 7 days and can be used once.',
    message: 'The link is valid for 7 days and can be used once.',
  },
  passwordChangedSubject: /*i18n*/ {
    id: 'The password of your account was changed',
    message: 'The password of your account was changed',
  },
  passwordChangedIntro: /*i18n*/ {
    id: 'The password of your Fundament account was just changed and its other sessions were signed out. If you did not make this change, choose a new password now:',
    message:
      'The password of your Fundament account was just changed and its other sessions were signed out. If you did not make this change, choose a new password now:',
  },
  passwordChangedAction: /*i18n*/ { id: 'Choose a new password', message: 'Choose a new password' },
  passwordChangedExpiry: /*i18n*/ {
    id: 'If it was you, there is nothing to do.',
    message: 'If it was you, there is nothing to do.',
  },
  notificationNotFound: /*i18n*/ { id: 'This notification does not exist.', message: 'This notification does not exist.' },
  sessionNotFound: /*i18n*/ { id: 'This session does not exist or has already ended.', message: 'This session does not exist or has already ended.' },
  newDeviceSubject: /*i18n*/ { id: 'New sign-in to your account', message: 'New sign-in to your account' },
  newDeviceIntro: /*i18n*/ {
    id: 'Your Fundament account was just signed in to from {device} (address {address}). If this was you, there is nothing to do. If not, change your password and end that session from your settings:',
    message:
      'Your Fundament account was just signed in to from {device} (address {address}). If this was you, there is nothing to do. If not, change your password and end that session from your settings:',
  },
  newDeviceAction: /*i18n*/ { id: 'Review my sessions', message: 'Review my sessions' },
  twoFactorCodeWrong: /*i18n*/ {
    id: 'This code is not valid. Check the time on your phone and try the newest code, or use a recovery code.',
    message: 'This code is not valid. Check the time on your phone and try the newest code, or use a recovery code.',
  },
  twoFactorCodeRequired: /*i18n*/ {
    id: 'Enter the code from your authenticator app, or a recovery code.',
    message: 'Enter the code from your authenticator app, or a recovery code.',
  },
  twoFactorChallengeExpired: /*i18n*/ {
    id: 'This sign-in has expired or had too many wrong codes. Sign in again with your password.',
    message: 'This sign-in has expired or had too many wrong codes. Sign in again with your password.',
  },
  twoFactorAlreadyOn: /*i18n*/ { id: 'Two-factor sign-in is already on.', message: 'Two-factor sign-in is already on.' },
  twoFactorNotOn: /*i18n*/ { id: 'Two-factor sign-in is not on.', message: 'Two-factor sign-in is not on.' },
  twoFactorNoEnrolment: /*i18n*/ {
    id: 'Start the set-up again to get a new QR code.',
    message: 'Start the set-up again to get a new QR code.',
  },
  twoFactorEnrolFirst: /*i18n*/ {
    id: 'Admins sign in with a second factor. Set up an authenticator app to continue.',
    message: 'Admins sign in with a second factor. Set up an authenticator app to continue.',
  },
  twoFactorNeeded: /*i18n*/ {
    id: 'Enter the code from your authenticator app to finish signing in.',
    message: 'Enter the code from your authenticator app to finish signing in.',
  },
  twoFactorForPayouts: /*i18n*/ {
    id: 'Turn on two-factor sign-in in Settings before adding a payout method or requesting a payout.',
    message: 'Turn on two-factor sign-in in Settings before adding a payout method or requesting a payout.',
  },
  twoFactorOff: /*i18n*/ { id: 'Two-factor sign-in is off.', message: 'Two-factor sign-in is off.' },
  passkeyNeeded: /*i18n*/ { id: 'Use your passkey to finish signing in.', message: 'Use your passkey to finish signing in.' },
  passkeyChallengeExpired: /*i18n*/ {
    id: 'This passkey request has expired or was already used. Try again.',
    message: 'This passkey request has expired or was already used. Try again.',
  },
  passkeyNotRecognised: /*i18n*/ {
    id: 'This passkey was not recognised. Try another one, or sign in with your password.',
    message: 'This passkey was not recognised. Try another one, or sign in with your password.',
  },
  passkeyInvalid: /*i18n*/ {
    id: 'The passkey could not be checked. Try again.',
    message: 'The passkey could not be checked. Try again.',
  },
  passkeyDuplicate: /*i18n*/ { id: 'This passkey is already registered.', message: 'This passkey is already registered.' },
  passkeyLimit: /*i18n*/ {
    id: 'An account can have at most {max} passkeys. Remove one first.',
    message: 'An account can have at most {max} passkeys. Remove one first.',
  },
  passkeyNotFound: /*i18n*/ {
    id: 'This passkey does not exist or was already removed.',
    message: 'This passkey does not exist or was already removed.',
  },
  passkeyRemoved: /*i18n*/ { id: 'The passkey was removed.', message: 'The passkey was removed.' },
} satisfies Record<string, MessageDescriptor>;
