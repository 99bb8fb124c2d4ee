import type { MessageDescriptor } from '@lingui/core';
import type { EmailCategory, EmailDelivery } from '../contract/email-preferences';

/*
 * The names of the e-mail categories, the same in Settings, on the
 * unsubscribe page and in the e-mails' footers (plain descriptors, so the API
 * can translate them too).
 */
export const EMAIL_CATEGORY_LABELS = {
  projects: /*i18n*/ { id: 'New projects and invitations', message: 'New projects and invitations' },
  quotes: /*i18n*/ { id: 'Quotes and contracts', message: 'Quotes and contracts' },
  messages: /*i18n*/ { id: 'Unread message digests', message: 'Unread message digests' },
} satisfies Record<EmailCategory, MessageDescriptor>;

export const EMAIL_CATEGORY_DESCRIPTIONS = {
  projects: /*i18n*/ {
    id: 'Projects that match your trade, invitations to quote, and answers to your invitations.',
    message: 'Projects that match your trade, invitations to quote, and answers to your invitations.',
  },
  quotes: /*i18n*/ {
    id: 'Quotes received or chosen, new contracts, reviews and experts assigned.',
    message: 'Quotes received or chosen, new contracts, reviews and experts assigned.',
  },
  messages: /*i18n*/ {
    id: 'A summary of the messages you have not read in a conversation that has gone quiet.',
    message: 'A summary of the messages you have not read in a conversation that has gone quiet.',
  },
} satisfies Record<EmailCategory, MessageDescriptor>;

/** How a category is sent, as Settings offers it. */
export const EMAIL_DELIVERY_LABELS = {
  instant: /*i18n*/ { id: 'As it happens', message: 'As it happens' },
  daily: /*i18n*/ { id: 'Once a day', message: 'Once a day' },
  off: /*i18n*/ { id: 'Never', message: 'Never' },
} satisfies Record<EmailDelivery, MessageDescriptor>;

export const EMAIL_PREFERENCE_MESSAGES = {
  /** The daily summary of what a person chose to receive once a day. */
  digestSubject: /*i18n*/ {
    id: '{count, plural, one {Your day on Fundament: # update} other {Your day on Fundament: # updates}}',
    message: '{count, plural, one {Your day on Fundament: # update} other {Your day on Fundament: # updates}}',
  },
  digestIntro: /*i18n*/ {
    id: 'Since your last summary, here is what you have not seen yet:',
    message: 'Since your last summary, here is what you have not seen yet:',
  },
  digestMore: /*i18n*/ {
    id: '{count, plural, one {and # more in your notifications:} other {and # more in your notifications:}}',
    message: '{count, plural, one {and # more in your notifications:} other {and # more in your notifications:}}',
  },
  /** The footer of the daily summary, once per category it gathers. */
  digestWhy: /*i18n*/ {
    id: 'You receive “{category}” once a day because you chose it in your settings. To stop these e-mails:',
    message: 'You receive “{category}” once a day because you chose it in your settings. To stop these e-mails:',
  },
  /** The footer of an e-mail that can be turned off. */
  mailUnsubscribe: /*i18n*/ {
    id: 'You receive this e-mail because “{category}” is on in your settings. To stop these e-mails:',
    message: 'You receive this e-mail because “{category}” is on in your settings. To stop these e-mails:',
  },
  mailUnsubscribeLink: /*i18n*/ { id: 'Unsubscribe from these e-mails', message: 'Unsubscribe from these e-mails' },
  unsubscribeInvalid: /*i18n*/ {
    id: 'This unsubscribe link is not valid. Change your e-mail settings after signing in.',
    message: 'This unsubscribe link is not valid. Change your e-mail settings after signing in.',
  },
} satisfies Record<string, MessageDescriptor>;
