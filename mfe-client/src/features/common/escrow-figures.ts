import { HELD_MILESTONE_STATUSES, type ContractView as Contract, type MilestoneView as Milestone } from 'shared/contract';

/** Money still in escrow for work not yet paid: what the contractor can count on. */
const IN_ESCROW: readonly Milestone['status'][] = HELD_MILESTONE_STATUSES;

export function heldForContractor(contract: Contract): number {
  return contract.milestones.filter((milestone) => IN_ESCROW.includes(milestone.status)).reduce((sum, milestone) => sum + milestone.amount, 0);
}

export function canDispute(contract: Contract, milestone: Milestone): boolean {
  return (
    (contract.my_role === 'client' || contract.my_role === 'contractor') &&
    contract.status === 'active' &&
    !contract.dispute &&
    IN_ESCROW.includes(milestone.status)
  );
}

/** Milestones whose next step belongs to the viewer of the contract. */
export function myTurn(contract: Contract): Milestone[] {
  return contract.milestones.filter((milestone) => milestone.next.action !== 'none' && milestone.next.waiting_on === contract.my_role);
}

/** What an expert has to do: inspections, and estimates when the contractor became insolvent. */
export function expertToDo(contract: Contract): Milestone[] {
  return contract.milestones.filter(
    (milestone) => (milestone.next.action === 'inspect' || milestone.next.action === 'estimate') && milestone.next.waiting_on === 'expert',
  );
}

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** Adds a figure of every contract, one total per currency (amounts of different currencies never mix). */
export function totalsByCurrency(contracts: Contract[], pick: (contract: Contract) => number): CurrencyAmount[] {
  const totals = new Map<string, number>();
  for (const contract of contracts) totals.set(contract.currency, (totals.get(contract.currency) ?? 0) + pick(contract));
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}
