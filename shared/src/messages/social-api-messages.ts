/*
 * Messages of social sign-in (Google, Facebook) beyond the basic ones in
 * API_MESSAGES, written out like them and translated with the shared catalog
 * in the caller's language.
 */
export const SOCIAL_API_MESSAGES = {
  confirmLink: /*i18n*/ {
    id: 'An account already uses this email address. Confirm it is yours to link it to {provider}.',
    message: 'An account already uses this email address. Confirm it is yours to link it to {provider}.',
  },
  linkRequestExpired: /*i18n*/ {
    id: 'This request has expired. Please sign in with the provider again.',
    message: 'This request has expired. Please sign in with the provider again.',
  },
  incorrectPassword: /*i18n*/ { id: 'Incorrect password.', message: 'Incorrect password.' },
  linkMailSent: /*i18n*/ {
    id: 'We have sent a confirmation link to {email}.',
    message: 'We have sent a confirmation link to {email}.',
  },
  linkSubject: /*i18n*/ { id: 'Confirm the new sign-in to your account', message: 'Confirm the new sign-in to your account' },
  linkIntro: /*i18n*/ {
    id: 'Someone asked to sign in to your Fundament account with {provider}. If it was you, confirm with the button below; {provider} will then sign you in.',
    message:
      'Someone asked to sign in to your Fundament account with {provider}. If it was you, confirm with the button below; {provider} will then sign you in.',
  },
  linkAction: /*i18n*/ { id: 'Confirm and sign in', message: 'Confirm and sign in' },
  linkExpiry: /*i18n*/ { id: 'This link is valid for 30 minutes.', message: 'This link is valid for 30 minutes.' },
} as const;
