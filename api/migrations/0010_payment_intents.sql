-- Card payments in three steps, so a crash can never leave a charge without its ledger row:
-- a payment intent is recorded (its own short transaction), the card is charged with the
-- intent's key outside any transaction, then the money is posted in the money transaction.
-- A recovery step settles intents left in between (posts charged ones, cancels the others).
CREATE TABLE payment_intents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The caller's idempotency key (scope and key) the intent was made for.
  scope text NOT NULL,
  idempotency_key text NOT NULL,
  -- What the provider dedupes on: a retried charge with it is the same charge.
  provider_key text NOT NULL UNIQUE,
  contract_id uuid NOT NULL REFERENCES contracts (id),
  milestone_id uuid NOT NULL REFERENCES milestones (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- The caller's language, for the answer a recovery stores.
  locale text NOT NULL DEFAULT 'en',
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'charged', 'posted', 'declined', 'cancelled')),
  provider_reference text,
  card_last4 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One payment in flight per milestone: a second card payment for it waits for the first to settle.
CREATE UNIQUE INDEX payment_intents_live_idx ON payment_intents (milestone_id) WHERE status IN ('created', 'charged');
CREATE INDEX payment_intents_key_idx ON payment_intents (scope, idempotency_key);
CREATE INDEX payment_intents_unsettled_idx ON payment_intents (created_at) WHERE status IN ('created', 'charged');

-- Idempotency keys expire after a window (24 hours by default); expired ones are deleted.
-- A key's stored answer may be a refusal worth replaying (a declined card), not only a success.
ALTER TABLE idempotency_keys ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours';
ALTER TABLE idempotency_keys ADD COLUMN payment_intent_id uuid REFERENCES payment_intents (id);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

-- The sandbox card provider's own log of charges, kept like a real provider's: durable, one
-- outcome per idempotency key whatever happens to our process. No card number is stored.
CREATE TABLE sandbox_charges (
  idempotency_key text PRIMARY KEY,
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'declined')),
  reference text,
  card_last4 text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
