-- Admin area: specialist verification (four checks with evidence), suspension details and the audit trail.

-- A specialist receives project requests only once verified; clients are never verified.
ALTER TABLE users ADD COLUMN verified_at timestamptz;
ALTER TABLE users ADD COLUMN verified_by uuid REFERENCES admins (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text;
CREATE INDEX users_created_at_idx ON users (created_at);

-- One row per specialist and check once an admin records it; a missing row reads as pending.
CREATE TABLE verification_checks (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('identity_register', 'location_visit', 'customer_interviews', 'financial_check')),
  outcome text NOT NULL CHECK (outcome IN ('passed', 'failed', 'pending')),
  checked_on date,
  notes text NOT NULL DEFAULT '',
  recorded_by uuid REFERENCES admins (id) ON DELETE SET NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- Evidence files live in the uploads folder under random names; only admins can download them.
CREATE TABLE verification_evidence (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('identity_register', 'location_visit', 'customer_interviews', 'financial_check')),
  file_name text NOT NULL,
  stored_name text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  uploaded_by uuid REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_evidence_user_idx ON verification_evidence (user_id, kind, created_at);

-- Every admin action, written in the same transaction as the change it records.
-- The admin's name is copied so the trail stays readable if the admin account goes.
CREATE TABLE admin_audit (
  id bigserial PRIMARY KEY,
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  admin_name text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  target_label text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_created_idx ON admin_audit (created_at DESC, id DESC);
CREATE INDEX admin_audit_target_idx ON admin_audit (target_id, created_at DESC);
CREATE INDEX admin_audit_admin_idx ON admin_audit (admin_id, created_at DESC);
