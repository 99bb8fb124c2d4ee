import * as v from 'valibot';
import { AMOUNT_MAX } from './amount-limits';
import { moneyText, optionalMoneyText } from './money-text';
import { isCalendarDate } from './calendar-date';
import { issueMessage } from './issue-messages';
import { VALIDATION_MESSAGES as M } from './messages';
import { MARKETPLACE_MESSAGES as P } from './marketplace-messages';

export const PROJECT_TITLE_MIN = 5;
export const PROJECT_TITLE_MAX = 120;
export const PROJECT_DESCRIPTION_MIN = 20;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const QUOTE_MESSAGE_MAX = 2000;
export const MILESTONES_MAX = 20;
export { AMOUNT_MAX };

const required = issueMessage(M.required);
const min = (amount: number) => issueMessage(M.minLength, { amount });
const max = (amount: number) => issueMessage(M.maxLength, { amount });

function text(minLength: number, maxLength: number) {
  return v.optional(
    v.pipe(
      v.string(required),
      v.trim(),
      v.nonEmpty(required),
      v.pipe(v.string(), v.minLength(minLength, min(minLength)), v.maxLength(maxLength, max(maxLength))),
    ),
    '',
  );
}

/** A code from the reference book (category, country, currency); blank reads as "choose one". */
function code(message: string) {
  return v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(40, message)), '');
}

/** Decimal digits only: no sign, prefix ("0x", "0b"), exponent, separator or space. */
const DIGITS = /^\d{1,13}$/;

/**
 * A whole number of minor units, as a JSON integer. What a person typed is
 * read by the money parser (`shared/money`) before it gets here; anything
 * else is refused, never coerced: `Number("0x10")` is 16, `Number("1e3")` 1000.
 * A multipart form carries only text, so `fromForm` accepts the integer's
 * plain decimal digits there.
 */
function amount({ fromForm = false, message = issueMessage(P.amount) } = {}) {
  const integer = v.pipe(v.number(message), v.integer(issueMessage(P.wholeNumber)));
  return v.pipe(
    fromForm ? v.union([integer, v.pipe(v.string(message), v.regex(DIGITS, message), v.transform(Number))], message) : integer,
    v.minValue(1, message),
    v.maxValue(AMOUNT_MAX, message),
  );
}

/** Optional in the form: blank or missing means "not said". */
function optionalAmount() {
  return v.pipe(
    v.optional(v.union([v.literal(''), v.null(), v.number(), v.string()]), null),
    v.transform((value) => (value === '' || value === null ? null : value)),
    v.nullable(amount({ fromForm: true })),
  );
}

const isoDate = v.pipe(
  v.optional(v.union([v.literal(''), v.null(), v.string()]), null),
  v.transform((value) => (value ? value : null)),
  v.nullable(v.pipe(v.string(), v.isoDate(issueMessage(P.date)), v.check(isCalendarDate, issueMessage(P.date)))),
);

/** The fields of a project (create and edit), without its documents. */
export const ProjectEntries = {
  title: text(PROJECT_TITLE_MIN, PROJECT_TITLE_MAX),
  description: text(PROJECT_DESCRIPTION_MIN, PROJECT_DESCRIPTION_MAX),
  category: code(issueMessage(P.chooseCategory)),
  country: code(issueMessage(M.selectCountry)),
  city: v.optional(v.pipe(v.string(issueMessage(M.enterCity)), v.trim(), v.nonEmpty(issueMessage(M.enterCity)), v.maxLength(100, max(100))), ''),
  currency: code(issueMessage(P.chooseCurrency)),
  budget_min: optionalAmount(),
  budget_max: optionalAmount(),
  desired_start: isoDate,
  design_id: v.pipe(
    v.optional(v.union([v.literal(''), v.null(), v.pipe(v.string(), v.uuid())]), null),
    v.transform((value) => (value ? value : null)),
  ),
};

/** The project's rules, with the budgets read by `budget` (minor units or null). */
function projectSchema(budget: () => v.GenericSchema<unknown, number | null>) {
  return v.pipe(
    v.object({ ...ProjectEntries, budget_min: budget(), budget_max: budget() }),
    v.forward(
      v.check(
        (project) => project.budget_min === null || project.budget_max === null || project.budget_min <= project.budget_max,
        issueMessage(P.budgetOrder),
      ),
      ['budget_max'],
    ),
  );
}

/** A project as the API receives it: budgets in minor units. */
export const ProjectSchema = projectSchema(optionalAmount);

/** The project form: budgets as typed, in the user's locale and the currency's decimals. */
export function projectFormSchema(currency: string, locale: string) {
  return projectSchema(() => optionalMoneyText(currency, locale));
}
export type ProjectInput = v.InferInput<typeof ProjectSchema>;
export type ProjectValues = v.InferOutput<typeof ProjectSchema>;

const milestoneTitle = text(2, 120);

export const MilestoneSchema = v.object({
  title: milestoneTitle,
  amount: amount(),
});

/** The quote's rules, with the amounts read by `money` (minor units). */
function quoteSchema(money: () => v.GenericSchema<unknown, number>) {
  return v.pipe(
    v.object({
      amount: money(),
      currency: code(issueMessage(P.chooseCurrency)),
      duration_days: v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))], issueMessage(P.durationRange)),
        v.number(issueMessage(P.durationRange)),
        v.integer(issueMessage(P.durationRange)),
        v.minValue(1, issueMessage(P.durationRange)),
        v.maxValue(1000, issueMessage(P.durationRange)),
      ),
      message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(QUOTE_MESSAGE_MAX, max(QUOTE_MESSAGE_MAX))), ''),
      milestones: v.pipe(
        v.array(v.object({ title: milestoneTitle, amount: money() }), issueMessage(P.milestonesCount)),
        v.minLength(1, issueMessage(P.milestonesCount)),
        v.maxLength(MILESTONES_MAX, issueMessage(P.milestonesCount)),
      ),
    }),
    v.forward(
      v.check(
        // An empty plan already has its own message.
        (quote) => quote.milestones.length === 0 || quote.milestones.reduce((total, milestone) => total + milestone.amount, 0) === quote.amount,
        issueMessage(P.milestonesTotal),
      ),
      ['milestones'],
    ),
  );
}

/** A quote: total, duration, message and a milestone plan whose amounts add up to the total. */
export const QuoteSchema = quoteSchema(() => amount());

/** The quote form: amounts as typed, in the user's locale and the currency's decimals. */
export function quoteFormSchema(currency: string, locale: string) {
  return quoteSchema(() => moneyText(currency, locale));
}
export type QuoteInput = v.InferInput<typeof QuoteSchema>;
export type QuoteValues = v.InferOutput<typeof QuoteSchema>;

/** Ask a specialist on the platform to quote on a project, or invite someone by e-mail to join. */
export const SpecialistInviteSchema = v.object({
  project_id: v.pipe(v.string(required), v.uuid(required)),
  specialist_id: v.pipe(v.string(required), v.uuid(required)),
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, max(1000))), ''),
});

export const InviteSchema = v.union(
  [
    SpecialistInviteSchema,
    v.object({
      email: v.pipe(v.string(required), v.trim(), v.toLowerCase(), v.email(issueMessage(M.email)), v.maxLength(255, max(255))),
      project_id: v.optional(v.nullable(v.pipe(v.string(), v.uuid(required))), null),
      message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, max(1000))), ''),
    }),
  ],
  required,
);
export type InviteInput = v.InferInput<typeof InviteSchema>;

/** What a specialist offers and where (decides the requests they receive). */
export const SpecialistProfileSchema = v.object({
  company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, max(120))), ''),
  headline: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160, max(160))), ''),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(3000, max(3000))), ''),
  categories: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(40)), issueMessage(P.chooseCategory)),
    v.minLength(1, issueMessage(P.chooseCategory)),
    v.maxLength(20, issueMessage(P.chooseCategory)),
  ),
  service_country: code(issueMessage(M.selectCountry)),
  service_cities: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(100, max(100)))), v.maxLength(30)), []),
});
export type SpecialistProfileInput = v.InferInput<typeof SpecialistProfileSchema>;
