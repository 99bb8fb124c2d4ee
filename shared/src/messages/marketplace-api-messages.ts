import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of the marketplace API (projects, documents, quotes, invitations,
 * notifications), written out like API_MESSAGES and translated with the
 * shared catalog in the caller's language.
 */
export const MARKETPLACE_API_MESSAGES = {
  forbidden: /*i18n*/ { id: 'Your account cannot do this.', message: 'Your account cannot do this.' },
  projectNotFound: /*i18n*/ { id: 'This project does not exist.', message: 'This project does not exist.' },
  documentNotFound: /*i18n*/ { id: 'This document does not exist.', message: 'This document does not exist.' },
  quoteNotFound: /*i18n*/ { id: 'This quote does not exist.', message: 'This quote does not exist.' },
  inviteNotFound: /*i18n*/ { id: 'This invitation does not exist.', message: 'This invitation does not exist.' },
  specialistNotFound: /*i18n*/ { id: 'This specialist does not exist.', message: 'This specialist does not exist.' },
  unknownCategory: /*i18n*/ { id: 'Please choose a category from the list.', message: 'Please choose a category from the list.' },
  unknownCountry: /*i18n*/ { id: 'Please choose a country from the list.', message: 'Please choose a country from the list.' },
  unknownCurrency: /*i18n*/ { id: 'Please choose a currency from the list.', message: 'Please choose a currency from the list.' },
  documentType: /*i18n*/ {
    id: 'Documents must be PDF, PNG, JPEG, GIF or WebP files.',
    message: 'Documents must be PDF, PNG, JPEG, GIF or WebP files.',
  },
  documentTooLarge: /*i18n*/ { id: 'Each document must be at most 20 MB.', message: 'Each document must be at most 20 MB.' },
  tooManyDocuments: /*i18n*/ { id: 'Upload at most 10 documents at a time.', message: 'Upload at most 10 documents at a time.' },
  noDocument: /*i18n*/ { id: 'Please choose a file.', message: 'Please choose a file.' },
  contractLocked: /*i18n*/ {
    id: 'This project has a contract: only its description can still change.',
    message: 'This project has a contract: only its description can still change.',
  },
  projectClosed: /*i18n*/ { id: 'This project no longer accepts quotes.', message: 'This project no longer accepts quotes.' },
  notDraft: /*i18n*/ { id: 'This project is already published.', message: 'This project is already published.' },
  notPublished: /*i18n*/ {
    id: 'Publish the project before inviting specialists to quote.',
    message: 'Publish the project before inviting specialists to quote.',
  },
  notCancellable: /*i18n*/ {
    id: 'Only a draft or a project still open for quotes can be cancelled.',
    message: 'Only a draft or a project still open for quotes can be cancelled.',
  },
  alreadyQuoted: /*i18n*/ { id: 'You have already sent a quote for this project.', message: 'You have already sent a quote for this project.' },
  quoteCurrency: /*i18n*/ { id: 'Quote in the currency of the project ({currency}).', message: 'Quote in the currency of the project ({currency}).' },
  notVerified: /*i18n*/ {
    id: 'Only verified specialists receive project requests.',
    message: 'Only verified specialists receive project requests.',
  },
  alreadySelected: /*i18n*/ {
    id: 'A quote has already been selected for this project.',
    message: 'A quote has already been selected for this project.',
  },
  quoteNotOpen: /*i18n*/ { id: 'This quote can no longer be selected.', message: 'This quote can no longer be selected.' },
  alreadyInvited: /*i18n*/ {
    id: 'This specialist has already been invited to this project.',
    message: 'This specialist has already been invited to this project.',
  },
  inviteAnswered: /*i18n*/ { id: 'This invitation has already been answered.', message: 'This invitation has already been answered.' },
  // Notifications (in-app and e-mail)
  tooManyStreams: /*i18n*/ {
    id: 'Live notifications are open in too many pages. Close one and try again.',
    message: 'Live notifications are open in too many pages. Close one and try again.',
  },
  notifyProjectRequest: /*i18n*/ { id: 'New project request: {title}', message: 'New project request: {title}' },
  notifyInviteReceived: /*i18n*/ { id: '{name} invites you to quote on {title}', message: '{name} invites you to quote on {title}' },
  notifyInviteAccepted: /*i18n*/ { id: '{name} accepted your invitation for {title}', message: '{name} accepted your invitation for {title}' },
  notifyInviteDeclined: /*i18n*/ { id: '{name} declined your invitation for {title}', message: '{name} declined your invitation for {title}' },
  notifyQuoteReceived: /*i18n*/ { id: '{name} sent a quote for {title}', message: '{name} sent a quote for {title}' },
  notifyQuoteSelected: /*i18n*/ { id: 'Your quote for {title} was selected', message: 'Your quote for {title} was selected' },
  notifyQuoteNotSelected: /*i18n*/ { id: 'Another quote was chosen for {title}', message: 'Another quote was chosen for {title}' },
  mailOpenLink: /*i18n*/ { id: 'Open it on Fundament:', message: 'Open it on Fundament:' },
  joinSubject: /*i18n*/ { id: '{name} invites you to join Fundament', message: '{name} invites you to join Fundament' },
  joinBody: /*i18n*/ {
    id: '{name} would like to work with you on Fundament, the marketplace for construction and renovation projects with escrow payments. Create your account here:',
    message:
      '{name} would like to work with you on Fundament, the marketplace for construction and renovation projects with escrow payments. Create your account here:',
  },
} satisfies Record<string, MessageDescriptor>;
