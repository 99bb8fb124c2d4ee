import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A question the visitor can pick, with the answer support gives. */
export interface ChatQuestion {
  id: string;
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

export type TopicId = 'pricing' | 'support' | 'dispute';

/** A first-level option of the chat and the questions it offers. */
export interface ChatTopic {
  id: TopicId;
  label: MessageDescriptor;
  questions: readonly ChatQuestion[];
}

/** Spec §9: the answer arrives this long after the question is sent. */
export const ANSWER_DELAY_MS = 300;

export const WELCOME = msg`Hello! How can we help you today? Pick a topic below. Our team usually replies within a few minutes.`;

/**
 * The only source of the chat's questions and answers; both locales come from
 * the message catalogs, so the site, the standalone page and the embed agree.
 */
export const TOPICS: readonly ChatTopic[] = [
  {
    id: 'pricing',
    label: msg`Pricing`,
    questions: [
      {
        id: 'pricing-fee',
        question: msg`How much does Fundament cost?`,
        answer: msg`Posting a project and receiving quotes is free. When you pay through escrow, Fundament charges a transaction fee of about 1.5 % (ads excluded), on top of the payment provider's own fees. You see the full amount before you confirm any payment.`,
      },
      {
        id: 'pricing-subscription',
        question: msg`Do I need a subscription?`,
        answer: msg`No. There is no subscription and no monthly charge: you only pay the transaction fee of about 1.5 % when money moves through escrow, plus the payment provider's fees.`,
      },
    ],
  },
  {
    id: 'support',
    label: msg`Support`,
    questions: [
      {
        id: 'support-otp',
        question: msg`I did not receive my one-time code`,
        answer: msg`The one-time code is sent by WhatsApp and by e-mail. Check your WhatsApp messages and your inbox, including the spam folder. It can take a minute to arrive; if it still does not, request a new code.`,
      },
      {
        id: 'support-bank',
        question: msg`I cannot connect my bank account`,
        answer: msg`Check that your bank account's country is supported by our payment provider: accounts in other countries cannot be connected. Also make sure the account holder's name matches the name on your profile.`,
      },
      {
        id: 'support-login',
        question: msg`I cannot log in`,
        answer: msg`Check your internet connection, then restart the app or your browser and clear its cache. If it still fails, reset your password from the login page.`,
      },
    ],
  },
  {
    id: 'dispute',
    label: msg`Dispute`,
    questions: [
      {
        id: 'dispute-resolve',
        question: msg`How do I resolve a dispute?`,
        answer: msg`Open the project, choose the milestone concerned and raise a dispute, describing the problem with photos if you can. The milestone's money stays frozen in escrow while an independent expert reviews the work and both sides are heard.`,
      },
      {
        id: 'dispute-arbitration',
        question: msg`How does arbitration work?`,
        answer: msg`If you cannot agree, the dispute goes to arbitration. An independent expert assesses the work and decides what is owed; the rest is refunded. Arbitration takes from 6 weeks to 3 months, and the money stays safe in escrow until it ends.`,
      },
    ],
  },
];

export const AGENT_OPTION = msg`Talk to an agent`;
