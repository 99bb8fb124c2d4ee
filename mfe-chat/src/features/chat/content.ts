import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A page of the product an answer points to: a path of the site and the words of the link. */
export interface ChatLink {
  path: string;
  label: MessageDescriptor;
}

/** A question the visitor can pick, with the answer support gives. */
export interface ChatQuestion {
  id: string;
  question: MessageDescriptor;
  answer: MessageDescriptor;
  /** Where to read more or act on the answer. */
  link?: ChatLink;
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

const FEES_LINK: ChatLink = { path: '/fees', label: msg`See the fees, with an example` };

/**
 * The only source of the chat's questions and answers; both locales come from
 * the message catalogs, so the site, the standalone page and the embed agree.
 * Every answer says only what the product does today: the fees a client is
 * charged when funding a milestone, e-mail verification, sign-in, and the
 * escrow's release and dispute steps.
 */
export const TOPICS: readonly ChatTopic[] = [
  {
    id: 'pricing',
    label: msg`Pricing`,
    questions: [
      {
        id: 'pricing-fee',
        question: msg`How much does Fundament cost?`,
        answer: msg`Posting a project and receiving quotes is free. When you fund a milestone, you pay the milestone's amount plus three fees: Fundament's platform fee of 1.5 %, the independent expert's inspection fee for that milestone, and the payment provider's fee. The funding window shows each of them before you confirm.`,
        link: FEES_LINK,
      },
      {
        id: 'pricing-subscription',
        question: msg`Do I need a subscription?`,
        answer: msg`No. There is no subscription and no monthly charge: you pay only when you fund a milestone, the platform fee of 1.5 %, the expert's inspection fee and the payment provider's fee.`,
        link: FEES_LINK,
      },
    ],
  },
  {
    id: 'support',
    label: msg`Support`,
    questions: [
      {
        id: 'support-verification',
        question: msg`I did not receive my verification e-mail`,
        answer: msg`After you sign up, we send a link to your e-mail address to confirm it. Check your inbox and your spam folder; it can take a minute to arrive. If it still has not, sign in with your e-mail address and password: you will be offered to send the link again.`,
        link: { path: '/login', label: msg`Sign in` },
      },
      {
        id: 'support-payout',
        question: msg`How do I get paid for a milestone?`,
        answer: msg`The client's money for each milestone is held in escrow. Once an independent expert has inspected the work and the client releases the milestone, its amount becomes your available balance. Add a payout method on your escrow page, an MTN or Orange Mobile Money number or a bank account (IBAN or RIB), in your own name: a new method can be used 72 hours after it is added. Then withdraw your balance, or choose to be paid automatically after each release.`,
        link: { path: '/main/escrow', label: msg`Open my escrow` },
      },
      {
        id: 'support-login',
        question: msg`I cannot log in`,
        answer: msg`Check the e-mail address and the password, or use "Continue with Google" if you signed up that way. If you forgot your password, ask for a reset e-mail and choose a new one.`,
        link: { path: '/forgot-password', label: msg`Reset my password` },
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
        answer: msg`Open the contract, choose the milestone concerned and open a dispute: describe the problem and attach up to five photos or PDF files. The milestone's money stays held in escrow while our team mediates and hears both sides.`,
        link: { path: '/main/escrow', label: msg`Open my contracts` },
      },
      {
        id: 'dispute-arbitration',
        question: msg`How does arbitration work?`,
        answer: msg`If mediation does not settle the dispute, it goes to arbitration with an independent partner, who assesses the work and decides what is owed. Arbitration takes from 6 weeks to 3 months, and the money stays in escrow until it ends.`,
      },
    ],
  },
];

export const AGENT_OPTION = msg`Talk to an agent`;
