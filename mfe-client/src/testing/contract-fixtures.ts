import type { ContractView as Contract, DisputeView as Dispute, MilestoneView as Milestone, Statement } from 'shared/contract';

/** Contract answers as the API sends them, for the escrow screens' tests. */
export function milestoneFixture(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 'm1',
    position: 1,
    title: 'Demolition',
    amount: 100_000,
    expert_fee: 5_000,
    platform_fee: 1_500,
    total: 106_500,
    to_pay: 106_500,
    status: 'draft',
    funded_at: null,
    submitted_at: null,
    inspected_at: null,
    released_at: null,
    auto_release_at: null,
    completion_notes: '',
    photos: [],
    inspection: null,
    estimate: null,
    paid_to_contractor: 0,
    refunded_amount: 0,
    next: { action: 'fund', waiting_on: 'client' },
    ...overrides,
  };
}

export function contractFixture(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 'c1',
    created_at: '2026-11-20T10:00:00.000Z',
    currency: 'EUR',
    status: 'active',
    frozen_reason: null,
    my_role: 'client',
    project: { id: 'p1', title: 'Kitchen renovation', category: 'kitchen', city: 'Lyon', country: 'FR' },
    client: { id: 'u-client', name: 'Claire Client' },
    contractor: { id: 'u-contractor', name: 'Conrad Contractor', company_name: 'Conrad & Sons' },
    contractor_payable: true,
    expert: { id: 'u-expert', name: 'Eve Expert' },
    replaces_contract_id: null,
    replaced_by_contract_id: null,
    account: { funded: 0, held: 0, released: 0, expert_fees: 0, platform_fees: 0, refunded: 0, carried_in: 0, carried_out: 0, credit: 0 },
    milestones: [milestoneFixture()],
    dispute: null,
    insolvency: null,
    review: null,
    can_review: false,
    ...overrides,
  };
}

export function disputeFixture(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'd1',
    contract_id: 'c1',
    milestone_id: 'm1',
    milestone_title: 'Demolition',
    milestone_position: 1,
    milestone_amount: 100_000,
    opened_by: { id: 'u-client', name: 'Claire Client', role: 'client' },
    reason: 'The wall was removed without the agreed support beam.',
    status: 'open',
    opened_at: '2026-12-01T10:00:00.000Z',
    respond_by: '2026-12-15T10:00:00.000Z',
    arbitration_from: '2027-01-12T10:00:00.000Z',
    arbitration_until: '2027-03-01T10:00:00.000Z',
    held_amount: 106_500,
    evidence: [],
    messages: [],
    resolution: null,
    contract: { id: 'c1', currency: 'EUR', project_title: 'Kitchen renovation', client_name: 'Claire Client', contractor_name: 'Conrad Contractor' },
    ...overrides,
  };
}

export function statementFixture(contract: Contract, entries: Statement['entries'] = []): Statement {
  return { currency: contract.currency, entries, totals: contract.account };
}
