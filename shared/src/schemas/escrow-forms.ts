import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { issueMessage } from './issue-messages';
import { moneyText } from './money-text';
import { VALIDATION_MESSAGES as M } from './messages';

/* Messages of the escrow forms, written out like VALIDATION_MESSAGES so the API can use them without Babel. */
export const ESCROW_FORM_MESSAGES = {
  contractorAmount: /*i18n*/ { id: 'Please enter the amount paid to the contractor.', message: 'Please enter the amount paid to the contractor.' },
  contractorMaximum: /*i18n*/ { id: 'The contractor can receive at most {maximum}.', message: 'The contractor can receive at most {maximum}.' },
  decisionNote: /*i18n*/ { id: 'Please explain the decision in a note.', message: 'Please explain the decision in a note.' },
  describeWork: /*i18n*/ { id: 'Please describe the work done.', message: 'Please describe the work done.' },
  notesMax: /*i18n*/ { id: 'Please keep the notes under {NOTES_MAX} characters.', message: 'Please keep the notes under {NOTES_MAX} characters.' },
  chooseDecision: /*i18n*/ { id: 'Please choose a decision.', message: 'Please choose a decision.' },
  inspectionNotes: /*i18n*/ { id: 'Please write your inspection notes.', message: 'Please write your inspection notes.' },
  attachReport: /*i18n*/ { id: 'Please attach your report (PDF or image).', message: 'Please attach your report (PDF or image).' },
  owedRange: /*i18n*/ { id: 'Please enter an amount between 0 and {max}.', message: 'Please enter an amount between 0 and {max}.' },
  explainEstimate: /*i18n*/ { id: 'Please explain your estimate.', message: 'Please explain your estimate.' },
  reasonMin: /*i18n*/ {
    id: 'Please explain the problem in at least {REASON_MIN} characters.',
    message: 'Please explain the problem in at least {REASON_MIN} characters.',
  },
  reasonMax: /*i18n*/ {
    id: 'Please keep the reason under {REASON_MAX} characters.',
    message: 'Please keep the reason under {REASON_MAX} characters.',
  },
  chooseRating: /*i18n*/ { id: 'Please choose a rating from 1 to 5 stars.', message: 'Please choose a rating from 1 to 5 stars.' },
  reviewMin: /*i18n*/ { id: 'Please write at least {BODY_MIN} characters.', message: 'Please write at least {BODY_MIN} characters.' },
  reviewMax: /*i18n*/ { id: 'Please keep the review under {BODY_MAX} characters.', message: 'Please keep the review under {BODY_MAX} characters.' },
  writeMessage: /*i18n*/ { id: 'Please write a message.', message: 'Please write a message.' },
  messageMax: /*i18n*/ {
    id: 'Please keep the message under {MESSAGE_MAX} characters.',
    message: 'Please keep the message under {MESSAGE_MAX} characters.',
  },
  settlementChoice: /*i18n*/ {
    id: 'Please choose what happens to the rest of the money.',
    message: 'Please choose what happens to the rest of the money.',
  },
  replacementContractor: /*i18n*/ { id: 'Please choose the replacement contractor.', message: 'Please choose the replacement contractor.' },
} satisfies Record<string, MessageDescriptor>;

const E = ESCROW_FORM_MESSAGES;

export const RESOLUTION_NOTE_MAX = 2000;
export const MILESTONE_NOTES_MIN = 3;
export const MILESTONE_NOTES_MAX = 2000;
export const DISPUTE_REASON_MIN = 10;
export const DISPUTE_REASON_MAX = 2000;

/** Notes a person must write, trimmed, with the message for a blank one. */
function notes(blank: MessageDescriptor) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(issueMessage(blank)),
    v.minLength(MILESTONE_NOTES_MIN, issueMessage(M.minLength, { amount: MILESTONE_NOTES_MIN })),
    v.maxLength(MILESTONE_NOTES_MAX, issueMessage(E.notesMax, { NOTES_MAX: MILESTONE_NOTES_MAX })),
  );
}

/** The one report file a picker holds. */
const report = v.pipe(
  v.array(v.file(), issueMessage(E.attachReport)),
  v.minLength(1, issueMessage(E.attachReport)),
  v.transform((files) => files[0]!),
);

/** The contractor hands a milestone over: what was done, and photos if any. */
export const CompletionFormSchema = v.object({ notes: notes(E.describeWork), photos: v.array(v.file()) });
export type CompletionForm = v.InferOutput<typeof CompletionFormSchema>;

/** The expert's verdict on a milestone, with notes and a report. */
export const InspectionFormSchema = v.object({
  decision: v.picklist(['approved', 'changes_requested'], issueMessage(E.chooseDecision)),
  notes: notes(E.inspectionNotes),
  report,
});
export type InspectionForm = v.InferOutput<typeof InspectionFormSchema>;

/**
 * The expert's value of the work done on a milestone after an insolvency: from
 * nothing to the milestone amount (`maximum`, minor units, `maximumText` as shown).
 */
export function estimateFormSchema(currency: string, locale: string, maximum: number, maximumText: string, digits?: number) {
  const range = issueMessage(E.owedRange, { max: maximumText });
  return v.object({
    owed_amount: moneyText(currency, locale, { min: 0, max: maximum, message: range, digits }),
    notes: notes(E.explainEstimate),
    report,
  });
}
export type EstimateForm = v.InferOutput<ReturnType<typeof estimateFormSchema>>;

/** A party disputes a milestone: why, and evidence if any. */
export const DisputeFormSchema = v.object({
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(DISPUTE_REASON_MIN, issueMessage(E.reasonMin, { REASON_MIN: DISPUTE_REASON_MIN })),
    v.maxLength(DISPUTE_REASON_MAX, issueMessage(E.reasonMax, { REASON_MAX: DISPUTE_REASON_MAX })),
  ),
  evidence: v.array(v.file()),
});
export type DisputeForm = v.InferOutput<typeof DisputeFormSchema>;

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

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;

/** The client's rating of the contractor once every milestone is released. */
export const ReviewFormSchema = v.object({
  rating: v.pipe(v.number(), v.integer(), v.minValue(1, issueMessage(E.chooseRating)), v.maxValue(5, issueMessage(E.chooseRating))),
  body: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(REVIEW_BODY_MIN, issueMessage(E.reviewMin, { BODY_MIN: REVIEW_BODY_MIN })),
    v.maxLength(REVIEW_BODY_MAX, issueMessage(E.reviewMax, { BODY_MAX: REVIEW_BODY_MAX })),
  ),
});
export type ReviewForm = v.InferOutput<typeof ReviewFormSchema>;

export const DISPUTE_MESSAGE_MAX = 2000;

/** A message added to a dispute's conversation. */
export const DisputeMessageFormSchema = v.object({
  body: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(issueMessage(E.writeMessage)),
    v.maxLength(DISPUTE_MESSAGE_MAX, issueMessage(E.messageMax, { MESSAGE_MAX: DISPUTE_MESSAGE_MAX })),
  ),
});

/**
 * The client's choice for the rest of the money after an insolvency: a
 * refund, or a new contract with the replacement contractor picked.
 */
export const SettlementChoiceFormSchema = v.pipe(
  v.object({
    choice: v.picklist(['refund', 'carry'], issueMessage(E.settlementChoice)),
    replacement: v.string(),
  }),
  v.forward(
    v.check(({ choice, replacement }) => choice !== 'carry' || replacement !== '', issueMessage(E.replacementContractor)),
    ['replacement'],
  ),
  v.transform(({ choice, replacement }) =>
    choice === 'refund' ? { choice: 'refund' as const } : { choice: 'carry' as const, replacement_contractor_id: replacement },
  ),
);
export type SettlementChoiceForm = v.InferOutput<typeof SettlementChoiceFormSchema>;
