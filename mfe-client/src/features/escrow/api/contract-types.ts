import * as v from 'valibot';

/** Money on the wire: integers of minor units in the contract's currency. */
const Money = v.number();
const When = v.nullish(v.string(), null);

export const FileViewSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  content_type: v.string(),
  size_bytes: v.number(),
  url: v.string(),
});
export type FileView = v.InferOutput<typeof FileViewSchema>;

export const MILESTONE_STATUSES = ['draft', 'funded', 'submitted', 'approved', 'changes_requested', 'released', 'refunded', 'settled'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const NEXT_ACTIONS = ['fund', 'complete', 'assign_expert', 'inspect', 'release', 'estimate', 'settle', 'mediate', 'none'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const PARTY_ROLES = ['client', 'contractor', 'expert', 'admin'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const MilestoneSchema = v.object({
  id: v.string(),
  position: v.number(),
  title: v.string(),
  amount: Money,
  expert_fee: Money,
  platform_fee: Money,
  total: Money,
  to_pay: Money,
  status: v.picklist(MILESTONE_STATUSES),
  funded_at: When,
  submitted_at: When,
  inspected_at: When,
  released_at: When,
  completion_notes: v.nullish(v.string(), ''),
  photos: v.nullish(v.array(FileViewSchema), []),
  inspection: v.nullish(
    v.object({
      decision: v.picklist(['approved', 'changes_requested']),
      notes: v.string(),
      report: v.nullable(FileViewSchema),
      expert_name: v.string(),
      at: v.string(),
    }),
    null,
  ),
  estimate: v.nullish(v.object({ owed_amount: Money, notes: v.string(), report: v.nullable(FileViewSchema), at: v.string() }), null),
  paid_to_contractor: v.nullish(Money, 0),
  refunded_amount: v.nullish(Money, 0),
  next: v.object({ action: v.picklist(NEXT_ACTIONS), waiting_on: v.nullable(v.picklist(PARTY_ROLES)) }),
});
export type Milestone = v.InferOutput<typeof MilestoneSchema>;

export const DisputeSchema = v.object({
  id: v.string(),
  contract_id: v.string(),
  milestone_id: v.string(),
  milestone_title: v.string(),
  milestone_position: v.number(),
  opened_by: v.object({ id: v.string(), name: v.string(), role: v.picklist(['client', 'contractor']) }),
  reason: v.string(),
  status: v.picklist(['open', 'mediation', 'resolved']),
  opened_at: v.string(),
  respond_by: v.string(),
  arbitration_from: v.string(),
  arbitration_until: v.string(),
  held_amount: Money,
  evidence: v.nullish(v.array(FileViewSchema), []),
  messages: v.nullish(
    v.array(
      v.object({
        id: v.string(),
        author: v.object({ name: v.string(), role: v.picklist(['client', 'contractor', 'admin']) }),
        body: v.string(),
        at: v.string(),
      }),
    ),
    [],
  ),
  resolution: v.nullish(v.object({ contractor_amount: Money, refunded_amount: Money, note: v.string(), at: v.string() }), null),
  contract: v.object({ id: v.string(), currency: v.string(), project_title: v.string(), client_name: v.string(), contractor_name: v.string() }),
});
export type Dispute = v.InferOutput<typeof DisputeSchema>;

export const AccountSchema = v.object({
  funded: Money,
  held: Money,
  released: Money,
  expert_fees: Money,
  platform_fees: Money,
  refunded: Money,
  carried_in: v.nullish(Money, 0),
  carried_out: v.nullish(Money, 0),
  credit: v.nullish(Money, 0),
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const ContractSchema = v.object({
  id: v.string(),
  created_at: v.string(),
  currency: v.string(),
  status: v.picklist(['active', 'frozen', 'completed', 'terminated']),
  frozen_reason: v.nullish(v.picklist(['dispute', 'insolvency']), null),
  my_role: v.picklist(PARTY_ROLES),
  project: v.object({ id: v.string(), title: v.string(), category: v.string(), city: v.string(), country: v.string() }),
  client: v.object({ id: v.string(), name: v.string() }),
  contractor: v.object({ id: v.string(), name: v.string(), company_name: v.nullish(v.string(), '') }),
  /** False once the platform barred the contractor: nothing can be funded or released to them. */
  contractor_payable: v.optional(v.boolean()),
  expert: v.nullish(v.object({ id: v.string(), name: v.string() }), null),
  replaces_contract_id: v.nullish(v.string(), null),
  replaced_by_contract_id: v.nullish(v.string(), null),
  account: AccountSchema,
  milestones: v.array(MilestoneSchema),
  dispute: v.nullish(DisputeSchema, null),
  insolvency: v.nullish(
    v.object({ declared_at: v.string(), note: v.nullish(v.string(), ''), estimates_complete: v.boolean(), settled_at: When }),
    null,
  ),
  review: v.nullish(v.object({ rating: v.number(), body: v.string(), created_at: v.string() }), null),
  can_review: v.nullish(v.boolean(), false),
});
export type Contract = v.InferOutput<typeof ContractSchema>;

export const ENTRY_KINDS = ['funding', 'contractor_payout', 'expert_fee', 'platform_fee', 'refund', 'carried_in', 'carried_out'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const StatementEntrySchema = v.object({
  id: v.string(),
  at: v.string(),
  kind: v.picklist(ENTRY_KINDS),
  milestone_position: v.nullable(v.number()),
  milestone_title: v.nullable(v.string()),
  amount: Money,
  balance: Money,
});
export type StatementEntry = v.InferOutput<typeof StatementEntrySchema>;

export const StatementSchema = v.object({ currency: v.string(), entries: v.array(StatementEntrySchema), totals: AccountSchema });
export type Statement = v.InferOutput<typeof StatementSchema>;
