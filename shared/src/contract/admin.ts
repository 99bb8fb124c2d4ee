import * as v from 'valibot';
import { ADMIN_MESSAGES as A } from '../messages/admin-messages';
import { issueMessage } from '../schemas/issue-messages';
import { VALIDATION_MESSAGES as V } from '../schemas/messages';
import { ACCOUNT_TYPES, SCHEMA_LOCALES, SPECIALIST_KINDS, SignUpPersonalEntries } from '../schemas/auth-schemas';
import { TimestampSchema } from './common';

// ---- Vocabulary ----

/** The four checks a specialist passes before an admin may verify them, in the order the screens show them. */
export const CHECK_KINDS = ['identity_register', 'location_visit', 'customer_interviews', 'financial_check'] as const;
export const CheckKindSchema = v.picklist(CHECK_KINDS);
export type CheckKind = v.InferOutput<typeof CheckKindSchema>;

export const CHECK_OUTCOMES = ['passed', 'failed', 'pending'] as const;
export const CheckOutcomeSchema = v.picklist(CHECK_OUTCOMES);
export type CheckOutcome = v.InferOutput<typeof CheckOutcomeSchema>;

/** The account kinds the admin screens list (`role` of `GET /admin/users`). */
export const USER_ROLES = ['clients', 'specialists', 'contractors', 'experts'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Verified by an admin; unverified when a check failed; pending otherwise. Clients have none. */
export const VERIFICATION_STATES = ['verified', 'pending', 'unverified'] as const;
export const VerificationStateSchema = v.picklist(VERIFICATION_STATES);
export type VerificationState = v.InferOutput<typeof VerificationStateSchema>;

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const USER_SORT_FIELDS = ['created_at', 'name', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

// ---- Requests ----

const choose = issueMessage(A.chooseOption);
const required = issueMessage(V.required);
const invalidDate = issueMessage(A.invalidDate);
const NOTES_MAX = 2000;
const REASON_MAX = 500;

/** An optional query value: absent and blank mean "no filter". */
const optionalPick = <T extends readonly [string, ...string[]]>(options: T) =>
  v.optional(v.union([v.literal(''), v.picklist(options, choose)], choose), '');

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, issueMessage(V.maxLength, { amount: max }))), '');

/** A page number or size; the query string brings text, a caller in code may pass a number. */
const positiveInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(choose), v.minValue(min, choose), v.maxValue(max, choose)),
    fallback,
  );

/** `YYYY-MM-DD` that is a real calendar day. */
const isoDate = v.pipe(
  v.string(invalidDate),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, invalidDate),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, invalidDate),
);

/** `GET /admin/users`: filters, sort and page of the user list. */
export const UserListQuerySchema = v.object({
  role: optionalPick(USER_ROLES),
  verification: optionalPick(VERIFICATION_STATES),
  status: optionalPick(ACCOUNT_STATUSES),
  q: optionalText(200),
  country: optionalText(100),
  city: optionalText(100),
  sort: v.optional(v.picklist(USER_SORT_FIELDS, choose), 'created_at'),
  order: v.optional(v.picklist(['asc', 'desc'], choose), 'desc'),
  page: positiveInt(1, 100_000, 1),
  page_size: positiveInt(1, 100, 20),
});
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;
/** What a screen asks the user list for: a role always, the rest when in use. */
export type UserListParams = v.InferInput<typeof UserListQuerySchema> & { role: UserRole };

/** `GET /admin/users/summary`. */
export const SummaryQuerySchema = v.object({ role: optionalPick(USER_ROLES) });
export type SummaryQuery = v.InferOutput<typeof SummaryQuerySchema>;

/** A user in the path; a check kind outside the four is a 404, not a malformed request. */
export const UserCheckParamsSchema = v.object({ id: v.string(), kind: v.string() });
export type UserCheckParams = v.InferOutput<typeof UserCheckParamsSchema>;

export const EvidenceParamsSchema = v.object({ id: v.string(), kind: v.string(), evidenceId: v.string() });
export type EvidenceParams = v.InferOutput<typeof EvidenceParamsSchema>;

/** `PUT /admin/users/:id/checks/:kind`: the outcome of one check. */
export const CheckSchema = v.object({
  outcome: v.pipe(v.optional(v.string(choose), ''), v.picklist(CHECK_OUTCOMES, choose)),
  // A check that has been carried out has a date; a pending one may not.
  checked_on: v.optional(v.nullable(v.union([v.literal(''), isoDate], invalidDate)), ''),
  notes: optionalText(NOTES_MAX),
});
export type CheckInput = v.InferInput<typeof CheckSchema>;

/** Why an admin suspends an account or takes a verification back: recorded in the audit log. */
export const ReasonSchema = v.object({
  reason: v.optional(
    v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(REASON_MAX, issueMessage(V.maxLength, { amount: REASON_MAX }))),
    '',
  ),
});
export type ReasonInput = v.InferInput<typeof ReasonSchema>;

const { first_name, last_name, email, country, city, phone_number } = SignUpPersonalEntries;
/** `POST /admin/experts`: the expert chooses a password through the e-mailed link. */
export const CreateExpertSchema = v.object({
  first_name,
  last_name,
  email,
  country,
  city,
  phone_number,
  locale: v.optional(v.picklist(SCHEMA_LOCALES, choose), 'en'),
});
export type CreateExpert = v.InferOutput<typeof CreateExpertSchema>;

/** `GET /admin/audit`: filters and page of the audit log. */
export const AuditQuerySchema = v.object({
  admin: optionalText(100),
  action: optionalText(100),
  target: optionalText(100),
  from: v.optional(v.union([v.literal(''), isoDate], invalidDate), ''),
  to: v.optional(v.union([v.literal(''), isoDate], invalidDate), ''),
  page: positiveInt(1, 100_000, 1),
  page_size: positiveInt(1, 100, 25),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;
export type AuditParams = v.InferInput<typeof AuditQuerySchema>;

// ---- Answers ----

/** The admin who did something, as their name read at the time. */
export const AdminRefSchema = v.object({ id: v.string(), name: v.string() });
export type AdminRef = v.InferOutput<typeof AdminRefSchema>;

/** A user as the back office lists them. */
export const AdminUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  phone_number: v.string(),
  company_name: v.pipe(v.string(), v.description("A specialist's company, from their profile; empty when none")),
  country: v.pipe(v.string(), v.description('ISO 3166-1 alpha-2 code')),
  city: v.string(),
  locale: v.picklist(SCHEMA_LOCALES),
  photo_url: v.nullable(v.string()),
  account_type: v.picklist(ACCOUNT_TYPES),
  specialist_kind: v.nullable(v.picklist(SPECIALIST_KINDS)),
  role: v.nullable(v.picklist(['client', ...SPECIALIST_KINDS])),
  status: v.picklist(ACCOUNT_STATUSES),
  email_verified: v.boolean(),
  verified: v.boolean(),
  verified_at: v.nullable(TimestampSchema),
  verified_by: v.nullable(AdminRefSchema),
  verification_state: v.pipe(v.nullable(VerificationStateSchema), v.description('Null for clients')),
  suspended_at: v.nullable(TimestampSchema),
  suspension_reason: v.nullable(v.string()),
  created_at: TimestampSchema,
});
export type AdminUser = v.InferOutput<typeof AdminUserSchema>;

/** A page of an admin list, with the total across pages. */
const adminPageMeta = { page: v.number(), page_size: v.number(), total: v.number() };

export const AdminUserPageSchema = v.object({ data: v.array(AdminUserSchema), meta: v.object(adminPageMeta) });
export type AdminUserPage = v.InferOutput<typeof AdminUserPageSchema>;

/** `GET /admin/users/summary`: the counters above the user list. */
export const UserSummarySchema = v.object({
  total: v.number(),
  new_this_week: v.number(),
  awaiting_verification: v.pipe(v.number(), v.description('Specialists pending or unverified')),
  suspended: v.number(),
});
export type UserSummary = v.InferOutput<typeof UserSummarySchema>;

/** A file an admin attached to a check. */
export const EvidenceSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: v.number(),
  uploaded_by: v.nullable(AdminRefSchema),
  uploaded_at: TimestampSchema,
});
export type Evidence = v.InferOutput<typeof EvidenceSchema>;

export const VerificationCheckSchema = v.object({
  kind: CheckKindSchema,
  outcome: CheckOutcomeSchema,
  checked_on: v.pipe(v.nullable(v.string()), v.description('YYYY-MM-DD')),
  notes: v.string(),
  recorded_by: v.nullable(AdminRefSchema),
  recorded_at: v.nullable(TimestampSchema),
  evidence: v.array(EvidenceSchema),
});
export type VerificationCheck = v.InferOutput<typeof VerificationCheckSchema>;

/** A specialist's checks and those still standing between them and verification. */
export const VerificationFileSchema = v.object({ checks: v.array(VerificationCheckSchema), missing: v.array(CheckKindSchema) });
export type VerificationFile = v.InferOutput<typeof VerificationFileSchema>;

/** One recorded admin action, with the state before and after it. */
export const AuditEntrySchema = v.object({
  id: v.string(),
  admin: v.pipe(v.object({ id: v.nullable(v.string()), name: v.string() }), v.description('Id null once the admin is removed')),
  action: v.string(),
  target_type: v.string(),
  target_id: v.nullable(v.string()),
  target_label: v.string(),
  before: v.pipe(v.unknown(), v.description('JSON snapshot, or null')),
  after: v.pipe(v.unknown(), v.description('JSON snapshot, or null')),
  created_at: TimestampSchema,
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/** One user's page: the account, the verification file (null for clients) and the latest 50 audit entries about them. */
export const UserDetailSchema = v.object({
  ...AdminUserSchema.entries,
  verification: v.nullable(VerificationFileSchema),
  audit: v.array(AuditEntrySchema),
});
export type UserDetail = v.InferOutput<typeof UserDetailSchema>;

/** `PUT /admin/users/:id/verify` refused: a check has not passed (or the user is no specialist, without `missing`). */
export const VerificationRefusedSchema = v.object({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  missing: v.optional(v.array(CheckKindSchema)),
});
export type VerificationRefused = v.InferOutput<typeof VerificationRefusedSchema>;

/** An expert with their workload: milestones waiting on them to inspect or to estimate. */
export const ExpertSchema = v.object({ ...AdminUserSchema.entries, workload: v.number() });
export type Expert = v.InferOutput<typeof ExpertSchema>;

export const ExpertListSchema = v.object({ data: v.array(ExpertSchema) });
export type ExpertList = v.InferOutput<typeof ExpertListSchema>;

export const AdminAccountSchema = v.object({ id: v.string(), name: v.string(), email: v.string() });
export type AdminAccount = v.InferOutput<typeof AdminAccountSchema>;

export const AdminListSchema = v.object({ data: v.array(AdminAccountSchema) });
export type AdminList = v.InferOutput<typeof AdminListSchema>;

/** `GET /admin/audit`: a page of entries, newest first, with every action name the filter offers. */
export const AuditPageSchema = v.object({
  data: v.array(AuditEntrySchema),
  meta: v.object({ ...adminPageMeta, actions: v.array(v.string()) }),
});
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;
