import type { ContractView, DisputeView, MilestoneView } from 'shared/contract';

export const CONTRACT_ID = '33333333-3333-4333-8333-333333333333';
export const DISPUTE_ID = '44444444-4444-4444-8444-444444444444';
export const MILESTONE_ID = '55555555-5555-4555-8555-555555555555';

export function milestoneFixture(overrides: Partial<MilestoneView> = {}): MilestoneView {
  return {
    id: MILESTONE_ID,
    position: 1,
    title: 'Foundations',
    amount: 300000,
    expert_fee: 6000,
    platform_fee: 4500,
    total: 310500,
    to_pay: 0,
    status: 'funded',
    funded_at: '2026-02-01T09:00:00.000Z',
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
    next: { action: 'complete', waiting_on: 'contractor' },
    ...overrides,
  };
}

export function contractFixture(overrides: Partial<ContractView> = {}): ContractView {
  return {
    id: CONTRACT_ID,
    created_at: '2026-01-20T10:00:00.000Z',
    currency: 'EUR',
    status: 'active',
    frozen_reason: null,
    my_role: 'admin',
    project: { id: 'p1', title: 'Kitchen renovation', category: 'renovation', city: 'Douala', country: 'CM' },
    client: { id: 'c1', name: 'Clara Client' },
    contractor: { id: 'k1', name: 'Paul Mbappe', company_name: 'Mbappe Builders' },
    contractor_payable: true,
    expert: null,
    replaces_contract_id: null,
    replaced_by_contract_id: null,
    account: {
      funded: 310500,
      held: 310500,
      released: 0,
      expert_fees: 0,
      platform_fees: 0,
      refunded: 0,
      carried_in: 0,
      carried_out: 0,
      credit: 0,
    },
    milestones: [milestoneFixture()],
    dispute: null,
    insolvency: null,
    review: null,
    can_review: false,
    ...overrides,
  };
}

export function disputeFixture(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: DISPUTE_ID,
    contract_id: CONTRACT_ID,
    milestone_id: MILESTONE_ID,
    milestone_title: 'Foundations',
    milestone_position: 1,
    milestone_amount: 300000,
    opened_by: { id: 'c1', name: 'Clara Client', role: 'client' },
    reason: 'The foundations are cracked in two places.',
    status: 'open',
    opened_at: '2026-02-01T10:00:00.000Z',
    respond_by: '2026-02-15T10:00:00.000Z',
    arbitration_from: '2026-03-15T10:00:00.000Z',
    arbitration_until: '2026-05-01T10:00:00.000Z',
    held_amount: 310500,
    evidence: [],
    messages: [],
    resolution: null,
    contract: { id: CONTRACT_ID, currency: 'EUR', project_title: 'Kitchen renovation', client_name: 'Clara Client', contractor_name: 'Paul Mbappe' },
    ...overrides,
  };
}
