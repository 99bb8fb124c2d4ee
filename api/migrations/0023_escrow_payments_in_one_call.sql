-- A payment in one call to the database. A release, the start of a card funding (the key, the
-- checks, the payment intent) and its posting each run as one function, in one transaction of
-- their own: the key claimed, the contract locked, the checks, the linked transfers, the escrow
-- account's totals, the milestone, the notifications, the answer stored with the key and
-- returned as JSON. Each round trip between the API and the database cost more than the work
-- it carried. The card is still charged between the start and the posting, outside any
-- transaction.
--
-- A refusal raises 'escrow:<HTTP status>:<message name>' (SQLSTATE P0001): everything the call
-- wrote is rolled back, and the API answers with that message in the caller's language.
-- The answer stored with a key holds the contract's view as read under the lock
-- (`contract_source`): the API renders it, the same way for the first answer and every replay.

CREATE FUNCTION escrow_refuse(status integer, message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'escrow:' || status || ':' || message;
END $$;

-- The platform bars a user (suspended, declared insolvent): the rule of `barredSql` in the API.
CREATE FUNCTION escrow_barred(who uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users bu WHERE bu.id = $1 AND bu.status = 'suspended')
      OR EXISTS (SELECT 1 FROM insolvencies bi WHERE bi.contractor_id = $1)
$$;

-- An account's id, created on first use (the unique index's key: an absent owner or contract is
-- the zero uuid). Callers ask for several in the order of their kind's name, the order the API
-- creates them in, so two payments creating the same new accounts do not wait on each other.
CREATE FUNCTION escrow_account(account_kind text, owner uuid, contract uuid, account_currency text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  found_id bigint;
BEGIN
  SELECT a.id INTO found_id FROM ledger_accounts a
   WHERE a.kind = account_kind
     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(owner, '00000000-0000-0000-0000-000000000000'::uuid)
     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(contract, '00000000-0000-0000-0000-000000000000'::uuid)
     AND a.currency = account_currency;
  IF found_id IS NOT NULL THEN
    RETURN found_id;
  END IF;
  INSERT INTO ledger_accounts (kind, user_id, contract_id, currency) VALUES (account_kind, owner, contract, account_currency)
    ON CONFLICT DO NOTHING RETURNING id INTO found_id;
  IF found_id IS NOT NULL THEN
    RETURN found_id;
  END IF;
  -- Created meanwhile by a payment that committed.
  SELECT a.id INTO found_id FROM ledger_accounts a
   WHERE a.kind = account_kind
     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(owner, '00000000-0000-0000-0000-000000000000'::uuid)
     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(contract, '00000000-0000-0000-0000-000000000000'::uuid)
     AND a.currency = account_currency;
  RETURN found_id;
END $$;

-- A contract and everything its view shows, as JSON (the API renders it for a viewer).
CREATE FUNCTION escrow_contract_view(contract uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(v) FROM (
    SELECT d.*,
      (SELECT coalesce(json_agg(m ORDER BY m.position), '[]') FROM milestones m WHERE m.contract_id = d.id) AS view_milestones,
      (SELECT coalesce(json_agg(f ORDER BY f.created_at), '[]') FROM escrow_files f WHERE f.contract_id = d.id AND f.dispute_id IS NULL) AS view_files,
      (SELECT coalesce(json_agg(json_build_object('id', x.id, 'milestone_id', x.milestone_id)), '[]')
         FROM disputes x WHERE x.contract_id = d.id AND x.status <> 'resolved') AS view_disputes,
      (SELECT coalesce(json_agg(json_build_object('rating', r.rating, 'body', r.body, 'created_at', r.created_at)), '[]')
         FROM reviews r WHERE r.contract_id = d.id) AS view_reviews,
      (SELECT a.id FROM ledger_accounts a WHERE a.kind = 'escrow' AND a.contract_id = d.id) AS view_escrow_id,
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'debit_account_id', t.debit_account_id, 'credit_account_id', t.credit_account_id,
                'amount', t.amount, 'flag', t.flag, 'code', t.code, 'milestone_id', t.milestone_id, 'created_at', t.created_at) ORDER BY t.id), '[]')
         FROM ledger_accounts a JOIN ledger_transfers t ON t.debit_account_id = a.id OR t.credit_account_id = a.id
        WHERE a.kind = 'escrow' AND a.contract_id = d.id AND t.flag IN ('posted', 'post_pending')) AS view_transfers
    FROM (
      SELECT c.*, p.title, p.category, p.city, p.country,
             cu.first_name || ' ' || cu.last_name AS client_name,
             ku.first_name || ' ' || ku.last_name AS contractor_name, coalesce(sp.company_name, '') AS company_name,
             eu.first_name || ' ' || eu.last_name AS expert_name,
             (SELECT n.id FROM contracts n WHERE n.replaces_contract_id = c.id ORDER BY n.created_at LIMIT 1) AS replaced_by,
             i.declared_at AS insolvent_at, i.note AS insolvency_note,
             (ku.status = 'active' AND i.contractor_id IS NULL) AS contractor_payable
        FROM contracts c
        JOIN projects p ON p.id = c.project_id
        JOIN users cu ON cu.id = c.client_id
        JOIN users ku ON ku.id = c.contractor_id
        LEFT JOIN specialist_profiles sp ON sp.user_id = c.contractor_id
        LEFT JOIN users eu ON eu.id = c.expert_id
        LEFT JOIN insolvencies i ON i.contractor_id = c.contractor_id
       WHERE c.id = $1
    ) d
  ) v
$$;

-- Claims (scope, key) for a call: NULL when new, else the key as stored (its status 0 while a
-- card payment is between its steps). The same key with another request is refused; an expired
-- key is forgotten and claimed afresh. A racing repeat waits here for the first call to end.
CREATE FUNCTION escrow_claim_key(key_scope text, idempotency_key text, hash text, ttl_hours integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored record;
BEGIN
  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at)
  VALUES (key_scope, idempotency_key, hash, 0, 'null', now() + make_interval(hours => ttl_hours)) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT k.request_hash, k.status_code, k.response, k.expires_at <= now() AS expired, k.payment_intent_id INTO stored
    FROM idempotency_keys k WHERE k.scope = key_scope AND k.key = idempotency_key;
  IF NOT FOUND OR stored.expired THEN
    DELETE FROM idempotency_keys k WHERE k.scope = key_scope AND k.key = idempotency_key AND k.expires_at <= now();
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at)
    VALUES (key_scope, idempotency_key, hash, 0, 'null', now() + make_interval(hours => ttl_hours)) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      RETURN NULL;
    END IF;
    PERFORM escrow_refuse(409, 'paymentPending');
  END IF;
  IF stored.request_hash <> hash THEN
    PERFORM escrow_refuse(409, 'idempotencyKeyReused');
  END IF;
  RETURN jsonb_build_object('status', stored.status_code, 'body', stored.response, 'payment_intent_id', stored.payment_intent_id);
END $$;

-- The in-app notifications of one change, written and returned (the API e-mails them after
-- COMMIT): one per person, in the order given, the first mention kept.
CREATE FUNCTION escrow_notify(people uuid[], notification_kind text, contract uuid, project_title text, milestone_title text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  written jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'userId', s.person, 'kind', notification_kind,
           'data', jsonb_build_object('title', project_title, 'contract_id', contract, 'milestone', milestone_title),
           'link', '/main/escrow/' || contract) ORDER BY s.n), '[]')
    INTO written
    FROM (SELECT DISTINCT ON (x.person) x.person, x.n FROM unnest(people) WITH ORDINALITY AS x (person, n)
           WHERE x.person IS NOT NULL ORDER BY x.person, x.n) s;
  INSERT INTO notifications (user_id, kind, data, link)
  SELECT (e ->> 'userId')::uuid, e ->> 'kind', e -> 'data', e ->> 'link' FROM jsonb_array_elements(written) e;
  RETURN written;
END $$;

-- Checked before the key is looked at, as the routes' guards do: a stranger hears 404, a party
-- in another role 403.
CREATE FUNCTION escrow_guard_client(contract uuid, caller uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  party contracts;
BEGIN
  SELECT x.* INTO party FROM contracts x WHERE x.id = contract;
  IF party.id IS NULL OR (party.client_id <> caller AND party.contractor_id <> caller AND party.expert_id IS DISTINCT FROM caller) THEN
    PERFORM escrow_refuse(404, 'contractNotFound');
  END IF;
  IF party.client_id <> caller THEN
    PERFORM escrow_refuse(403, 'forbidden');
  END IF;
END $$;

-- The contract locked (FOR UPDATE) for the client's payment; returns its project's title. What
-- the caller reads next (the milestones) shows the change of a payment this one waited for.
-- Refused as the API's routes refuse: no such contract or milestone (404), a contract the caller
-- is no party to (404), a party other than the client (403).
CREATE FUNCTION escrow_lock_for_client(contract uuid, milestone uuid, caller uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  locked contracts;
  project_title text;
BEGIN
  SELECT c.* INTO locked FROM contracts c WHERE c.id = contract FOR UPDATE;
  IF locked.id IS NULL THEN
    PERFORM escrow_refuse(404, 'contractNotFound');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM milestones m WHERE m.id = milestone AND m.contract_id = locked.id) THEN
    PERFORM escrow_refuse(404, 'milestoneNotFound');
  END IF;
  IF locked.client_id <> caller AND locked.contractor_id <> caller AND locked.expert_id IS DISTINCT FROM caller THEN
    PERFORM escrow_refuse(404, 'contractNotFound');
  END IF;
  IF locked.client_id <> caller THEN
    PERFORM escrow_refuse(403, 'forbidden');
  END IF;
  SELECT p.title INTO project_title FROM projects p WHERE p.id = locked.project_id;
  RETURN project_title;
END $$;

-- The escrow rules of a funding (`fundMilestone` in the API), on a contract the caller locked:
-- the card payment (if any; the rest comes from the contract's credit) lands in the escrow
-- account, the contractor's payout and the platform fee become holds on it. Returns the
-- payment and the notifications.
CREATE FUNCTION escrow_fund_locked(contract uuid, milestone uuid, paid bigint, reference text, card_last4 text, project_title text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c contracts;
  m milestones;
  client_account bigint;
  contractor_account bigint;
  escrow_account_id bigint;
  platform_account bigint;
  escrow ledger_accounts;
  available bigint;
  credit bigint;
  held_out bigint;
BEGIN
  SELECT x.* INTO c FROM contracts x WHERE x.id = contract;
  SELECT x.* INTO m FROM milestones x WHERE x.id = milestone;
  IF c.status = 'frozen' THEN PERFORM escrow_refuse(409, 'contractFrozen'); END IF;
  IF c.status <> 'active' THEN PERFORM escrow_refuse(409, 'contractClosed'); END IF;
  IF m.status <> 'draft' THEN PERFORM escrow_refuse(409, 'notFundable'); END IF;
  IF escrow_barred(c.contractor_id) THEN PERFORM escrow_refuse(409, 'contractorBarred'); END IF;
  client_account := escrow_account('client_funding', c.client_id, NULL, c.currency);
  contractor_account := escrow_account('contractor', c.contractor_id, NULL, c.currency);
  escrow_account_id := escrow_account('escrow', NULL, c.id, c.currency);
  platform_account := escrow_account('platform_fee', NULL, NULL, c.currency);
  SELECT a.* INTO escrow FROM ledger_accounts a WHERE a.id = escrow_account_id FOR UPDATE;
  available := escrow.credits_posted - escrow.debits_posted - escrow.debits_pending;
  -- Each funded milestone's expert fee stays in escrow without a hold: not credit.
  SELECT greatest(0, available - coalesce(sum(x.expert_fee), 0)) INTO credit
    FROM milestones x WHERE x.contract_id = c.id AND x.status IN ('funded', 'submitted', 'approved', 'changes_requested');
  -- The credit may have gone to another milestone while the card was being charged.
  IF coalesce(paid, 0) + credit < m.amount + m.expert_fee + m.platform_fee THEN PERFORM escrow_refuse(409, 'notFundable'); END IF;
  available := available + coalesce(paid, 0);
  held_out := m.amount + m.platform_fee;
  IF available < m.amount OR (m.platform_fee > 0 AND available - m.amount < m.platform_fee) THEN
    RAISE EXCEPTION 'ledger: overdraft';
  END IF;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
  SELECT t.debit, t.credit, t.amount, c.currency, t.flag, NULL, t.code, c.id, m.id
    FROM (VALUES (1, client_account, escrow_account_id, paid, 'posted', 'funding'),
                 (2, escrow_account_id, contractor_account, m.amount, 'pending', 'contractor_payout'),
                 (3, escrow_account_id, platform_account, m.platform_fee, 'pending', 'platform_fee'))
         AS t (n, debit, credit, amount, flag, code)
   WHERE t.amount > 0
   ORDER BY t.n;
  UPDATE ledger_accounts a
     SET credits_posted = a.credits_posted + coalesce(paid, 0), debits_pending = a.debits_pending + held_out
   WHERE a.id = escrow_account_id;
  UPDATE milestones x SET status = 'funded', funded_at = now(), updated_at = now() WHERE x.id = m.id;
  RETURN jsonb_build_object(
    'payment', CASE WHEN paid IS NULL THEN NULL
                    ELSE jsonb_build_object('status', 'succeeded', 'reference', reference, 'amount', paid, 'card_last4', card_last4) END,
    'notifications', escrow_notify(ARRAY[c.client_id, c.contractor_id], 'milestone_funded', c.id, project_title, m.title));
END $$;

-- A card payment that can no longer fund its milestone stays in the contract's escrow as credit.
CREATE FUNCTION escrow_keep_as_credit(contract uuid, milestone uuid, paid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c contracts;
  client_account bigint;
  escrow_account_id bigint;
BEGIN
  SELECT x.* INTO c FROM contracts x WHERE x.id = contract;
  client_account := escrow_account('client_funding', c.client_id, NULL, c.currency);
  escrow_account_id := escrow_account('escrow', NULL, c.id, c.currency);
  PERFORM 1 FROM ledger_accounts a WHERE a.id = escrow_account_id FOR UPDATE;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code, contract_id, milestone_id)
  VALUES (client_account, escrow_account_id, paid, c.currency, 'posted', 'funding', c.id, milestone);
  UPDATE ledger_accounts a SET credits_posted = a.credits_posted + paid WHERE a.id = escrow_account_id;
END $$;

-- The escrow rules of a release (`releaseMilestone` in the API), on a contract the caller
-- locked: the contractor's payout and the platform fee posted, the approving expert paid their
-- fee, the contract completed once every milestone is closed. Returns the amounts and the
-- notifications.
CREATE FUNCTION escrow_release_locked(contract uuid, milestone uuid, project_title text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c contracts;
  m milestones;
  escrow_account_id bigint;
  expert_account bigint;
  escrow ledger_accounts;
  resolved_out bigint;
  resolved_in bigint;
  available bigint;
BEGIN
  SELECT x.* INTO c FROM contracts x WHERE x.id = contract;
  SELECT x.* INTO m FROM milestones x WHERE x.id = milestone;
  IF c.status = 'frozen' THEN PERFORM escrow_refuse(409, 'contractFrozen'); END IF;
  IF c.status <> 'active' THEN PERFORM escrow_refuse(409, 'contractClosed'); END IF;
  IF m.status <> 'approved' OR m.inspected_by IS NULL THEN PERFORM escrow_refuse(409, 'notReleasable'); END IF;
  IF escrow_barred(c.contractor_id) THEN PERFORM escrow_refuse(409, 'contractorBarred'); END IF;
  -- An approval counts only while its expert is still a verified, active expert.
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.inspected_by AND u.specialist_kind = 'expert' AND u.verified_at IS NOT NULL AND u.status = 'active') THEN
    PERFORM escrow_refuse(409, 'approvalNotValid');
  END IF;
  PERFORM escrow_account('contractor', c.contractor_id, NULL, c.currency);
  escrow_account_id := escrow_account('escrow', NULL, c.id, c.currency);
  expert_account := escrow_account('expert', m.inspected_by, NULL, c.currency);
  PERFORM escrow_account('platform_fee', NULL, NULL, c.currency);
  SELECT a.* INTO escrow FROM ledger_accounts a WHERE a.id = escrow_account_id FOR UPDATE;
  -- Every open hold of the milestone posted in full, oldest first; the unique index on
  -- pending_id refuses a hold resolved twice whatever the race.
  WITH holds AS (
    SELECT t.* FROM ledger_transfers t
     WHERE t.milestone_id = m.id AND t.flag = 'pending'
       AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
  ), posted AS (
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
    SELECT h.debit_account_id, h.credit_account_id, h.amount, h.currency, 'post_pending', h.id, h.code, h.contract_id, h.milestone_id
      FROM holds h ORDER BY h.id
    RETURNING debit_account_id, credit_account_id, amount
  )
  SELECT coalesce(sum(p.amount) FILTER (WHERE p.debit_account_id = escrow_account_id), 0),
         coalesce(sum(p.amount) FILTER (WHERE p.credit_account_id = escrow_account_id), 0)
    INTO resolved_out, resolved_in FROM posted p;
  available := (escrow.credits_posted + resolved_in) - (escrow.debits_posted + resolved_out) - (escrow.debits_pending - resolved_out);
  IF m.expert_fee > 0 THEN
    IF available < m.expert_fee THEN
      RAISE EXCEPTION 'ledger: overdraft';
    END IF;
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, code, contract_id, milestone_id)
    VALUES (escrow_account_id, expert_account, m.expert_fee, c.currency, 'posted', 'expert_fee', c.id, m.id);
  END IF;
  UPDATE ledger_accounts a
     SET debits_pending = a.debits_pending - resolved_out, debits_posted = a.debits_posted + resolved_out + m.expert_fee,
         credits_pending = a.credits_pending - resolved_in, credits_posted = a.credits_posted + resolved_in
   WHERE a.id = escrow_account_id;
  UPDATE milestones x SET status = 'released', released_at = now(), paid_to_contractor = m.amount, updated_at = now() WHERE x.id = m.id;
  IF NOT EXISTS (SELECT 1 FROM milestones x WHERE x.contract_id = c.id AND x.status NOT IN ('released', 'refunded', 'settled')) THEN
    UPDATE contracts x SET status = 'completed', updated_at = now() WHERE x.id = c.id;
  END IF;
  RETURN jsonb_build_object(
    'released', jsonb_build_object('contractor', m.amount, 'expert_fee', m.expert_fee, 'platform_fee', m.platform_fee),
    'notifications', escrow_notify(ARRAY[c.client_id, c.contractor_id, m.inspected_by], 'milestone_released', c.id, project_title, m.title));
END $$;

-- POST …/release: the client's release of an approved milestone, idempotent on (scope, key).
CREATE FUNCTION escrow_release(key_scope text, idempotency_key text, hash text, ttl_hours integer, contract uuid, milestone uuid, caller uuid)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  claim jsonb;
  title text;
  released jsonb;
  body jsonb;
BEGIN
  PERFORM escrow_guard_client(contract, caller);
  claim := escrow_claim_key(key_scope, idempotency_key, hash, ttl_hours);
  IF claim IS NOT NULL THEN
    -- Only a card payment leaves a key in progress; another call with its key waits for it to settle.
    IF (claim ->> 'status')::integer = 0 THEN PERFORM escrow_refuse(409, 'paymentPending'); END IF;
    RETURN jsonb_build_object('answer', jsonb_build_object('status', claim -> 'status', 'body', claim -> 'body'), 'notifications', '[]'::jsonb);
  END IF;
  title := escrow_lock_for_client(contract, milestone, caller);
  released := escrow_release_locked(contract, milestone, title);
  body := jsonb_build_object('released', released -> 'released', 'contract_source', escrow_contract_view(contract));
  UPDATE idempotency_keys k SET status_code = 200, response = body WHERE k.scope = key_scope AND k.key = idempotency_key;
  RETURN jsonb_build_object('answer', jsonb_build_object('status', 200, 'body', body), 'notifications', released -> 'notifications');
END $$;

-- POST …/fund, up to the card: the key claimed, the contract locked and checked. Answers a
-- replay, a payment in progress (its intent), a payment intent just recorded (the card is charged
-- next), or, when the contract's credit pays for the milestone, the funding done.
CREATE FUNCTION escrow_fund_begin(
  key_scope text, idempotency_key text, hash text, ttl_hours integer, contract uuid, milestone uuid, caller uuid,
  has_card boolean, provider_key text, caller_locale text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  claim jsonb;
  title text;
  c contracts;
  m milestones;
  available bigint;
  credit bigint;
  due bigint;
  intent payment_intents;
  funded jsonb;
  body jsonb;
BEGIN
  PERFORM escrow_guard_client(contract, caller);
  claim := escrow_claim_key(key_scope, idempotency_key, hash, ttl_hours);
  IF claim IS NOT NULL THEN
    IF (claim ->> 'status')::integer <> 0 THEN
      RETURN jsonb_build_object('answer', jsonb_build_object('status', claim -> 'status', 'body', claim -> 'body'));
    END IF;
    SELECT i.* INTO intent FROM payment_intents i WHERE i.id = (claim ->> 'payment_intent_id')::uuid;
    IF intent.id IS NULL THEN PERFORM escrow_refuse(409, 'paymentPending'); END IF;
    RETURN jsonb_build_object('intent', to_jsonb(intent), 'title',
      (SELECT p.title FROM contracts x JOIN projects p ON p.id = x.project_id WHERE x.id = intent.contract_id));
  END IF;
  title := escrow_lock_for_client(contract, milestone, caller);
  SELECT x.* INTO c FROM contracts x WHERE x.id = contract;
  SELECT x.* INTO m FROM milestones x WHERE x.id = milestone;
  IF c.status = 'frozen' THEN PERFORM escrow_refuse(409, 'contractFrozen'); END IF;
  IF c.status <> 'active' THEN PERFORM escrow_refuse(409, 'contractClosed'); END IF;
  IF m.status <> 'draft' THEN PERFORM escrow_refuse(409, 'notFundable'); END IF;
  IF escrow_barred(c.contractor_id) THEN PERFORM escrow_refuse(409, 'contractorBarred'); END IF;
  -- One card payment in flight per milestone.
  IF EXISTS (SELECT 1 FROM payment_intents i WHERE i.milestone_id = m.id AND i.status IN ('created', 'charged')) THEN
    PERFORM escrow_refuse(409, 'paymentPending');
  END IF;
  -- What escrow has available, read and not created: a payment refused later leaves no trace.
  SELECT a.credits_posted - a.debits_posted - a.debits_pending INTO available FROM ledger_accounts a WHERE a.kind = 'escrow' AND a.contract_id = c.id;
  SELECT greatest(0, coalesce(available, 0) - coalesce(sum(x.expert_fee), 0)) INTO credit
    FROM milestones x WHERE x.contract_id = c.id AND x.status IN ('funded', 'submitted', 'approved', 'changes_requested');
  due := greatest(0, m.amount + m.expert_fee + m.platform_fee - credit);
  IF due > 0 THEN
    IF NOT has_card THEN PERFORM escrow_refuse(422, 'cardRequired'); END IF;
    INSERT INTO payment_intents (scope, idempotency_key, provider_key, contract_id, milestone_id, amount, currency, locale)
    VALUES (key_scope, idempotency_key, provider_key, c.id, m.id, due, c.currency, caller_locale) RETURNING * INTO intent;
    UPDATE idempotency_keys k SET payment_intent_id = intent.id WHERE k.scope = key_scope AND k.key = idempotency_key;
    RETURN jsonb_build_object('intent', to_jsonb(intent), 'title', title);
  END IF;
  -- Paid from the contract's credit: no card, done in this one call.
  funded := escrow_fund_locked(c.id, m.id, NULL, NULL, NULL, title);
  body := jsonb_build_object('payment', NULL, 'contract_source', escrow_contract_view(c.id));
  UPDATE idempotency_keys k SET status_code = 200, response = body WHERE k.scope = key_scope AND k.key = idempotency_key;
  RETURN jsonb_build_object('answer', jsonb_build_object('status', 200, 'body', body), 'notifications', funded -> 'notifications');
END $$;

-- POST …/fund after the card was charged (or the recovery of an intent left behind): the charge
-- posted into escrow and the key's answer stored, under the contract's lock. The intent is locked
-- next, so of two calls finishing the same intent one posts and the other replays. A payment
-- that can no longer fund its milestone stays in escrow as credit, and the refusal (`refusals`:
-- its messages in the caller's language, by name) is the key's answer.
CREATE FUNCTION escrow_fund_post(intent_id uuid, reference text, card_last4 text, refusals jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
END $$;
