import type { MessageDescriptor } from '@lingui/core';

/*
 * Messages of the escrow API (contracts, payments, inspections, disputes,
 * insolvency, reviews), written out like API_MESSAGES and translated with the
 * shared catalog in the caller's language.
 */
export const ESCROW_API_MESSAGES = {
  contractNotFound: /*i18n*/ { id: 'This contract does not exist.', message: 'This contract does not exist.' },
  milestoneNotFound: /*i18n*/ { id: 'This milestone does not exist.', message: 'This milestone does not exist.' },
  fileNotFound: /*i18n*/ { id: 'This file does not exist.', message: 'This file does not exist.' },
  disputeNotFound: /*i18n*/ { id: 'This dispute does not exist.', message: 'This dispute does not exist.' },
  idempotencyKeyRequired: /*i18n*/ {
    id: 'An Idempotency-Key header is required for payments.',
    message: 'An Idempotency-Key header is required for payments.',
  },
  idempotencyKeyReused: /*i18n*/ {
    id: 'This Idempotency-Key was already used for another request.',
    message: 'This Idempotency-Key was already used for another request.',
  },
  payinPhone: /*i18n*/ {
    id: 'Enter a Cameroonian mobile number, for example 6 70 00 00 00.',
    message: 'Enter a Cameroonian mobile number, for example 6 70 00 00 00.',
  },
  cardDeclined: /*i18n*/ { id: 'Your card was declined. No money was taken.', message: 'Your card was declined. No money was taken.' },
  providerFailed: /*i18n*/ {
    id: 'The payment service did not answer. No money was taken; please try again.',
    message: 'The payment service did not answer. No money was taken; please try again.',
  },
  contractFrozen: /*i18n*/ {
    id: 'This contract is frozen while a dispute or an insolvency is handled.',
    message: 'This contract is frozen while a dispute or an insolvency is handled.',
  },
  contractClosed: /*i18n*/ { id: 'This contract is closed.', message: 'This contract is closed.' },
  notFundable: /*i18n*/ { id: 'This milestone is already funded.', message: 'This milestone is already funded.' },
  notCompletable: /*i18n*/ {
    id: 'Only a funded milestone, or one with changes requested, can be marked complete.',
    message: 'Only a funded milestone, or one with changes requested, can be marked complete.',
  },
  notInspectable: /*i18n*/ {
    id: 'Only a milestone marked complete can be inspected.',
    message: 'Only a milestone marked complete can be inspected.',
  },
  notReleasable: /*i18n*/ {
    id: 'The funds can be released only after the expert approves the work.',
    message: 'The funds can be released only after the expert approves the work.',
  },
  notAssignedExpert: /*i18n*/ {
    id: 'Only the expert assigned to this contract can inspect it.',
    message: 'Only the expert assigned to this contract can inspect it.',
  },
  notDisputable: /*i18n*/ {
    id: 'A dispute can be opened only on a funded milestone that is not yet paid out.',
    message: 'A dispute can be opened only on a funded milestone that is not yet paid out.',
  },
  disputeOpen: /*i18n*/ {
    id: 'A dispute is already open on this contract.',
    message: 'A dispute is already open on this contract.',
  },
  disputeResolved: /*i18n*/ { id: 'This dispute is already resolved.', message: 'This dispute is already resolved.' },
  contractorAmountTooHigh: /*i18n*/ {
    id: 'The contractor cannot receive more than the milestone amount.',
    message: 'The contractor cannot receive more than the milestone amount.',
  },
  notInsolvent: /*i18n*/ {
    id: 'This contract is not frozen for an insolvency.',
    message: 'This contract is not frozen for an insolvency.',
  },
  estimatesMissing: /*i18n*/ {
    id: 'The expert has not yet estimated every funded milestone.',
    message: 'The expert has not yet estimated every funded milestone.',
  },
  alreadySettled: /*i18n*/ { id: 'This insolvency is already settled.', message: 'This insolvency is already settled.' },
  estimateTooHigh: /*i18n*/ {
    id: 'The estimate cannot exceed the milestone amount.',
    message: 'The estimate cannot exceed the milestone amount.',
  },
  notEstimable: /*i18n*/ {
    id: 'Only a funded milestone of a frozen contract can be estimated.',
    message: 'Only a funded milestone of a frozen contract can be estimated.',
  },
  replacementInvalid: /*i18n*/ {
    id: 'Please choose one of the recommended contractors.',
    message: 'Please choose one of the recommended contractors.',
  },
  alreadyInsolvent: /*i18n*/ {
    id: 'This contractor is already marked insolvent.',
    message: 'This contractor is already marked insolvent.',
  },
  notContractor: /*i18n*/ {
    id: 'Only specialists who take contracts can be marked insolvent.',
    message: 'Only specialists who take contracts can be marked insolvent.',
  },
  specialistBarred: /*i18n*/ {
    id: 'This specialist can no longer take on work on the platform (suspended or declared insolvent). Choose another quote.',
    message: 'This specialist can no longer take on work on the platform (suspended or declared insolvent). Choose another quote.',
  },
  contractorBarred: /*i18n*/ {
    id: 'This contractor can no longer be paid through escrow (suspended or declared insolvent). No money was taken.',
    message: 'This contractor can no longer be paid through escrow (suspended or declared insolvent). No money was taken.',
  },
  expertNotVerified: /*i18n*/ {
    id: 'Only a verified expert can inspect milestones. Verify this expert first.',
    message: 'Only a verified expert can inspect milestones. Verify this expert first.',
  },
  approvalNotValid: /*i18n*/ {
    id: 'The approval no longer counts: the expert who gave it is not verified. An admin must assign a verified expert.',
    message: 'The approval no longer counts: the expert who gave it is not verified. An admin must assign a verified expert.',
  },
  paymentPending: /*i18n*/ {
    id: 'This payment is still being processed. Try again in a moment with the same key.',
    message: 'This payment is still being processed. Try again in a moment with the same key.',
  },
  expertInvalid: /*i18n*/ {
    id: 'Please choose an active expert who is not a party to this contract.',
    message: 'Please choose an active expert who is not a party to this contract.',
  },
  reviewNotAllowed: /*i18n*/ {
    id: 'You can review the contractor once the final milestone is released.',
    message: 'You can review the contractor once the final milestone is released.',
  },
  alreadyReviewed: /*i18n*/ { id: 'You have already reviewed this contract.', message: 'You have already reviewed this contract.' },
  photoType: /*i18n*/ { id: 'Photos must be PNG, JPEG, GIF or WebP images.', message: 'Photos must be PNG, JPEG, GIF or WebP images.' },
  tooManyPhotos: /*i18n*/ { id: 'Add at most 6 photos.', message: 'Add at most 6 photos.' },
  tooManyEvidence: /*i18n*/ { id: 'Add at most 5 files.', message: 'Add at most 5 files.' },
  reportRequired: /*i18n*/ { id: 'Please attach the report.', message: 'Please attach the report.' },
  fileType: /*i18n*/ { id: 'Files must be PDF, PNG, JPEG, GIF or WebP.', message: 'Files must be PDF, PNG, JPEG, GIF or WebP.' },
  fileTooLarge: /*i18n*/ { id: 'Each file must be at most 10 MB.', message: 'Each file must be at most 10 MB.' },
  notifyContractCreated: /*i18n*/ {
    id: 'A contract was created for “{title}”: fund the first milestone to start.',
    message: 'A contract was created for “{title}”: fund the first milestone to start.',
  },
  notifyContractAwarded: /*i18n*/ {
    id: 'Your contract for “{title}” is ready: work starts once a milestone is funded.',
    message: 'Your contract for “{title}” is ready: work starts once a milestone is funded.',
  },
  notifyMilestoneFunded: /*i18n*/ {
    id: 'Milestone “{milestone}” of “{title}” is funded and held in escrow.',
    message: 'Milestone “{milestone}” of “{title}” is funded and held in escrow.',
  },
  notifyMilestoneSubmitted: /*i18n*/ {
    id: 'Milestone “{milestone}” of “{title}” is marked complete and waits for inspection.',
    message: 'Milestone “{milestone}” of “{title}” is marked complete and waits for inspection.',
  },
  notifyExpertAssigned: /*i18n*/ {
    id: 'You are the inspecting expert for “{title}”.',
    message: 'You are the inspecting expert for “{title}”.',
  },
  notifyInspectionApproved: /*i18n*/ {
    id: 'The expert approved milestone “{milestone}” of “{title}”.',
    message: 'The expert approved milestone “{milestone}” of “{title}”.',
  },
  notifyInspectionChanges: /*i18n*/ {
    id: 'The expert requested changes on milestone “{milestone}” of “{title}”.',
    message: 'The expert requested changes on milestone “{milestone}” of “{title}”.',
  },
  notifyMilestoneReleased: /*i18n*/ {
    id: 'The funds of milestone “{milestone}” of “{title}” were released.',
    message: 'The funds of milestone “{milestone}” of “{title}” were released.',
  },
  notifyDisputeOpened: /*i18n*/ {
    id: 'A dispute was opened on “{title}”: the escrow funds are frozen.',
    message: 'A dispute was opened on “{title}”: the escrow funds are frozen.',
  },
  notifyDisputeMessage: /*i18n*/ {
    id: 'New message in the dispute on “{title}”.',
    message: 'New message in the dispute on “{title}”.',
  },
  notifyDisputeResolved: /*i18n*/ {
    id: 'The dispute on “{title}” was resolved.',
    message: 'The dispute on “{title}” was resolved.',
  },
  notifyContractorInsolvent: /*i18n*/ {
    id: 'The contractor of “{title}” was declared insolvent: the escrow funds are ring-fenced.',
    message: 'The contractor of “{title}” was declared insolvent: the escrow funds are ring-fenced.',
  },
  notifyEstimateReady: /*i18n*/ {
    id: 'The expert estimated what is owed on “{title}”: your decision is needed.',
    message: 'The expert estimated what is owed on “{title}”: your decision is needed.',
  },
  notifyInsolvencySettled: /*i18n*/ {
    id: 'The insolvency on “{title}” was settled.',
    message: 'The insolvency on “{title}” was settled.',
  },
  notifyReviewReceived: /*i18n*/ {
    id: 'You received a {rating}-star review for “{title}”.',
    message: 'You received a {rating}-star review for “{title}”.',
  },
  notifyAutoReleaseReminder: /*i18n*/ {
    id: 'Milestone “{milestone}” of “{title}” will be released to the contractor on {date} unless you release it or open a dispute before.',
    message: 'Milestone “{milestone}” of “{title}” will be released to the contractor on {date} unless you release it or open a dispute before.',
  },
  notifyEstimateReminder: /*i18n*/ {
    id: 'Your estimate of what the insolvent contractor of “{title}” is owed is due on {date}.',
    message: 'Your estimate of what the insolvent contractor of “{title}” is owed is due on {date}.',
  },
  mailEstimateLate: /*i18n*/ {
    id: 'The expert’s estimate for the insolvency on “{title}” was due on {date} and is still missing.',
    message: 'The expert’s estimate for the insolvency on “{title}” was due on {date} and is still missing.',
  },
  mailArbitrationClosing: /*i18n*/ {
    id: 'The arbitration window of the dispute on “{title}” closes on {date}: resolve it before then.',
    message: 'The arbitration window of the dispute on “{title}” closes on {date}: resolve it before then.',
  },
  notifyDisputeEscalated: /*i18n*/ {
    id: 'The answer date of the dispute on “{title}” has passed: the dispute goes to arbitration.',
    message: 'The answer date of the dispute on “{title}” has passed: the dispute goes to arbitration.',
  },
} satisfies Record<string, MessageDescriptor>;
