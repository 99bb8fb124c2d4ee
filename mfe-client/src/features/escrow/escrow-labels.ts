import { useLingui } from '@lingui/react/macro';
import { CONTRACT_STATUS_LABELS, MILESTONE_STATUS_LABELS, STATEMENT_MESSAGES } from 'shared/messages';
import type { ContractRole, ContractStatus, MilestoneStatus, NextAction, StatementKind } from 'shared/contract';

/** The words for the escrow states, in the page's language. */
export function useEscrowLabels() {
  const { t, i18n } = useLingui();

  const milestoneStatus = (status: MilestoneStatus): string => i18n._(MILESTONE_STATUS_LABELS[status]);

  const contractStatus = (status: ContractStatus): string => i18n._(CONTRACT_STATUS_LABELS[status]);

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
  const waitingOn = (party: ContractRole | null, viewer: ContractRole): string | null => {
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

  /** The same words as the statement's CSV download. */
  const entryKind = (kind: StatementKind): string => i18n._(STATEMENT_MESSAGES[kind]);

  const party = (role: ContractRole): string => {
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
