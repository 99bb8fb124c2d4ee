-- Escrow: contracts and their milestones, a double-entry ledger with two-phase holds,
-- idempotent money calls, disputes, contractor insolvency and verified reviews.

-- One contract per selected quote; a replacement contract (after an insolvency) has no quote.
CREATE TABLE contracts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id),
  quote_id uuid UNIQUE REFERENCES quotes (id),
  client_id uuid NOT NULL REFERENCES users (id),
  contractor_id uuid NOT NULL REFERENCES users (id),
  -- The independent expert who inspects: assigned by an admin, never a party.
  expert_id uuid REFERENCES users (id),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'completed', 'terminated')),
  frozen_reason text CHECK (frozen_reason IN ('dispute', 'insolvency')),
  replaces_contract_id uuid REFERENCES contracts (id),
  -- When the client settled an insolvency (released the estimates, refunded or carried the rest).
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (client_id <> contractor_id),
  CHECK (expert_id IS NULL OR (expert_id <> client_id AND expert_id <> contractor_id)),
  CHECK ((status = 'frozen') = (frozen_reason IS NOT NULL))
);
CREATE INDEX contracts_project_idx ON contracts (project_id);
CREATE INDEX contracts_client_idx ON contracts (client_id, created_at DESC);
CREATE INDEX contracts_contractor_idx ON contracts (contractor_id, created_at DESC);
CREATE INDEX contracts_expert_idx ON contracts (expert_id) WHERE expert_id IS NOT NULL;
CREATE INDEX contracts_status_idx ON contracts (status, created_at DESC);

-- draft → funded → submitted → approved | changes_requested → released; a dispute or an
-- insolvency settles a milestone instead (part paid, the rest refunded or carried).
CREATE TABLE milestones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  position integer NOT NULL CHECK (position > 0),
  title text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  expert_fee bigint NOT NULL CHECK (expert_fee >= 0),
  platform_fee bigint NOT NULL CHECK (platform_fee >= 0),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'funded', 'submitted', 'approved', 'changes_requested', 'released', 'refunded', 'settled')),
  funded_at timestamptz,
  submitted_at timestamptz,
  completion_notes text NOT NULL DEFAULT '',
  inspected_at timestamptz,
  inspected_by uuid REFERENCES users (id),
  inspection_decision text CHECK (inspection_decision IN ('approved', 'changes_requested')),
  inspection_notes text NOT NULL DEFAULT '',
  -- Insolvency: what the expert estimates the contractor is owed for work done.
  estimate_owed bigint CHECK (estimate_owed >= 0 AND estimate_owed <= amount),
  estimate_notes text NOT NULL DEFAULT '',
  estimated_at timestamptz,
  estimated_by uuid REFERENCES users (id),
  released_at timestamptz,
  paid_to_contractor bigint NOT NULL DEFAULT 0 CHECK (paid_to_contractor >= 0),
  refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, position)
);

-- Photos of finished work, inspection and estimate reports, dispute evidence.
CREATE TABLE escrow_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  milestone_id uuid REFERENCES milestones (id),
  dispute_id uuid,
  purpose text NOT NULL CHECK (purpose IN ('photo', 'report', 'estimate', 'evidence')),
  file_name text NOT NULL,
  stored_name text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  uploaded_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX escrow_files_contract_idx ON escrow_files (contract_id, created_at);

-- Ledger accounts. Balances are derived from the transfers; the four totals are kept on the
-- row, updated under the row lock in the same transaction, so a CHECK can forbid an escrow
-- account from going negative. The ledger check recomputes them from the transfers.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('client_funding', 'escrow', 'contractor', 'expert', 'platform_fee', 'refunds')),
  user_id uuid REFERENCES users (id),
  contract_id uuid REFERENCES contracts (id),
  currency text NOT NULL,
  debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'escrow') = (contract_id IS NOT NULL)),
  -- Platform and escrow accounts belong to nobody; every other account to one user.
  CHECK ((kind IN ('platform_fee', 'escrow')) = (user_id IS NULL)),
  -- Money held for a contract can be paid out or reserved, never overdrawn.
  CHECK (kind <> 'escrow' OR debits_posted + debits_pending <= credits_posted)
);
CREATE UNIQUE INDEX ledger_accounts_one_idx ON ledger_accounts (
  kind,
  coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid),
  coalesce(contract_id, '00000000-0000-0000-0000-000000000000'::uuid),
  currency
);

-- Immutable transfers (TigerBeetle's two-phase model): 'posted' moves money at once;
-- 'pending' reserves it; 'post_pending' (in full or in part) or 'void_pending' resolves a
-- pending transfer exactly once. Corrections are new transfers.
CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  flag text NOT NULL CHECK (flag IN ('posted', 'pending', 'post_pending', 'void_pending')),
  pending_id bigint REFERENCES ledger_transfers (id),
  -- What the movement is for: funding, contractor_payout, expert_fee, platform_fee, refund, carry.
  code text NOT NULL,
  contract_id uuid REFERENCES contracts (id),
  milestone_id uuid REFERENCES milestones (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((flag IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL))
);
-- A hold resolves at most once, whatever the race.
CREATE UNIQUE INDEX ledger_transfers_resolve_once_idx ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_contract_idx ON ledger_transfers (contract_id, id);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id);

CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable: record a new transfer instead';
END $$;
CREATE TRIGGER ledger_transfers_no_change BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();

-- The first answer to a money call, replayed for a retry with the same key and body.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

CREATE TABLE disputes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id uuid NOT NULL REFERENCES contracts (id),
  milestone_id uuid NOT NULL REFERENCES milestones (id),
  opened_by uuid NOT NULL REFERENCES users (id),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'mediation', 'resolved')),
  -- The milestone status when the dispute opened, restored if the resolution pays nothing out.
  milestone_status text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES admins (id),
  contractor_amount bigint,
  refunded_amount bigint,
  resolution_note text NOT NULL DEFAULT ''
);
-- One open dispute per contract: the contract is frozen until it is resolved.
CREATE UNIQUE INDEX disputes_one_open_idx ON disputes (contract_id) WHERE status <> 'resolved';
CREATE INDEX disputes_status_idx ON disputes (status, opened_at);
ALTER TABLE escrow_files ADD FOREIGN KEY (dispute_id) REFERENCES disputes (id);

CREATE TABLE dispute_messages (
  id bigserial PRIMARY KEY,
  dispute_id uuid NOT NULL REFERENCES disputes (id),
  author_name text NOT NULL,
  author_role text NOT NULL CHECK (author_role IN ('client', 'contractor', 'admin')),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX dispute_messages_dispute_idx ON dispute_messages (dispute_id, id);

CREATE TABLE insolvencies (
  contractor_id uuid PRIMARY KEY REFERENCES users (id),
  declared_by uuid REFERENCES admins (id),
  note text NOT NULL,
  declared_at timestamptz NOT NULL DEFAULT now()
);

-- Verified reviews: only a client whose contract was paid out in full can write one.
CREATE TABLE reviews (
  contract_id uuid PRIMARY KEY REFERENCES contracts (id),
  client_id uuid NOT NULL REFERENCES users (id),
  contractor_id uuid NOT NULL REFERENCES users (id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_contractor_idx ON reviews (contractor_id, created_at DESC);
