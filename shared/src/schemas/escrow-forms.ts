import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { issueMessage } from './issue-messages';
import { moneyText } from './money-text';

/* Messages of the escrow forms, written out like VALIDATION_MESSAGES so the API can use them without Babel. */
export const ESCROW_FORM_MESSAGES = {
  contractorAmount: /*i18n*/ { id: 'Please enter the amount paid to the contractor.', message: 'Please enter the amount paid to the contractor.' },
  contractorMaximum: /*i18n*/ { id: 'The contractor can receive at most {maximum}.', message: 'The contractor can receive at most {maximum}.' },
  decisionNote: /*i18n*/ { id: 'Please explain the decision in a note.', message: 'Please explain the decision in a note.' },
} satisfies Record<string, MessageDescriptor>;

const E = ESCROW_FORM_MESSAGES;

export const RESOLUTION_NOTE_MAX = 2000;

/**
 * An admin's split of a disputed milestone: what the contractor receives, from
 * nothing to the whole milestone amount (`maximum`, minor units; `maximumText`
 * is that amount formatted for the message), and a note explaining it.
 */
export function disputeResolutionFormSchema(currency: string, locale: string, maximum: number, maximumText: string) {
  const blank = issueMessage(E.contractorAmount);
  return v.object({
    amount: moneyText(currency, locale, {
      min: 0,
      max: maximum,
      message: blank,
      maxMessage: issueMessage(E.contractorMaximum, { maximum: maximumText }),
    }),
    note: v.pipe(v.string(), v.trim(), v.nonEmpty(issueMessage(E.decisionNote)), v.maxLength(RESOLUTION_NOTE_MAX)),
  });
}
export type DisputeResolutionForm = v.InferOutput<ReturnType<typeof disputeResolutionFormSchema>>;
