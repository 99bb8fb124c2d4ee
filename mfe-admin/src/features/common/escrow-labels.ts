import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CONTRACT_STATUS_LABELS, MILESTONE_STATUS_LABELS } from 'shared/messages';
import type { ContractStatus, DisputeStatus, FrozenReason, MilestoneStatus, NextAction, ContractRole as PartyRole } from 'shared/contract';

/** How a status badge looks: its colour always comes with the word, never alone. */
export type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export const CONTRACT_STATUS: Record<ContractStatus, { label: MessageDescriptor; tone: Tone }> = {
  active: { label: CONTRACT_STATUS_LABELS.active, tone: 'good' },
  frozen: { label: CONTRACT_STATUS_LABELS.frozen, tone: 'bad' },
  completed: { label: CONTRACT_STATUS_LABELS.completed, tone: 'neutral' },
  terminated: { label: CONTRACT_STATUS_LABELS.terminated, tone: 'neutral' },
};

export const FROZEN_REASON_LABELS: Record<FrozenReason, MessageDescriptor> = {
  dispute: msg`Frozen by a dispute`,
  insolvency: msg`Frozen: contractor insolvent`,
};

/** The words are the client area's too (shared); the tone is the back office's. */
export const MILESTONE_STATUS: Record<MilestoneStatus, { label: MessageDescriptor; tone: Tone }> = {
  draft: { label: MILESTONE_STATUS_LABELS.draft, tone: 'neutral' },
  funded: { label: MILESTONE_STATUS_LABELS.funded, tone: 'warn' },
  submitted: { label: MILESTONE_STATUS_LABELS.submitted, tone: 'warn' },
  approved: { label: MILESTONE_STATUS_LABELS.approved, tone: 'good' },
  changes_requested: { label: MILESTONE_STATUS_LABELS.changes_requested, tone: 'bad' },
  released: { label: MILESTONE_STATUS_LABELS.released, tone: 'good' },
  refunded: { label: MILESTONE_STATUS_LABELS.refunded, tone: 'neutral' },
  settled: { label: MILESTONE_STATUS_LABELS.settled, tone: 'neutral' },
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
