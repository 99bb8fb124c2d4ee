import { useLingui } from '@lingui/react/macro';
import type { Contract, EntryKind, MilestoneStatus, NextAction, PartyRole } from './api/contract-types';

/** The words for the escrow states, in the page's language. */
export function useEscrowLabels() {
  const { t } = useLingui();

  const milestoneStatus = (status: MilestoneStatus): string => {
    switch (status) {
      case 'draft':
        return t`Not funded`;
      case 'funded':
        return t({ message: 'Funded', context: 'milestone status' });
      case 'submitted':
        return t`Work submitted`;
      case 'approved':
        return t`Approved`;
      case 'changes_requested':
        return t`Changes requested`;
      case 'released':
        return t({ message: 'Released', context: 'milestone status' });
      case 'refunded':
        return t({ message: 'Refunded', context: 'milestone status' });
      case 'settled':
        return t`Settled`;
    }
  };

  const contractStatus = (status: Contract['status']): string => {
    switch (status) {
      case 'active':
        return t`Active`;
      case 'frozen':
        return t`Frozen`;
      case 'completed':
        return t`Completed`;
      case 'terminated':
        return t`Terminated`;
    }
  };

  /** What happens next, as a noun: "Inspection". */
  const action = (next: NextAction): string => {
    switch (next) {
      case 'fund':
        return t`Funding`;
      case 'complete':
        return t`Completion of the work`;
      case 'assign_expert':
        return t`Expert assignment`;
      case 'inspect':
        return t`Inspection`;
      case 'release':
        return t`Release of the payment`;
      case 'estimate':
        return t`Estimate of what is owed`;
      case 'settle':
        return t`Settlement`;
      case 'mediate':
        return t`Mediation`;
      case 'none':
        return t`Nothing left to do`;
    }
  };

  /** Whose move it is, seen by `viewer`. */
  const waitingOn = (party: PartyRole | null, viewer: PartyRole): string | null => {
    if (!party) return null;
    if (party === viewer) return t`Your turn`;
    switch (party) {
      case 'client':
        return t`Waiting on the client`;
      case 'contractor':
        return t`Waiting on the contractor`;
      case 'expert':
        return t`Waiting on the expert`;
      case 'admin':
        return t`Waiting on the Fundament team`;
    }
  };

  /** The same step as something to do: "Inspect". */
  const todo = (next: NextAction): string => {
    switch (next) {
      case 'fund':
        return t`Fund`;
      case 'complete':
        return t`Mark complete`;
      case 'assign_expert':
        return t`Assign an expert`;
      case 'inspect':
        return t`Inspect`;
      case 'release':
        return t`Release the payment`;
      case 'estimate':
        return t`Estimate what is owed`;
      case 'settle':
        return t`Settle the insolvency`;
      case 'mediate':
        return t`Mediate the dispute`;
      case 'none':
        return t`Nothing to do`;
    }
  };

  const entryKind = (kind: EntryKind): string => {
    switch (kind) {
      case 'funding':
        return t`Card payment into escrow`;
      case 'contractor_payout':
        return t`Paid to the contractor`;
      case 'expert_fee':
        return t`Expert fee`;
      case 'platform_fee':
        return t`Platform fee`;
      case 'refund':
        return t`Refund to the client`;
      case 'carried_in':
        return t`Carried in from a previous contract`;
      case 'carried_out':
        return t`Carried to a replacement contract`;
    }
  };

  const party = (role: PartyRole): string => {
    switch (role) {
      case 'client':
        return t`Client`;
      case 'contractor':
        return t`Contractor`;
      case 'expert':
        return t`Expert`;
      case 'admin':
        return t`Fundament team`;
    }
  };

  return { milestoneStatus, contractStatus, action, todo, waitingOn, entryKind, party };
}
