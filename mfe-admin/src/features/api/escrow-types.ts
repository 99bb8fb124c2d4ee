import * as v from 'valibot';

/*
 * The escrow answers are checked on arrival: a page that moves money must not
 * render figures from an answer of the wrong shape. Money is an integer of
 * minor units beside its ISO currency.
 */

const money = v.pipe(v.number(), v.integer());
const when = v.nullable(v.string());

export const FileViewSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: v.number(),
  url: v.string(),
});
export type FileView = v.InferOutput<typeof FileViewSchema>;

export const CONTRACT_STATUSES = ['active', 'frozen', 'completed', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const MILESTONE_STATUSES = ['draft', 'funded', 'submitted', 'approved', 'changes_requested', 'released', 'refunded', 'settled'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const NEXT_ACTIONS = ['fund', 'complete', 'assign_expert', 'inspect', 'release', 'estimate', 'settle', 'mediate', 'none'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const PARTY_ROLES = ['client', 'contractor', 'expert', 'admin'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const DISPUTE_STATUSES = ['open', 'mediation', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const AccountSchema = v.object({
  funded: money,
  held: money,
  released: money,
  expert_fees: money,
  platform_fees: money,
  refunded: money,
  carried_in: money,
  carried_out: money,
  credit: money,
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const MilestoneViewSchema = v.object({
  id: v.string(),
  position: v.number(),
  title: v.string(),
  amount: money,
  expert_fee: money,
  platform_fee: money,
  total: money,
  to_pay: money,
  status: v.picklist(MILESTONE_STATUSES),
  funded_at: when,
  submitted_at: when,
  inspected_at: when,
  released_at: when,
  completion_notes: v.optional(v.string(), ''),
  photos: v.optional(v.array(FileViewSchema), []),
  inspection: v.nullable(
    v.object({
      decision: v.picklist(['approved', 'changes_requested']),
      notes: v.string(),
      report: FileViewSchema,
      expert_name: v.string(),
      at: v.string(),
    }),
  ),
  estimate: v.optional(v.nullable(v.object({ owed_amount: money, notes: v.string(), report: FileViewSchema, at: v.string() })), null),
  paid_to_contractor: v.optional(v.nullable(money), null),
  refunded_amount: v.optional(v.nullable(money), null),
  next: v.object({
    action: v.picklist(NEXT_ACTIONS),
    waiting_on: v.nullable(v.picklist(PARTY_ROLES)),
  }),
});
export type MilestoneView = v.InferOutput<typeof MilestoneViewSchema>;

export const DisputeMessageSchema = v.object({
  id: v.string(),
  author: v.object({ name: v.string(), role: v.picklist(['client', 'contractor', 'admin']) }),
  body: v.string(),
  at: v.string(),
});
export type DisputeMessage = v.InferOutput<typeof DisputeMessageSchema>;

export const DisputeViewSchema = v.object({
  id: v.string(),
  contract_id: v.string(),
  milestone_id: v.string(),
  milestone_title: v.string(),
  milestone_position: v.number(),
  /** Sent by newer servers; otherwise the contract's milestone gives it. */
  milestone_amount: v.optional(money),
  opened_by: v.object({ id: v.string(), name: v.string(), role: v.picklist(['client', 'contractor']) }),
  reason: v.string(),
  status: v.picklist(DISPUTE_STATUSES),
  opened_at: v.string(),
  respond_by: v.string(),
  arbitration_from: v.string(),
  arbitration_until: v.string(),
  held_amount: money,
  evidence: v.optional(v.array(FileViewSchema), []),
  messages: v.optional(v.array(DisputeMessageSchema), []),
  resolution: v.nullable(v.object({ contractor_amount: money, refunded_amount: money, note: v.string(), at: v.string() })),
  contract: v.object({
    id: v.string(),
    currency: v.string(),
    project_title: v.string(),
    client_name: v.string(),
    contractor_name: v.string(),
  }),
});
export type DisputeView = v.InferOutput<typeof DisputeViewSchema>;

export const ContractViewSchema = v.object({
  id: v.string(),
  created_at: v.string(),
  currency: v.string(),
  status: v.picklist(CONTRACT_STATUSES),
  frozen_reason: v.nullable(v.picklist(['dispute', 'insolvency'])),
  my_role: v.picklist(PARTY_ROLES),
  project: v.object({ id: v.string(), title: v.string(), category: v.string(), city: v.string(), country: v.string() }),
  client: v.object({ id: v.string(), name: v.string() }),
  contractor: v.object({ id: v.string(), name: v.string(), company_name: v.optional(v.nullable(v.string()), '') }),
  expert: v.nullable(v.object({ id: v.string(), name: v.string() })),
  replaces_contract_id: v.optional(v.nullable(v.string()), null),
  replaced_by_contract_id: v.optional(v.nullable(v.string()), null),
  account: AccountSchema,
  milestones: v.array(MilestoneViewSchema),
  dispute: v.nullable(DisputeViewSchema),
  insolvency: v.optional(
    v.nullable(v.object({ declared_at: v.string(), note: v.string(), estimates_complete: v.boolean(), settled_at: when })),
    null,
  ),
  review: v.optional(v.nullable(v.object({ rating: v.number(), body: v.string(), created_at: v.string() })), null),
  can_review: v.optional(v.boolean(), false),
});
export type ContractView = v.InferOutput<typeof ContractViewSchema>;

export const ContractPageSchema = v.object({
  data: v.array(ContractViewSchema),
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
});
export type ContractPage = v.InferOutput<typeof ContractPageSchema>;

export const STATEMENT_KINDS = ['funding', 'contractor_payout', 'expert_fee', 'platform_fee', 'refund', 'carried_in', 'carried_out'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const StatementSchema = v.object({
  currency: v.string(),
  entries: v.array(
    v.object({
      id: v.string(),
      at: v.string(),
      kind: v.picklist(STATEMENT_KINDS),
      milestone_position: v.nullable(v.number()),
      milestone_title: v.nullable(v.string()),
      amount: money,
      balance: money,
    }),
  ),
  totals: AccountSchema,
});
export type Statement = v.InferOutput<typeof StatementSchema>;
export type StatementEntry = Statement['entries'][number];

export const EscrowSummarySchema = v.object({
  held: v.array(v.object({ currency: v.string(), amount: money })),
  active_contracts: v.number(),
  open_disputes: v.number(),
  awaiting_expert: v.number(),
  frozen_contracts: v.number(),
});
export type EscrowSummary = v.InferOutput<typeof EscrowSummarySchema>;

export const LedgerCheckSchema = v.object({
  ok: v.boolean(),
  checked_at: v.string(),
  accounts: v.number(),
  transfers: v.number(),
  checks: v.array(v.object({ name: v.string(), ok: v.boolean(), detail: v.optional(v.string(), '') })),
});
export type LedgerCheck = v.InferOutput<typeof LedgerCheckSchema>;

export const DisputeListSchema = v.object({ data: v.array(DisputeViewSchema) });

export const InsolvencyResultSchema = v.object({ frozen_contracts: v.number() });

export interface ContractListParams {
  status?: ContractStatus | '';
  needs?: 'expert' | '';
  page?: number;
}
