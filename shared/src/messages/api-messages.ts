import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages the API answers with and the e-mails it sends. Like the validation
 * messages, they are plain descriptors marked for `lingui extract` (the API
 * runs without Babel, so no macro) whose id is the English text; the API
 * translates them with the shared catalog in the caller's language.
 */
export const API_MESSAGES = {
  invalidFields: /*i18n*/ { id: 'Please check the highlighted fields.', message: 'Please check the highlighted fields.' },
  emailTaken: /*i18n*/ { id: 'This email is already registered.', message: 'This email is already registered.' },
  // The same answer whether or not the address already has an account (no enumeration).
  signedUp: /*i18n*/ {
    id: 'Thank you. Check your inbox: we have sent an email to this address with the next step.',
    message: 'Thank you. Check your inbox: we have sent an email to this address with the next step.',
  },
  emailChangeSent: /*i18n*/ {
    id: 'We have sent a confirmation link to {email}. Your address changes once you open it.',
    message: 'We have sent a confirmation link to {email}. Your address changes once you open it.',
  },
  invitesPerDay: /*i18n*/ {
    id: 'You have sent as many invitations as allowed today. Please try again tomorrow.',
    message: 'You have sent as many invitations as allowed today. Please try again tomorrow.',
  },
  emailVerified: /*i18n*/ { id: 'Your email address has been verified.', message: 'Your email address has been verified.' },
  linkExpired: /*i18n*/ {
    id: 'This link has expired or has already been used.',
    message: 'This link has expired or has already been used.',
  },
  verificationResent: /*i18n*/ { id: 'The email has been resent successfully.', message: 'The email has been resent successfully.' },
  incorrectCredentials: /*i18n*/ { id: 'Incorrect email or password.', message: 'Incorrect email or password.' },
  emailUnverified: /*i18n*/ {
    id: 'Please verify your email address before signing in.',
    message: 'Please verify your email address before signing in.',
  },
  accountSuspended: /*i18n*/ { id: 'This account has been suspended.', message: 'This account has been suspended.' },
  signInRequired: /*i18n*/ { id: 'Please sign in to continue.', message: 'Please sign in to continue.' },
  tooManyAttempts: /*i18n*/ {
    id: 'Too many attempts. Please wait a minute and try again.',
    message: 'Too many attempts. Please wait a minute and try again.',
  },
  resetLinkSent: /*i18n*/ {
    id: 'If an account exists for this address, we have sent it a link to reset the password.',
    message: 'If an account exists for this address, we have sent it a link to reset the password.',
  },
  passwordChanged: /*i18n*/ {
    id: 'Your password has been changed. You can now sign in.',
    message: 'Your password has been changed. You can now sign in.',
  },
  photoMissing: /*i18n*/ { id: 'Please choose a photo.', message: 'Please choose a photo.' },
  photoType: /*i18n*/ {
    id: 'The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.',
    message: 'The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.',
  },
  photoDimensions: /*i18n*/ { id: 'The photo must be at most 800×400 pixels.', message: 'The photo must be at most 800×400 pixels.' },
  photoTooLarge: /*i18n*/ { id: 'The photo must be at most 2 MB.', message: 'The photo must be at most 2 MB.' },
  /** A camera's photo is cropped and scaled on the server, so it may be as large as phones make them. */
  cameraPhotoTooLarge: /*i18n*/ { id: 'A photo from a camera must be at most 15 MB.', message: 'A photo from a camera must be at most 15 MB.' },
  providerUnavailable: /*i18n*/ {
    id: 'This sign-in provider is not available.',
    message: 'This sign-in provider is not available.',
  },
  socialStateInvalid: /*i18n*/ {
    id: 'This sign-in attempt has expired or is not valid. Please try again.',
    message: 'This sign-in attempt has expired or is not valid. Please try again.',
  },
  socialFailed: /*i18n*/ {
    id: 'Signing in with the provider failed. Please try again.',
    message: 'Signing in with the provider failed. Please try again.',
  },
  socialEmailMissing: /*i18n*/ {
    id: 'The provider did not share a verified email address.',
    message: 'The provider did not share a verified email address.',
  },
  mailGreeting: /*i18n*/ { id: 'Hello {name},', message: 'Hello {name},' },
  mailSignature: /*i18n*/ { id: 'The Fundament team', message: 'The Fundament team' },
  mailIgnore: /*i18n*/ {
    id: 'If you did not ask for this, you can ignore this email.',
    message: 'If you did not ask for this, you can ignore this email.',
  },
  verifySubject: /*i18n*/ { id: 'Verify your email address', message: 'Verify your email address' },
  verifyIntro: /*i18n*/ {
    id: 'Please confirm your email address by opening this link:',
    message: 'Please confirm your email address by opening this link:',
  },
  verifyAction: /*i18n*/ { id: 'Verify my email address', message: 'Verify my email address' },
  verifyExpiry: /*i18n*/ {
    id: 'The link is valid for 24 hours and can be used once.',
    message: 'The link is valid for 24 hours and can be used once.',
  },
  signUpTakenSubject: /*i18n*/ {
    id: 'Someone tried to sign up with your email address',
    message: 'Someone tried to sign up with your email address',
  },
  signUpTakenIntro: /*i18n*/ {
    id: 'Someone, perhaps you, tried to create a new Fundament account with this email address. You already have an account: sign in with it, or choose a new password here if you have forgotten yours:',
    message:
      'Someone, perhaps you, tried to create a new Fundament account with this email address. You already have an account: sign in with it, or choose a new password here if you have forgotten yours:',
  },
  signUpTakenNote: /*i18n*/ { id: 'Nothing has changed on your account.', message: 'Nothing has changed on your account.' },
  emailChangeSubject: /*i18n*/ { id: 'Confirm your new email address', message: 'Confirm your new email address' },
  emailChangeIntro: /*i18n*/ {
    id: 'Please confirm that this is the new email address of your Fundament account by opening this link. Your address changes once you do:',
    message: 'Please confirm that this is the new email address of your Fundament account by opening this link. Your address changes once you do:',
  },
  emailChangeAction: /*i18n*/ { id: 'Confirm my new address', message: 'Confirm my new address' },
  resetSubject: /*i18n*/ { id: 'Reset your password', message: 'Reset your password' },
  resetIntro: /*i18n*/ {
    id: 'We received a request to reset your password. Open this link to choose a new one:',
    message: 'We received a request to reset your password. Open this link to choose a new one:',
  },
  resetAction: /*i18n*/ { id: 'Choose a new password', message: 'Choose a new password' },
  resetExpiry: /*i18n*/ {
    id: 'The link is valid for one hour and can be used once.',
    message: 'The link is valid for one hour and can be used once.',
  },
} satisfies Record<string, MessageDescriptor>;

export type ApiMessage = keyof typeof API_MESSAGES;
