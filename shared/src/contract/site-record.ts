import * as v from 'valibot';
import { AMOUNT_MAX } from '../schemas/amount-limits';
import { boundedText } from '../schemas/bounded-text';
import { issueMessage } from '../schemas/issue-messages';
import { VALIDATION_MESSAGES as M } from '../schemas/messages';
import { SITE_RECORD_MESSAGES as SM } from '../messages/site-record-messages';
import { MILESTONE_STATUSES } from './escrow';

/*
 * The site record of a contract (docs/site-record.md): a dated timeline of
 * entries with photos, change orders of the milestone plan, and the hash chain
 * that makes both tamper-evident. Money is in minor units of the contract's currency.
 */

const required = issueMessage(M.required);
const Money = v.pipe(v.number(), v.integer());
const Count = v.pipe(v.number(), v.integer());
const When = v.pipe(v.string(), v.description('ISO 8601 date and time.'));
const MaybeWhen = v.nullable(When);

/** Minutes after writing during which the author may still correct an entry; after that, only annotations. */
export const DAILY_LOG_GRACE_MINUTES = 15;
export const DAILY_LOG_BODY_MAX = 4000;
export const ANNOTATION_BODY_MAX = 2000;
export const CHANGE_TITLE_MIN = 3;
export const CHANGE_TITLE_MAX = 120;
export const CHANGE_REASON_MIN = 10;
export const CHANGE_REASON_MAX = 2000;
export const CHANGE_LINES_MAX = 10;
export const CHANGE_RESPOND_DAYS_MAX = 30;
export const CHANGE_RESPOND_DAYS_DEFAULT = 7;

export const SITE_AUTHOR_ROLES = ['client', 'contractor', 'expert'] as const;
export type SiteAuthorRole = (typeof SITE_AUTHOR_ROLES)[number];

/** `expired` is read, never stored: a proposal past its answer date that nobody answered. */
export const CHANGE_ORDER_STATUSES = ['proposed', 'approved', 'declined', 'expired'] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];

export const SITE_RECORD_KINDS = ['daily_log', 'annotation', 'change_order', 'inspection', 'release'] as const;
export type SiteRecordKind = (typeof SITE_RECORD_KINDS)[number];

/** Why a link of the chain is broken: see docs/site-record.md. */
export const CHAIN_BREAKS = ['missing', 'link', 'files', 'hash', 'altered', 'file_bytes', 'unrecorded', 'head'] as const;
export type ChainBreak = (typeof CHAIN_BREAKS)[number];

// --- Answers

export const SitePhotoSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: Count,
  url: v.string(),
  sha256: v.string(),
  captured_at: v.pipe(MaybeWhen, v.description('When the photo was taken, from its EXIF data (UTC when the camera gave no time zone).')),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
});
export type SitePhoto = v.InferOutput<typeof SitePhotoSchema>;

const AuthorSchema = v.object({ id: v.string(), name: v.string(), role: v.picklist(SITE_AUTHOR_ROLES) });

export const AnnotationSchema = v.object({ id: v.string(), author: AuthorSchema, body: v.string(), at: When });
export type Annotation = v.InferOutput<typeof AnnotationSchema>;

export const DailyLogEntrySchema = v.pipe(
  v.object({
    id: v.string(),
    author: AuthorSchema,
    body: v.string(),
    at: When,
    edited_at: MaybeWhen,
    editable_until: v.pipe(When, v.description('After this the entry is final: only annotations can be added.')),
    can_edit: v.boolean(),
    photos: v.array(SitePhotoSchema),
    annotations: v.array(AnnotationSchema),
  }),
  v.title('DailyLogEntry'),
);
export type DailyLogEntry = v.InferOutput<typeof DailyLogEntrySchema>;

export const ChainHeadSchema = v.pipe(
  v.object({ seq: Count, hash: v.string() }),
  v.description('The last record of the contract’s chain: its number and SHA-256. Written down, it proves later what was recorded.'),
);
export type ChainHead = v.InferOutput<typeof ChainHeadSchema>;

export const DailyLogListSchema = v.object({ data: v.array(DailyLogEntrySchema), chain: ChainHeadSchema, can_write: v.boolean() });
export type DailyLogList = v.InferOutput<typeof DailyLogListSchema>;

export const ChainVerificationSchema = v.object({
  ok: v.boolean(),
  records: Count,
  head: ChainHeadSchema,
  broken: v.nullable(
    v.object({
      seq: Count,
      kind: v.nullable(v.picklist(SITE_RECORD_KINDS)),
      subject_id: v.nullable(v.string()),
      reason: v.picklist(CHAIN_BREAKS),
    }),
  ),
});
export type ChainVerification = v.InferOutput<typeof ChainVerificationSchema>;

export const ChangeOrderLineSchema = v.object({
  milestone_id: v.nullable(v.string()),
  milestone_title: v.string(),
  milestone_status: v.nullable(v.picklist(MILESTONE_STATUSES)),
  new_milestone: v.boolean(),
  amount_delta: Money,
  applied_milestone_id: v.nullable(v.string()),
  refunded: Money,
});
export type ChangeOrderLine = v.InferOutput<typeof ChangeOrderLineSchema>;

export const ChangeOrderSchema = v.pipe(
  v.object({
    id: v.string(),
    contract_id: v.string(),
    title: v.string(),
    reason: v.string(),
    proposed_by: AuthorSchema,
    new_end_date: v.nullable(v.string()),
    respond_by: When,
    status: v.picklist(CHANGE_ORDER_STATUSES),
    decided_at: MaybeWhen,
    created_at: When,
    currency: v.string(),
    total_delta: Money,
    lines: v.array(ChangeOrderLineSchema),
    attachments: v.array(SitePhotoSchema),
    can_answer: v.boolean(),
  }),
  v.title('ChangeOrder'),
);
export type ChangeOrder = v.InferOutput<typeof ChangeOrderSchema>;

export const ChangeOrderListSchema = v.object({ data: v.array(ChangeOrderSchema) });
export type ChangeOrderList = v.InferOutput<typeof ChangeOrderListSchema>;

/** The admin's read-only view of a contract's site record. */
export const SiteRecordSchema = v.object({
  daily_logs: v.array(DailyLogEntrySchema),
  change_orders: v.array(ChangeOrderSchema),
  chain: ChainHeadSchema,
});
export type SiteRecord = v.InferOutput<typeof SiteRecordSchema>;

// --- Requests

export const DailyLogParamsSchema = v.object({ id: v.string(), entryId: v.string() });

/** Multipart fields of `POST …/daily-logs`, beside up to six photos. */
export const DailyLogFieldsSchema = v.object({ body: boundedText(1, DAILY_LOG_BODY_MAX) });
export const DailyLogEditSchema = v.object({ body: boundedText(1, DAILY_LOG_BODY_MAX) });
export type DailyLogEdit = v.InferInput<typeof DailyLogEditSchema>;
export const AnnotationBodySchema = v.object({ body: boundedText(1, ANNOTATION_BODY_MAX) });
export type AnnotationBody = v.InferInput<typeof AnnotationBodySchema>;

const linesInvalid = issueMessage(SM.linesInvalid);

export const ChangeOrderLineInputSchema = v.pipe(
  v.object({
    milestone_id: v.optional(v.nullable(v.pipe(v.string(linesInvalid), v.uuid(linesInvalid)))),
    title: v.optional(
      v.nullable(v.pipe(v.string(linesInvalid), v.trim(), v.minLength(2, linesInvalid), v.maxLength(CHANGE_TITLE_MAX, linesInvalid))),
    ),
    amount_delta: v.pipe(
      v.number(linesInvalid),
      v.integer(linesInvalid),
      v.minValue(-AMOUNT_MAX, linesInvalid),
      v.maxValue(AMOUNT_MAX, linesInvalid),
      v.check((delta) => delta !== 0, linesInvalid),
    ),
  }),
  // Either a milestone of the contract changes price, or a new one (with a title) is added at a positive price.
  v.check((line) => (line.milestone_id ? !line.title : Boolean(line.title) && line.amount_delta > 0), linesInvalid),
);
export type ChangeOrderLineInput = v.InferInput<typeof ChangeOrderLineInputSchema>;

/**
 * Multipart fields of `POST …/change-orders`, beside up to five attachments:
 * `lines` is a JSON array of `ChangeOrderLineInput`.
 */
export const ChangeOrderFieldsSchema = v.object({
  title: boundedText(CHANGE_TITLE_MIN, CHANGE_TITLE_MAX),
  reason: boundedText(CHANGE_REASON_MIN, CHANGE_REASON_MAX),
  new_end_date: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((value) => value || undefined),
      v.optional(v.pipe(v.string(), v.isoDate(issueMessage(M.required)))),
    ),
  ),
  respond_within_days: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,2}$/, required),
      v.transform(Number),
      v.minValue(1, required),
      v.maxValue(CHANGE_RESPOND_DAYS_MAX, required),
    ),
    String(CHANGE_RESPOND_DAYS_DEFAULT),
  ),
  lines: v.pipe(
    v.string(issueMessage(SM.linesRequired)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: linesInvalid });
        return NEVER;
      }
    }),
    v.array(ChangeOrderLineInputSchema, linesInvalid),
    v.minLength(1, issueMessage(SM.linesRequired)),
    v.maxLength(CHANGE_LINES_MAX, linesInvalid),
  ),
});
export type ChangeOrderFields = v.InferOutput<typeof ChangeOrderFieldsSchema>;
