import * as v from 'valibot';
import { AMOUNT_MAX } from '../schemas/amount-limits';
import { boundedText } from '../schemas/bounded-text';
import {
  DISPUTE_MESSAGE_MAX,
  DISPUTE_REASON_MAX,
  DISPUTE_REASON_MIN,
  MILESTONE_NOTES_MAX,
  MILESTONE_NOTES_MIN,
  RESOLUTION_NOTE_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
} from '../schemas/escrow-forms';
import { issueMessage } from '../schemas/issue-messages';
import { VALIDATION_MESSAGES as M } from '../schemas/messages';
import { ESCROW_API_MESSAGES as EM } from '../messages/escrow-api-messages';
import { FileResponseSchema } from './common';

/*
 * The escrow API (docs/product.md §7): contracts, milestones, payments, inspections,
 * disputes, insolvency settlement, reviews and statements. The API answers
 * from these schemas and both the client area and the back office read them.
 * Money is always an integer of minor units beside its ISO currency.
 */

const required = issueMessage(M.required);

const Money = v.pipe(v.number(), v.integer(), v.description('An amount in minor units of the contract’s currency.'));
const Count = v.pipe(v.number(), v.integer());
const When = v.pipe(v.string(), v.description('ISO 8601 date and time.'));
const MaybeWhen = v.nullable(When);

// --- The vocabularies: the SQL CHECK constraints hold the same lists (a test compares them).

export const CONTRACT_STATUSES = ['active', 'frozen', 'completed', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const FROZEN_REASONS = ['dispute', 'insolvency'] as const;
export type FrozenReason = (typeof FROZEN_REASONS)[number];

/** A milestone's life: draft → funded → submitted → approved | changes_requested → released; refunded or settled when the contract ends otherwise. */
export const MILESTONE_STATUSES = ['draft', 'funded', 'submitted', 'approved', 'changes_requested', 'released', 'refunded', 'settled'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** Milestones whose money sits in escrow: funded and not yet paid out or refunded. */
export const HELD_MILESTONE_STATUSES = ['funded', 'submitted', 'approved', 'changes_requested'] as const satisfies readonly MilestoneStatus[];

export const INSPECTION_DECISIONS = ['approved', 'changes_requested'] as const;
export type InspectionDecision = (typeof INSPECTION_DECISIONS)[number];

export const NEXT_ACTIONS = ['fund', 'complete', 'assign_expert', 'inspect', 'release', 'estimate', 'settle', 'mediate', 'none'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

/** How someone stands towards a contract; the back office sees every contract as `admin`. */
export const CONTRACT_ROLES = ['client', 'contractor', 'expert', 'admin'] as const;
export type ContractRole = (typeof CONTRACT_ROLES)[number];

export const DISPUTE_STATUSES = ['open', 'mediation', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const STATEMENT_KINDS = ['funding', 'contractor_payout', 'expert_fee', 'platform_fee', 'refund', 'carried_in', 'carried_out'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const ESCROW_FILE_PURPOSES = ['photo', 'report', 'estimate', 'evidence', 'daily_log', 'change_order'] as const;
export type EscrowFilePurpose = (typeof ESCROW_FILE_PURPOSES)[number];

// --- Answers

/** A photo, report or piece of evidence; `url` downloads it for the same reader. */
export const EscrowFileSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: Count,
  url: v.string(),
});
export type EscrowFile = v.InferOutput<typeof EscrowFileSchema>;

/** The contract's virtual escrow account, from its statement. */
export const EscrowAccountSchema = v.pipe(
  v.object({
    funded: Money,
    held: Money,
    released: Money,
    expert_fees: Money,
    platform_fees: Money,
    refunded: Money,
    carried_in: Money,
    carried_out: Money,
    credit: v.pipe(Money, v.description('Escrow money not tied to a milestone, used first on the next funding.')),
  }),
  v.title('EscrowAccount'),
);
export type EscrowAccount = v.InferOutput<typeof EscrowAccountSchema>;

export const NextStepSchema = v.object({
  action: v.picklist(NEXT_ACTIONS),
  waiting_on: v.nullable(v.picklist(CONTRACT_ROLES)),
});
export type NextStep = v.InferOutput<typeof NextStepSchema>;

export const InspectionSchema = v.object({
  decision: v.picklist(INSPECTION_DECISIONS),
  notes: v.string(),
  report: EscrowFileSchema,
  expert_name: v.string(),
  at: When,
});
export type Inspection = v.InferOutput<typeof InspectionSchema>;

export const EstimateSchema = v.object({ owed_amount: Money, notes: v.string(), report: EscrowFileSchema, at: When });
export type Estimate = v.InferOutput<typeof EstimateSchema>;

export const MilestoneViewSchema = v.pipe(
  v.object({
    id: v.string(),
    position: Count,
    title: v.string(),
    amount: Money,
    expert_fee: Money,
    platform_fee: Money,
    total: v.pipe(Money, v.description('Amount and both fees: what funding the milestone holds in escrow.')),
    to_pay: v.pipe(Money, v.description('What a card pays to fund it now, once the contract’s credit is used.')),
    status: v.picklist(MILESTONE_STATUSES),
    funded_at: MaybeWhen,
    submitted_at: MaybeWhen,
    inspected_at: MaybeWhen,
    released_at: MaybeWhen,
    auto_release_at: v.pipe(
      MaybeWhen,
      v.description('While the milestone is approved: when it is released to the contractor unless the client releases or disputes it first.'),
    ),
    completion_notes: v.string(),
    photos: v.array(EscrowFileSchema),
    /** The latest inspection (a milestone inspected again after changes shows the new one). */
    inspection: v.nullable(InspectionSchema),
    estimate: v.nullable(EstimateSchema),
    paid_to_contractor: Money,
    refunded_amount: Money,
    next: NextStepSchema,
  }),
  v.title('Milestone'),
);
export type MilestoneView = v.InferOutput<typeof MilestoneViewSchema>;

export const DisputeMessageSchema = v.object({
  id: v.string(),
  author: v.object({ name: v.string(), role: v.picklist(['client', 'contractor', 'admin']) }),
  body: v.string(),
  at: When,
});
export type DisputeMessage = v.InferOutput<typeof DisputeMessageSchema>;

export const DisputeResolutionSchema = v.object({ contractor_amount: Money, refunded_amount: Money, note: v.string(), at: When });
export type DisputeResolution = v.InferOutput<typeof DisputeResolutionSchema>;

/** A dispute with its deadlines (docs/product.md §9: the other party answers in 14 days, arbitration from 6 weeks to 3 months). */
export const DisputeViewSchema = v.pipe(
  v.object({
    id: v.string(),
    contract_id: v.string(),
    milestone_id: v.string(),
    milestone_title: v.string(),
    milestone_position: Count,
    milestone_amount: Money,
    opened_by: v.object({ id: v.string(), name: v.string(), role: v.picklist(['client', 'contractor']) }),
    reason: v.string(),
    status: v.picklist(DISPUTE_STATUSES),
    opened_at: When,
    respond_by: When,
    arbitration_from: When,
    arbitration_until: When,
    held_amount: v.pipe(Money, v.description('The milestone amount and its fees, held in escrow.')),
    evidence: v.array(EscrowFileSchema),
    messages: v.array(DisputeMessageSchema),
    resolution: v.nullable(DisputeResolutionSchema),
    contract: v.object({
      id: v.string(),
      currency: v.string(),
      project_title: v.string(),
      client_name: v.string(),
      contractor_name: v.string(),
    }),
  }),
  v.title('Dispute'),
);
export type DisputeView = v.InferOutput<typeof DisputeViewSchema>;

export const ContractInsolvencySchema = v.object({
  declared_at: When,
  note: v.string(),
  estimates_complete: v.boolean(),
  settled_at: MaybeWhen,
});
export type ContractInsolvency = v.InferOutput<typeof ContractInsolvencySchema>;

export const ReviewViewSchema = v.object({ rating: v.pipe(Count, v.minValue(1), v.maxValue(5)), body: v.string(), created_at: When });
export type ReviewView = v.InferOutput<typeof ReviewViewSchema>;

/** Everything a screen shows about one contract, as its reader (`my_role`) sees it. */
export const ContractViewSchema = v.pipe(
  v.object({
    id: v.string(),
    created_at: When,
    currency: v.string(),
    status: v.picklist(CONTRACT_STATUSES),
    frozen_reason: v.nullable(v.picklist(FROZEN_REASONS)),
    my_role: v.picklist(CONTRACT_ROLES),
    project: v.object({ id: v.string(), title: v.string(), category: v.string(), city: v.string(), country: v.string() }),
    client: v.object({ id: v.string(), name: v.string() }),
    contractor: v.object({ id: v.string(), name: v.string(), company_name: v.string() }),
    contractor_payable: v.pipe(
      v.boolean(),
      v.description('False once the platform barred the contractor: nothing can be funded or released to them.'),
    ),
    expert: v.nullable(v.object({ id: v.string(), name: v.string() })),
    replaces_contract_id: v.nullable(v.string()),
    replaced_by_contract_id: v.nullable(v.string()),
    account: EscrowAccountSchema,
    milestones: v.array(MilestoneViewSchema),
    dispute: v.nullable(DisputeViewSchema),
    insolvency: v.nullable(ContractInsolvencySchema),
    review: v.nullable(ReviewViewSchema),
    can_review: v.boolean(),
  }),
  v.title('Contract'),
);
export type ContractView = v.InferOutput<typeof ContractViewSchema>;

/** `GET /contracts`: the reader's contracts, newest first. */
export const ContractListSchema = v.object({ data: v.array(ContractViewSchema) });
export type ContractList = v.InferOutput<typeof ContractListSchema>;

export const StatementEntrySchema = v.object({
  id: v.string(),
  at: When,
  kind: v.picklist(STATEMENT_KINDS),
  milestone_position: v.nullable(Count),
  milestone_title: v.nullable(v.string()),
  amount: v.pipe(Money, v.description('Positive into escrow, negative out of it.')),
  balance: Money,
});
export type StatementEntry = v.InferOutput<typeof StatementEntrySchema>;

/** The escrow account's posted movements, oldest first, with the balance after each. */
export const StatementSchema = v.object({ currency: v.string(), entries: v.array(StatementEntrySchema), totals: EscrowAccountSchema });
export type Statement = v.InferOutput<typeof StatementSchema>;

/** `…/statement`: the JSON above, or with `?format=csv` the same movements as a CSV file in the reader's language. */
export const StatementAnswerSchema = v.pipe(
  v.union([StatementSchema, FileResponseSchema]),
  v.description('JSON by default; `?format=csv` answers `text/csv` (an attachment).'),
);

export const CardPaymentSchema = v.object({ status: v.literal('succeeded'), reference: v.string(), amount: Money, card_last4: v.string() });
export type CardPayment = v.InferOutput<typeof CardPaymentSchema>;

/** A funded milestone: `payment` is null when the contract's credit paid for it all. */
export const FundingSchema = v.object({ payment: v.nullable(CardPaymentSchema), contract: ContractViewSchema });
export type Funding = v.InferOutput<typeof FundingSchema>;

export const ReleaseSchema = v.object({
  released: v.object({ contractor: Money, expert_fee: Money, platform_fee: Money }),
  contract: ContractViewSchema,
});
export type Release = v.InferOutput<typeof ReleaseSchema>;

export const ReplacementSchema = v.object({
  id: v.string(),
  name: v.string(),
  company_name: v.string(),
  city: v.string(),
  country: v.string(),
  rating: v.nullable(v.number()),
  review_count: Count,
});
export type Replacement = v.InferOutput<typeof ReplacementSchema>;

export const ReplacementListSchema = v.object({ data: v.array(ReplacementSchema) });
export type ReplacementList = v.InferOutput<typeof ReplacementListSchema>;

export const SettlementSchema = v.object({
  contract: ContractViewSchema,
  new_contract_id: v.pipe(v.nullable(v.string()), v.description('The replacement contract the rest was carried to.')),
});
export type Settlement = v.InferOutput<typeof SettlementSchema>;

/** Back office: `GET /admin/contracts`, twenty a page. */
export const ContractPageSchema = v.object({
  data: v.array(ContractViewSchema),
  total: Count,
  page: Count,
  page_size: Count,
});
export type ContractPage = v.InferOutput<typeof ContractPageSchema>;

export const DisputeListSchema = v.object({ data: v.array(DisputeViewSchema) });
export type DisputeList = v.InferOutput<typeof DisputeListSchema>;

export const EscrowSummarySchema = v.object({
  held: v.array(v.object({ currency: v.string(), amount: Money })),
  active_contracts: Count,
  frozen_contracts: Count,
  open_disputes: Count,
  awaiting_expert: Count,
});
export type EscrowSummary = v.InferOutput<typeof EscrowSummarySchema>;

export const LedgerCheckSchema = v.object({
  ok: v.boolean(),
  checked_at: When,
  accounts: Count,
  transfers: Count,
  verified_transfers: v.pipe(Count, v.description('The transfers this check read: those after the last passing check.')),
  checks: v.array(v.object({ name: v.string(), ok: v.boolean(), detail: v.string() })),
});
export type LedgerCheck = v.InferOutput<typeof LedgerCheckSchema>;

export const InsolvencyResultSchema = v.object({ frozen_contracts: Count });
export type InsolvencyResult = v.InferOutput<typeof InsolvencyResultSchema>;

// --- Requests

export const ContractMilestoneParamsSchema = v.object({ id: v.string(), milestoneId: v.string() });
export const ContractFileParamsSchema = v.object({ id: v.string(), fileId: v.string() });

/** `?format=csv` answers the statement as a spreadsheet in the reader's language. */
export const StatementQuerySchema = v.object({ format: v.optional(v.picklist(['json', 'csv'])) });

/** The card is left out when the contract's credit covers the whole milestone. */
export const PAYIN_METHODS = ['card', 'mobile_money'] as const;
export type PayinMethodName = (typeof PAYIN_METHODS)[number];
export const PAYIN_OPERATORS = ['mtn', 'orange'] as const;
/** A Cameroonian mobile number: 237, then nine digits starting with 6. */
export const PAYIN_PHONE = /^2376\d{8}$/;

/**
 * How the client pays: on the provider's hosted card page, or by approving a
 * mobile-money request on their phone. No card data: the card is typed on the
 * provider's page, never sent to this API.
 */
export const FundBodySchema = v.variant('method', [
  v.object({ method: v.literal('card') }),
  v.object({
    method: v.literal('mobile_money'),
    operator: v.picklist(PAYIN_OPERATORS, required),
    phone: v.pipe(
      v.string(required),
      v.transform((s) => s.replace(/[\s+().-]/g, '')),
      v.transform((s) => (/^6\d{8}$/.test(s) ? `237${s}` : s)),
      v.regex(PAYIN_PHONE, issueMessage(EM.payinPhone)),
    ),
  }),
]);
export type FundBody = v.InferInput<typeof FundBodySchema>;

export const PAYIN_STATES = ['none', 'pending', 'funded', 'declined', 'failed', 'expired'] as const;
export type PayinStateName = (typeof PAYIN_STATES)[number];

/** Where a milestone's latest payment stands: what the client's page shows while the provider confirms. */
export const PayinViewSchema = v.object({
  state: v.picklist(PAYIN_STATES),
  method: v.nullable(v.picklist(PAYIN_METHODS)),
  /** The hosted page to (re)open, while a card payment waits there. */
  redirect_url: v.nullable(v.string()),
  /** When the provider gives the payment up. */
  expires_at: v.nullable(When),
  /** The last four digits of the paying phone (mobile money). */
  phone_last4: v.nullable(v.string()),
  /** Why it did not go through, in the caller's language. */
  message: v.nullable(v.string()),
});
export type PayinView = v.InferOutput<typeof PayinViewSchema>;

/** A funding begun: the client is sent to the hosted page (card) or asked to approve on their phone (mobile money). */
export const FundingStartedSchema = v.object({ payment: PayinViewSchema });
export type FundingStarted = v.InferOutput<typeof FundingStartedSchema>;

/** Multipart fields of `…/complete`, beside up to six photos. */
export const CompletionFieldsSchema = v.object({ notes: boundedText(MILESTONE_NOTES_MIN, MILESTONE_NOTES_MAX) });

/** Multipart fields of `…/inspection`, beside one report. */
export const InspectionFieldsSchema = v.object({
  decision: v.picklist(INSPECTION_DECISIONS, required),
  notes: boundedText(MILESTONE_NOTES_MIN, MILESTONE_NOTES_MAX),
});

/** Multipart fields of `…/estimate`, beside one report: what is owed, in minor units. */
export const EstimateFieldsSchema = v.object({
  owed_amount: v.pipe(
    v.string(required),
    v.trim(),
    v.regex(/^\d+$/, issueMessage(EM.estimateTooHigh)),
    v.transform(Number),
    v.maxValue(AMOUNT_MAX, issueMessage(EM.estimateTooHigh)),
  ),
  notes: boundedText(MILESTONE_NOTES_MIN, MILESTONE_NOTES_MAX),
});

/** Multipart fields of `…/disputes`, beside up to five pieces of evidence. */
export const DisputeFieldsSchema = v.object({ reason: boundedText(DISPUTE_REASON_MIN, DISPUTE_REASON_MAX) });

export const DisputeMessageBodySchema = v.object({ body: boundedText(1, DISPUTE_MESSAGE_MAX) });
export type DisputeMessageBody = v.InferInput<typeof DisputeMessageBodySchema>;

export const ReviewBodySchema = v.object({
  rating: v.pipe(v.number(required), v.integer(required), v.minValue(1, required), v.maxValue(5, required)),
  body: boundedText(REVIEW_BODY_MIN, REVIEW_BODY_MAX),
});
export type ReviewBody = v.InferInput<typeof ReviewBodySchema>;

export const SettlementBodySchema = v.object({
  choice: v.picklist(['refund', 'carry'], required),
  replacement_contractor_id: v.optional(v.nullable(v.string())),
});
export type SettlementBody = v.InferInput<typeof SettlementBodySchema>;

export const ResolveBodySchema = v.object({
  contractor_amount: v.pipe(v.number(required), v.integer(required), v.minValue(0, required), v.maxValue(AMOUNT_MAX, required)),
  note: boundedText(3, RESOLUTION_NOTE_MAX),
});
export type ResolveBody = v.InferInput<typeof ResolveBodySchema>;

export const AssignExpertBodySchema = v.object({ expert_id: v.pipe(v.string(required), v.uuid(issueMessage(EM.expertInvalid))) });
export type AssignExpertBody = v.InferInput<typeof AssignExpertBodySchema>;

export const InsolvencyBodySchema = v.object({ note: boundedText(3, 2000) });
export type InsolvencyBody = v.InferInput<typeof InsolvencyBodySchema>;

export const AdminContractListQuerySchema = v.object({
  status: v.optional(v.picklist(CONTRACT_STATUSES)),
  needs: v.optional(v.picklist(['expert'])),
  page: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(10_000)), '1'),
});
export type AdminContractListQuery = v.InferInput<typeof AdminContractListQuerySchema>;

export const DisputeListQuerySchema = v.object({ status: v.optional(v.picklist(DISPUTE_STATUSES)) });
export type DisputeListQuery = v.InferInput<typeof DisputeListQuerySchema>;
