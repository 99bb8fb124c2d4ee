import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { issueMessage } from './issue-messages';

/* Messages of the site record's forms, written out like VALIDATION_MESSAGES so the API can use them without Babel. */
export const SITE_RECORD_FORM_MESSAGES = {
  describeDay: /*i18n*/ { id: 'Please write what happened on site.', message: 'Please write what happened on site.' },
  entryMax: /*i18n*/ { id: 'Please keep the entry under {max} characters.', message: 'Please keep the entry under {max} characters.' },
} satisfies Record<string, MessageDescriptor>;

const S = SITE_RECORD_FORM_MESSAGES;

/** A new entry of the site log: what happened, with up to six photos. */
export const DailyLogFormSchema = v.object({
  body: v.pipe(v.string(), v.trim(), v.nonEmpty(issueMessage(S.describeDay)), v.maxLength(4000, issueMessage(S.entryMax, { max: 4000 }))),
  photos: v.array(v.file()),
});
export type DailyLogForm = v.InferOutput<typeof DailyLogFormSchema>;
