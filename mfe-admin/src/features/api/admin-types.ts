/** The account kinds the admin screens list (query `role` of `GET /admin/users`). */
export type UserRole = 'clients' | 'specialists' | 'contractors' | 'experts';
export type VerificationState = 'verified' | 'pending' | 'unverified';
export type CheckKind = 'identity_register' | 'location_visit' | 'customer_interviews' | 'financial_check';
export type CheckOutcome = 'passed' | 'failed' | 'pending';

export const CHECK_KINDS: readonly CheckKind[] = ['identity_register', 'location_visit', 'customer_interviews', 'financial_check'];

export interface AdminRef {
  id: string | null;
  name: string;
}

export interface AdminUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** A specialist's company, from their profile; empty when none. */
  company_name: string;
  country: string;
  city: string;
  locale: string;
  photo_url: string | null;
  account_type: 'client' | 'specialist';
  specialist_kind: string | null;
  role: string | null;
  status: 'active' | 'suspended';
  email_verified: boolean;
  verified: boolean;
  verified_at: string | null;
  verified_by: AdminRef | null;
  verification_state: VerificationState | null;
  suspended_at: string | null;
  suspension_reason: string | null;
  created_at: string;
}

export interface Evidence {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: AdminRef | null;
  uploaded_at: string;
}

export interface VerificationCheck {
  kind: CheckKind;
  outcome: CheckOutcome;
  checked_on: string | null;
  notes: string;
  recorded_by: AdminRef | null;
  recorded_at: string | null;
  evidence: Evidence[];
}

export interface AuditEntry {
  id: string;
  admin: AdminRef;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface UserDetail extends AdminUser {
  verification: { checks: VerificationCheck[]; missing: CheckKind[] } | null;
  audit: AuditEntry[];
}

export interface Page<T> {
  data: T[];
  meta: { page: number; page_size: number; total: number };
}

export interface UserSummary {
  total: number;
  new_this_week: number;
  awaiting_verification: number;
  suspended: number;
}

export interface UserListParams {
  role: UserRole;
  q?: string;
  verification?: string;
  status?: string;
  country?: string;
  city?: string;
  sort?: 'created_at' | 'name' | 'email';
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface Expert extends AdminUser {
  workload: number;
}

export interface AuditParams {
  admin?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  page?: number;
}
