-- Pay-ins through a provider: the client pays on the provider's hosted page (card) or approves
-- the request on their phone (mobile money); the provider confirms later, by a signed webhook or
-- when asked. A payment intent now remembers how it is paid and where it stands at the provider:
-- the page to send the client to, when the provider gives up on it, and why it failed.
ALTER TABLE payment_intents
  ADD COLUMN method text NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'mobile_money')),
  ADD COLUMN provider text,
  ADD COLUMN redirect_url text,
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN failure_reason text;
-- The client's page asks for the state of a milestone's latest payment.
CREATE INDEX payment_intents_milestone_idx ON payment_intents (milestone_id, created_at);

-- The embedded sandbox provider's own records (its transaction list): one pay-in per merchant
-- reference (our intent's provider key), no card number, only the test card's last four digits.
CREATE TABLE sandbox_payins (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  method text NOT NULL CHECK (method IN ('card', 'mobile_money')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  fee bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
  failure_reason text,
  outcome text,
  phone text,
  operator text,
  last4 text,
  description text NOT NULL DEFAULT '',
  return_url text,
  expires_at timestamptz NOT NULL,
  refunded bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION escrow_fund_post(intent_id uuid, reference text, card_last4 text, refusals jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  intent payment_intents;
  title text;
  funded jsonb;
  status integer;
  body jsonb;
  notes jsonb := '[]';
  refusal text[];
BEGIN
  SELECT i.* INTO intent FROM payment_intents i WHERE i.id = intent_id;
  SELECT p.title INTO title FROM contracts x JOIN projects p ON p.id = x.project_id WHERE x.id = intent.contract_id FOR UPDATE OF x;
  SELECT i.* INTO intent FROM payment_intents i WHERE i.id = intent_id FOR UPDATE;
  IF intent.status IN ('posted', 'declined') THEN
    SELECT jsonb_build_object('status', k.status_code, 'body', k.response) INTO body
      FROM idempotency_keys k WHERE k.scope = intent.scope AND k.key = intent.idempotency_key AND k.status_code <> 0;
    IF body IS NOT NULL THEN
      RETURN jsonb_build_object('answer', body, 'notifications', notes);
    END IF;
  END IF;
  -- A payment is posted once, even when its key has expired or was freed (a late confirmation of
  -- a pay-in given up as expired): a second confirmation finds it posted and moves nothing.
  IF intent.status = 'posted' THEN
    RETURN jsonb_build_object('answer', jsonb_build_object('status', 200, 'body', jsonb_build_object(
      'payment', jsonb_build_object('status', 'succeeded', 'reference', intent.provider_reference, 'amount', intent.amount,
                                    'card_last4', coalesce(intent.card_last4, '')),
      'contract_source', escrow_contract_view(intent.contract_id))), 'notifications', notes);
  END IF;
  BEGIN
    funded := escrow_fund_locked(intent.contract_id, intent.milestone_id, intent.amount, reference, card_last4, title);
    status := 200;
    body := jsonb_build_object('payment', funded -> 'payment', 'contract_source', escrow_contract_view(intent.contract_id));
    notes := funded -> 'notifications';
  EXCEPTION WHEN raise_exception THEN
    refusal := regexp_match(SQLERRM, '^escrow:(\d+):(\w+)$');
    IF refusal IS NULL THEN
      RAISE;
    END IF;
    PERFORM escrow_keep_as_credit(intent.contract_id, intent.milestone_id, intent.amount);
    status := refusal[1]::integer;
    body := jsonb_build_object('message', refusals ->> refusal[2]);
  END;
  UPDATE payment_intents i SET status = 'posted', provider_reference = reference, card_last4 = escrow_fund_post.card_last4, updated_at = now()
   WHERE i.id = intent.id;
  UPDATE idempotency_keys k SET status_code = status, response = body WHERE k.scope = intent.scope AND k.key = intent.idempotency_key;
  RETURN jsonb_build_object('answer', jsonb_build_object('status', status, 'body', body), 'notifications', notes);
END $function$;
