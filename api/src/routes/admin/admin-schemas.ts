import * as v from 'valibot';
import { issueMessage, SignUpPersonalEntries, VALIDATION_MESSAGES as V } from 'shared/schemas';
import { ADMIN_MESSAGES as A } from 'shared/messages';

export const CHECK_KINDS = ['identity_register', 'location_visit', 'customer_interviews', 'financial_check'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const CHECK_OUTCOMES = ['passed', 'failed', 'pending'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const USER_ROLES = ['clients', 'specialists', 'contractors', 'experts'] as const;
export const VERIFICATION_STATES = ['verified', 'pending', 'unverified'] as const;
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export const SORT_FIELDS = ['created_at', 'name', 'email'] as const;

const choose = issueMessage(A.chooseOption);
const required = issueMessage(V.required);
const NOTES_MAX = 2000;
const REASON_MAX = 500;

/** An optional query value: absent and blank mean "no filter". */
const optionalPick = <T extends readonly [string, ...string[]]>(options: T) =>
  v.optional(v.union([v.literal(''), v.picklist(options, choose)], choose), '');

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, issueMessage(V.maxLength, { amount: max }))), '');

const positiveInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.integer(choose),
      v.minValue(min, choose),
      v.maxValue(max, choose),
    ),
    fallback,
  );

export const UserListQuerySchema = v.object({
  role: optionalPick(USER_ROLES),
  verification: optionalPick(VERIFICATION_STATES),
  status: optionalPick(ACCOUNT_STATUSES),
  q: optionalText(200),
  country: optionalText(100),
  city: optionalText(100),
  sort: v.optional(v.picklist(SORT_FIELDS, choose), 'created_at'),
  order: v.optional(v.picklist(['asc', 'desc'], choose), 'desc'),
  page: positiveInt(1, 100_000, 1),
  page_size: positiveInt(1, 100, 20),
});
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;

export const SummaryQuerySchema = v.object({ role: optionalPick(USER_ROLES) });

/** `YYYY-MM-DD` that is a real calendar day. */
const isoDate = v.pipe(
  v.string(issueMessage(A.invalidDate)),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, issueMessage(A.invalidDate)),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, issueMessage(A.invalidDate)),
);

export const CheckSchema = v.object({
  outcome: v.pipe(v.optional(v.string(choose), ''), v.picklist(CHECK_OUTCOMES, choose)),
  // A check that has been carried out has a date; a pending one may not.
  checked_on: v.optional(v.nullable(v.union([v.literal(''), isoDate], issueMessage(A.invalidDate))), ''),
  notes: optionalText(NOTES_MAX),
});

export const ReasonSchema = v.object({
  reason: v.optional(
    v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(REASON_MAX, issueMessage(V.maxLength, { amount: REASON_MAX }))),
    '',
  ),
});

const { first_name, last_name, email, country, city, phone_number } = SignUpPersonalEntries;
export const CreateExpertSchema = v.object({
  first_name,
  last_name,
  email,
  country,
  city,
  phone_number,
  locale: v.optional(v.picklist(['en', 'fr'], choose), 'en'),
});

export const AuditQuerySchema = v.object({
  admin: optionalText(100),
  action: optionalText(100),
  target: optionalText(100),
  from: v.optional(v.union([v.literal(''), isoDate], issueMessage(A.invalidDate)), ''),
  to: v.optional(v.union([v.literal(''), isoDate], issueMessage(A.invalidDate)), ''),
  page: positiveInt(1, 100_000, 1),
  page_size: positiveInt(1, 100, 25),
});
