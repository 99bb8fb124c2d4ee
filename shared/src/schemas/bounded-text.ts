import * as v from 'valibot';
import { VALIDATION_MESSAGES as M } from './messages';
import { issueMessage } from './issue-messages';

const required = issueMessage(M.required);

/** Required text of bounded length, trimmed; multipart fields arrive as strings too. */
export function boundedText(minLength: number, maxLength: number) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(minLength, issueMessage(M.minLength, { amount: minLength })),
    v.maxLength(maxLength, issueMessage(M.maxLength, { amount: maxLength })),
  );
}
