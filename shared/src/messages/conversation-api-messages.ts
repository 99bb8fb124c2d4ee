import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of the conversations API (threads between a project's owner, a
 * specialist and the contract's expert), translated with the shared catalog
 * in the caller's language.
 */
export const CONVERSATION_API_MESSAGES = {
  conversationNotFound: /*i18n*/ { id: 'This conversation does not exist.', message: 'This conversation does not exist.' },
  messageNotFound: /*i18n*/ { id: 'This message does not exist.', message: 'This message does not exist.' },
  attachmentNotFound: /*i18n*/ { id: 'This file does not exist.', message: 'This file does not exist.' },
  reportNotFound: /*i18n*/ { id: 'This report does not exist.', message: 'This report does not exist.' },
  specialistRequired: /*i18n*/ {
    id: 'Please choose the specialist you want to write to.',
    message: 'Please choose the specialist you want to write to.',
  },
  specialistNotReached: /*i18n*/ {
    id: 'This specialist has not received this request: invite them first.',
    message: 'This specialist has not received this request: invite them first.',
  },
  expertCannotStart: /*i18n*/ {
    id: 'An expert joins the conversation of the contract they inspect; they do not start one.',
    message: 'An expert joins the conversation of the contract they inspect; they do not start one.',
  },
  barred: /*i18n*/ {
    id: 'Your account is suspended or barred: you can still read this conversation, but no longer write in it.',
    message: 'Your account is suspended or barred: you can still read this conversation, but no longer write in it.',
  },
  blockedByOther: /*i18n*/ {
    id: 'The other person has blocked you: you can no longer write in this conversation.',
    message: 'The other person has blocked you: you can no longer write in this conversation.',
  },
  blockedByMe: /*i18n*/ {
    id: 'You have blocked this person: unblock them to write again.',
    message: 'You have blocked this person: unblock them to write again.',
  },
  blockOnContract: /*i18n*/ {
    id: 'This conversation is the record of your contract, so it stays open and cannot be blocked. Report abusive messages to our team instead.',
    message: 'This conversation is the record of your contract, so it stays open and cannot be blocked. Report abusive messages to our team instead.',
  },
  expertCannotBlock: /*i18n*/ {
    id: 'Only the client and the specialist can block each other.',
    message: 'Only the client and the specialist can block each other.',
  },
  notAuthor: /*i18n*/ { id: 'Only the author of a message can change it.', message: 'Only the author of a message can change it.' },
  graceOver: /*i18n*/ {
    id: 'A message can only be changed in the {minutes} minutes after it is sent; this one is part of the record now.',
    message: 'A message can only be changed in the {minutes} minutes after it is sent; this one is part of the record now.',
  },
  messageGone: /*i18n*/ { id: 'This message was deleted or hidden.', message: 'This message was deleted or hidden.' },
  pinNeedsContract: /*i18n*/ {
    id: 'Messages can be pinned as evidence once the conversation continues on a contract.',
    message: 'Messages can be pinned as evidence once the conversation continues on a contract.',
  },
  pinPartiesOnly: /*i18n*/ {
    id: 'Only the client and the contractor can pin messages as evidence.',
    message: 'Only the client and the contractor can pin messages as evidence.',
  },
  reportOwn: /*i18n*/ { id: 'You cannot report your own message.', message: 'You cannot report your own message.' },
  notInConversation: /*i18n*/ { id: 'This message is not part of this conversation.', message: 'This message is not part of this conversation.' },
  tooManyAttachments: /*i18n*/ { id: 'Attach at most {max} files to a message.', message: 'Attach at most {max} files to a message.' },
  alreadyHidden: /*i18n*/ { id: 'This message is already hidden.', message: 'This message is already hidden.' },
  hiddenNotice: /*i18n*/ { id: 'This message was hidden by our team.', message: 'This message was hidden by our team.' },
  notifyMessage: /*i18n*/ { id: '{sender} wrote about {title}: {preview}', message: '{sender} wrote about {title}: {preview}' },
  notifyAttachment: /*i18n*/ { id: '{sender} sent a file about {title}', message: '{sender} sent a file about {title}' },
  notifyMessageBrief: /*i18n*/ { id: '{sender} wrote about {title}', message: '{sender} wrote about {title}' },
  digestSubject: /*i18n*/ { id: 'Unread messages about {title}', message: 'Unread messages about {title}' },
  digestIntro: /*i18n*/ {
    id: 'You have {count, plural, one {# unread message} other {# unread messages}} about {title}:',
    message: 'You have {count, plural, one {# unread message} other {# unread messages}} about {title}:',
  },
  digestFile: /*i18n*/ { id: '(a file)', message: '(a file)' },
  digestOpen: /*i18n*/ { id: 'Read and answer them here:', message: 'Read and answer them here:' },
} satisfies Record<string, MessageDescriptor>;
