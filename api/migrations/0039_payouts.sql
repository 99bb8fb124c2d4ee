-- Payouts: released money leaves the platform to a payee's own account through a payout
-- provider. The ledger gains two kinds of account per provider and currency, both owned by
-- nobody: `payout_clearing` (money handed to the provider and on its way: it mirrors what the
-- provider's transaction list shows in transit) and `paid_out` (money the provider delivered).
-- A payout's steps are transfers: hold (payee → clearing, pending), in transit (the hold
-- posted), paid (clearing → paid out), failed (the hold voided, or clearing → payee) and
-- returned (paid out → payee).
ALTER TABLE ledger_accounts ADD COLUMN provider text;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('client_funding', 'escrow', 'contractor', 'expert', 'platform_fee', 'refunds', 'payout_clearing', 'paid_out'));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check1;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner_check
  CHECK ((kind IN ('platform_fee', 'escrow', 'payout_clearing', 'paid_out')) = (user_id IS NULL));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_provider_check
  CHECK ((kind IN ('payout_clearing', 'paid_out')) = (provider IS NOT NULL));
-- The provider joins the account's key at its end: the lookups by the first four columns keep
-- using the index, and every account without a provider stays unique as before.
DROP INDEX ledger_accounts_one_idx;
CREATE UNIQUE INDEX ledger_accounts_one_idx ON ledger_accounts (
  kind,
  coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid),
  coalesce(contract_id, '00000000-0000-0000-0000-000000000000'::uuid),
  currency,
  coalesce(provider, '')
);

-- The test clock: development and test servers move it forward to pass the cooling-off of a
-- payout method without waiting three days. Production never writes it (the route exists only
-- with the development outbox), so `payout_now()` is `now()` there.
CREATE TABLE test_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_seconds bigint NOT NULL DEFAULT 0 CHECK (offset_seconds >= 0)
);
CREATE FUNCTION payout_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + make_interval(secs => coalesce((SELECT offset_seconds FROM test_clock), 0))
$$;

-- Where a payee wants the money: a mobile money number with its operator, or a bank account
-- (an IBAN, or a Cameroonian RIB of 23 digits). A new method can be used 72 hours after it was
-- added; a change is a new method (the old one removed), so it waits again.
CREATE TABLE payout_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('mobile_money', 'bank')),
  operator text CHECK (operator IN ('mtn', 'orange')),
  phone text,
  iban text,
  rib text,
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 2 AND 120),
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT payout_now(),
  usable_from timestamptz NOT NULL,
  removed_at timestamptz,
  CHECK ((kind = 'mobile_money') = (operator IS NOT NULL AND phone IS NOT NULL)),
  CHECK (kind <> 'bank' OR ((iban IS NULL) <> (rib IS NULL)))
);
CREATE INDEX payout_methods_user_idx ON payout_methods (user_id) WHERE removed_at IS NULL;

-- The payee's choice: paid out after every release, or only when they ask.
CREATE TABLE payout_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  automatic boolean NOT NULL DEFAULT false
);

CREATE SEQUENCE receipt_number_seq;

CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  method_id uuid NOT NULL REFERENCES payout_methods (id),
  provider text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  provider_fee bigint NOT NULL DEFAULT 0 CHECK (provider_fee >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_transit', 'paid', 'failed', 'returned')),
  held boolean NOT NULL DEFAULT false,
  automatic boolean NOT NULL DEFAULT false,
  -- The provider's id of the payout: ours, sent with the request, so a repeated request is
  -- recognised by the provider and a lost answer can be looked up.
  provider_reference uuid NOT NULL DEFAULT gen_random_uuid(),
  sent_at timestamptz,
  failure_reason text,
  receipt_number bigint NOT NULL DEFAULT nextval('receipt_number_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_reference)
);
CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC);
CREATE INDEX payouts_open_idx ON payouts (status) WHERE status IN ('pending', 'in_transit');

-- Each step of a payout is one transfer, posted once: the key refuses a second.
CREATE TABLE payout_steps (
  payout_id uuid NOT NULL REFERENCES payouts (id),
  step text NOT NULL CHECK (step IN ('hold', 'in_transit', 'paid', 'failed', 'returned')),
  transfer_id bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payout_id, step)
);

-- Receipts (fundings, refunds, contract statements) get their number on first issue, from the
-- same sequence as payouts, so no two documents share one.
CREATE TABLE receipts (
  kind text NOT NULL CHECK (kind IN ('funding', 'refund', 'statement')),
  subject_id text NOT NULL,
  number bigint NOT NULL DEFAULT nextval('receipt_number_seq') UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, subject_id)
);

-- The embedded sandbox provider's own records (what a real provider keeps on its side): its
-- transaction list for reconciliation and the state its asynchronous callbacks report.
CREATE TABLE sandbox_payouts (
  payout_id uuid PRIMARY KEY,
  amount bigint NOT NULL,
  fee bigint NOT NULL,
  currency text NOT NULL,
  account text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACCEPTED', 'COMPLETED', 'FAILED', 'RETURNED')),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
