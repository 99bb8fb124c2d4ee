import * as v from 'valibot';
import { issueMessage } from './issue-messages';
import { VALIDATION_MESSAGES as M } from './messages';

/**
 * The expert an admin picks for a contract: one of those offered. Whether that
 * expert may inspect this contract is the server's to say.
 */
export const ExpertChoiceSchema = v.object({
  expert_id: v.pipe(v.string(), v.nonEmpty(issueMessage(M.required))),
});
export type ExpertChoice = v.InferOutput<typeof ExpertChoiceSchema>;

/** An account action without a reason to give (a reactivation): the dialog's field stays empty. */
export const NoReasonSchema = v.object({ reason: v.literal('') });
