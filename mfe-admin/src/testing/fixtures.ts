import { CHECK_KINDS, type AdminUser, type CheckOutcome, type CheckKind, type UserDetail } from 'shared/contract';

export function adminUserFixture(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'paul@example.com',
    first_name: 'Paul',
    last_name: 'Mbappe',
    phone_number: '+237 6 70 11 22 33',
    company_name: '',
    country: 'Cameroon',
    city: 'Yaoundé',
    locale: 'en',
    photo_url: null,
    account_type: 'specialist',
    specialist_kind: 'contractor',
    role: 'contractor',
    status: 'active',
    email_verified: true,
    verified: false,
    verified_at: null,
    verified_by: null,
    verification_state: 'pending',
    suspended_at: null,
    suspension_reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A contractor's page, with the given outcome per check (pending when left out). */
export function userDetailFixture(outcomes: Partial<Record<CheckKind, CheckOutcome>> = {}, overrides: Partial<UserDetail> = {}): UserDetail {
  const checks = CHECK_KINDS.map((kind) => ({
    kind,
    outcome: outcomes[kind] ?? ('pending' as CheckOutcome),
    checked_on: outcomes[kind] ? '2026-11-21' : null,
    notes: '',
    recorded_by: outcomes[kind] ? { id: 'a1', name: 'Ada Admin' } : null,
    recorded_at: outcomes[kind] ? '2026-11-21T09:00:00.000Z' : null,
    evidence: [],
  }));
  return {
    ...adminUserFixture(),
    verification: { checks, missing: checks.filter((c) => c.outcome !== 'passed').map((c) => c.kind) },
    audit: [],
    ...overrides,
  };
}
