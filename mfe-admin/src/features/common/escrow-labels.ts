import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ContractStatus, DisputeStatus, MilestoneStatus, NextAction, PartyRole, StatementKind } from '../api/escrow-types';

/** How a status badge looks: its colour always comes with the word, never alone. */
export type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export const CONTRACT_STATUS: Record<ContractStatus, { label: MessageDescriptor; tone: Tone }> = {
  active: { label: msg`Active`, tone: 'good' },
  frozen: { label: msg`Frozen`, tone: 'bad' },
  completed: { label: msg`Completed`, tone: 'neutral' },
  terminated: { label: msg`Terminated`, tone: 'neutral' },
};

export const FROZEN_REASONS: Record<'dispute' | 'insolvency', MessageDescriptor> = {
  dispute: msg`Frozen by a dispute`,
  insolvency: msg`Frozen: contractor insolvent`,
};

export const MILESTONE_STATUS: Record<MilestoneStatus, { label: MessageDescriptor; tone: Tone }> = {
  draft: { label: msg`Not funded`, tone: 'neutral' },
  funded: { label: msg`Funded`, tone: 'warn' },
  submitted: { label: msg`Awaiting inspection`, tone: 'warn' },
  approved: { label: msg`Approved`, tone: 'good' },
  changes_requested: { label: msg`Changes requested`, tone: 'bad' },
  released: { label: msg`Released`, tone: 'good' },
  refunded: { label: msg`Refunded`, tone: 'neutral' },
  settled: { label: msg`Settled`, tone: 'neutral' },
};

export const NEXT_ACTION_LABELS: Record<NextAction, MessageDescriptor> = {
  fund: msg`Fund the milestone`,
  complete: msg`Complete the work`,
  assign_expert: msg`Assign an expert`,
  inspect: msg`Inspect the work`,
  release: msg`Release the funds`,
  estimate: msg`Estimate what is owed`,
  settle: msg`Settle the contract`,
  mediate: msg`Mediate the dispute`,
  none: msg`Nothing to do`,
};

export const PARTY_ROLE_LABELS: Record<PartyRole, MessageDescriptor> = {
  client: msg`Client`,
  contractor: msg`Contractor`,
  expert: msg`Expert`,
  admin: msg`Admin`,
};

export const DISPUTE_STATUS: Record<DisputeStatus, { label: MessageDescriptor; tone: Tone }> = {
  open: { label: msg`Open`, tone: 'bad' },
  mediation: { label: msg`In mediation`, tone: 'warn' },
  resolved: { label: msg`Resolved`, tone: 'good' },
};

export const STATEMENT_KINDS: Record<StatementKind, MessageDescriptor> = {
  funding: msg`Funding`,
  contractor_payout: msg`Paid to the contractor`,
  expert_fee: msg`Expert fee`,
  platform_fee: msg`Platform fee`,
  refund: msg`Refund to the client`,
  carried_in: msg`Carried in`,
  carried_out: msg`Carried out`,
};
