-- The card payments of a batch begun together and posted together: one statement per step for
-- all of them, instead of about a dozen statements for each start and thirty for each posting
-- (migration 0030 ran escrow_fund_begin and escrow_fund_post once per payment). Each statement of
-- PL/pgSQL pays for starting its executor: a batch of twenty fundings paid it eight hundred times.
--
-- Together go the payments that meet every rule as their rows stand under the batch's locks and
-- that are alone on their contract in the batch. Every other payment (a replay, a refusal, a key
-- already used, a milestone the contract's credit pays for, two milestones of one contract) runs
-- escrow_fund_begin or escrow_fund_post of its own, in a subtransaction, as before, after the
-- others. The answers, the ledger, the notifications and the stored keys are the same either way.
--
-- A session keeps the plans of these statements from its first batches, made while the tables
-- may have been nearly empty (migration 0029), when reading a whole index costs no more than
-- looking up a few keys. So every row is read by its own key: each payment's contract, milestone
-- and intent through a LATERAL subquery by id (OFFSET 0 keeps it a lookup of its own), each single
-- value (a title, an account, a rule) through a subquery by its unique key, and the rows a
-- statement updates through the batch's keys as an array (`= ANY`) on their primary key. A NOT
-- EXISTS would become an anti-join that may read a whole table: a subquery that finds nothing is
-- used instead. The accounts a batch opens are looked up the same way (escrow_open_accounts).

CREATE OR REPLACE FUNCTION escrow_open_accounts(kinds text[], owners uuid[], contracts uuid[], currencies text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted record;
BEGIN
  FOR wanted IN
    SELECT DISTINCT w.kind, w.owner, w.contract, w.currency
      FROM unnest(kinds, owners, contracts, currencies) AS w (kind, owner, contract, currency)
     WHERE (SELECT a.id FROM ledger_accounts a
             WHERE a.kind = w.kind
                   AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(w.owner, '00000000-0000-0000-0000-000000000000'::uuid)
               AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(w.contract, '00000000-0000-0000-0000-000000000000'::uuid) AND a.currency = w.currency) IS NULL
     ORDER BY w.kind, w.owner, w.contract, w.currency
  LOOP
    PERFORM escrow_account(wanted.kind, wanted.owner, wanted.contract, wanted.currency);
  END LOOP;
END $$;

-- Starts: a new key, the client of an active contract, a draft milestone with no card payment in
-- flight, a contractor not barred, and something left to pay by card. The contracts are locked in
-- one order first (escrow_fund_begin locks its own, which it then finds held); the keys and the
-- intents are written in one statement, each key naming its intent.
CREATE OR REPLACE FUNCTION escrow_fund_begin_many(
  key_scopes text[], idempotency_keys text[], hashes text[], ttl_hours integer[], contracts uuid[], milestones uuid[], callers uuid[],
  has_cards boolean[], provider_keys text[], caller_locales text[]
) RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  started integer[];
  started_intents uuid[];
BEGIN
  PERFORM 1
     FROM (SELECT u.contract, array_agg(u.caller) AS asked_by FROM unnest(contracts, callers) AS u (contract, caller)
            GROUP BY u.contract ORDER BY u.contract) u
    CROSS JOIN LATERAL (SELECT c.id FROM contracts c WHERE c.id = u.contract AND c.client_id = ANY (u.asked_by) FOR UPDATE) c;

  WITH plan AS (
    SELECT w.n, gen_random_uuid() AS intent_id, w.contract_id, w.milestone_id, w.currency, w.due
      FROM (
        SELECT u.n::integer AS n, c.id AS contract_id, m.id AS milestone_id, c.currency, c.status AS contract_status, c.contractor_id,
               m.status AS milestone_status, count(*) OVER (PARTITION BY u.contract) AS on_contract, has_cards[u.n::integer] AS has_card,
               m.amount + m.expert_fee + m.platform_fee - greatest(0,
                 coalesce((SELECT a.credits_posted - a.debits_posted - a.debits_pending FROM ledger_accounts a
                            WHERE a.kind = 'escrow'
                                  AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                                  AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.id
                                  AND a.currency = c.currency), 0)
                 - (SELECT coalesce(sum(x.expert_fee), 0) FROM milestones x
                     WHERE x.contract_id = c.id AND x.status IN ('funded', 'submitted', 'approved', 'changes_requested'))) AS due,
               (SELECT p.id FROM payment_intents p WHERE p.milestone_id = m.id AND p.status IN ('created', 'charged')) AS live_intent
          FROM unnest(contracts, milestones, callers) WITH ORDINALITY AS u (contract, milestone, caller, n)
         CROSS JOIN LATERAL (SELECT c.* FROM contracts c WHERE c.id = u.contract OFFSET 0) c
         CROSS JOIN LATERAL (SELECT m.* FROM milestones m WHERE m.id = u.milestone OFFSET 0) m
         WHERE c.client_id = u.caller AND m.contract_id = c.id
      ) w
     WHERE w.on_contract = 1
       AND w.contract_status = 'active'
       AND w.milestone_status = 'draft'
       AND w.has_card
       AND w.due > 0
       AND w.live_intent IS NULL
       AND NOT escrow_barred(w.contractor_id)
  ), claimed AS (
    -- A key already there (a replay, a payment in progress, a key reused or expired) is not
    -- claimed: its payment runs on its own below.
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at, payment_intent_id)
    SELECT key_scopes[p.n], idempotency_keys[p.n], hashes[p.n], 0, 'null', now() + make_interval(hours => ttl_hours[p.n]), p.intent_id
      FROM plan p ORDER BY p.contract_id
    ON CONFLICT DO NOTHING
    RETURNING payment_intent_id
  ), intents AS (
    INSERT INTO payment_intents (id, scope, idempotency_key, provider_key, contract_id, milestone_id, amount, currency, locale)
    SELECT p.intent_id, key_scopes[p.n], idempotency_keys[p.n], provider_keys[p.n], p.contract_id, p.milestone_id, p.due, p.currency, caller_locales[p.n]
      FROM plan p JOIN claimed k ON k.payment_intent_id = p.intent_id
     ORDER BY p.contract_id
    RETURNING id
  )
  SELECT array_agg(p.n), array_agg(p.intent_id) INTO started, started_intents FROM plan p JOIN intents x ON x.id = p.intent_id;

  IF started IS NOT NULL THEN
    RETURN QUERY
      SELECT u.n, jsonb_build_object('intent', to_jsonb(x),
                                     'title', (SELECT pr.title FROM projects pr WHERE pr.id = (SELECT c.project_id FROM contracts c WHERE c.id = x.contract_id))),
             NULL::text
        FROM unnest(started, started_intents) AS u (n, intent)
       CROSS JOIN LATERAL (SELECT i.* FROM payment_intents i WHERE i.id = u.intent OFFSET 0) x;
  END IF;

  FOR i IN SELECT u.n FROM unnest(contracts) WITH ORDINALITY AS u (contract, n)
            WHERE u.n <> ALL (coalesce(started, '{}'))
            ORDER BY u.contract, u.n LOOP
    n := i;
    BEGIN
      outcome := escrow_fund_begin(key_scopes[i], idempotency_keys[i], hashes[i], ttl_hours[i], contracts[i], milestones[i], callers[i],
                                   has_cards[i], provider_keys[i], caller_locales[i]);
      refusal := NULL;
    EXCEPTION WHEN raise_exception THEN
      outcome := NULL;
      refusal := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END $$;

-- Postings: an intent not yet settled, an active contract, a draft milestone, a contractor not
-- barred, and the charge with the contract's credit enough for the milestone. The batch's
-- contracts, then their intents, then their escrow accounts are locked, each set in one order,
-- before anything is read for the rules; escrow_fund_post takes the same locks in the same order
-- (contract, intent, escrow account) and finds them held.
CREATE OR REPLACE FUNCTION escrow_fund_post_many(intent_ids uuid[], references_ text[], card_last4s text[], refusal_texts jsonb[])
RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  batch_contracts uuid[];
  batch_milestones uuid[];
  together integer[];
  posted integer[];
  posted_notes jsonb[];
  answer record;
BEGIN
  SELECT array_agg(DISTINCT pi.contract_id ORDER BY pi.contract_id), array_agg(pi.milestone_id) INTO batch_contracts, batch_milestones
    FROM unnest(intent_ids) AS u (intent)
   CROSS JOIN LATERAL (SELECT i.contract_id, i.milestone_id FROM payment_intents i WHERE i.id = u.intent OFFSET 0) pi;

  -- A posting moves the client's payment into escrow and holds the contractor's payout and the platform's fee.
  PERFORM escrow_open_accounts(array_agg(x.kind), array_agg(x.owner), array_agg(x.contract), array_agg(c.currency))
     FROM unnest(batch_contracts) AS u (contract)
    CROSS JOIN LATERAL (SELECT k.* FROM contracts k WHERE k.id = u.contract OFFSET 0) c
    CROSS JOIN LATERAL (VALUES ('client_funding', c.client_id, NULL::uuid), ('contractor', c.contractor_id, NULL::uuid),
                               ('escrow', NULL::uuid, c.id), ('platform_fee', NULL::uuid, NULL::uuid)) AS x (kind, owner, contract);

  -- The contracts, the intents and the escrow accounts, each in the order of its key.
  PERFORM 1 FROM unnest(batch_contracts) AS u (contract)
    CROSS JOIN LATERAL (SELECT c.id FROM contracts c WHERE c.id = u.contract FOR UPDATE) c;
  PERFORM 1 FROM (SELECT DISTINCT x.intent FROM unnest(intent_ids) AS x (intent) ORDER BY x.intent) u
    CROSS JOIN LATERAL (SELECT i.id FROM payment_intents i WHERE i.id = u.intent FOR UPDATE) i;
  PERFORM 1
     FROM (SELECT e.id
             FROM unnest(batch_contracts) AS u (contract)
            CROSS JOIN LATERAL (SELECT k.currency FROM contracts k WHERE k.id = u.contract OFFSET 0) c
            CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a
                                 WHERE a.kind = 'escrow'
                                       AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                                       AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = u.contract
                                       AND a.currency = c.currency OFFSET 0) e
            ORDER BY e.id) u
    CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE a.id = u.id FOR UPDATE) a;

  -- The payments that meet every rule, in the order of their contracts. The credit is what
  -- escrow_fund_locked counts: escrow's available money less the expert fees of the milestones it holds.
  SELECT array_agg(w.n ORDER BY w.contract_id, w.n) INTO together
    FROM (
      SELECT u.n::integer AS n, pi.contract_id, pi.status AS intent_status, pi.amount AS paid,
             count(*) OVER (PARTITION BY pi.contract_id) AS on_contract,
             c.status AS contract_status, c.contractor_id, m.status AS milestone_status, m.amount, m.expert_fee, m.platform_fee,
             (SELECT e.credits_posted - e.debits_posted - e.debits_pending FROM ledger_accounts e
               WHERE e.kind = 'escrow'
                     AND coalesce(e.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND coalesce(e.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.id
                     AND e.currency = c.currency) AS available,
             (SELECT coalesce(sum(x.expert_fee), 0) FROM milestones x
               WHERE x.contract_id = c.id AND x.status IN ('funded', 'submitted', 'approved', 'changes_requested')) AS held_fees
        FROM unnest(intent_ids) WITH ORDINALITY AS u (intent, n)
       CROSS JOIN LATERAL (SELECT i.* FROM payment_intents i WHERE i.id = u.intent OFFSET 0) pi
       CROSS JOIN LATERAL (SELECT k.* FROM contracts k WHERE k.id = pi.contract_id OFFSET 0) c
       CROSS JOIN LATERAL (SELECT x.* FROM milestones x WHERE x.id = pi.milestone_id OFFSET 0) m
       WHERE m.contract_id = c.id
    ) w
   WHERE w.on_contract = 1
     AND w.intent_status IN ('created', 'charged')
     AND w.contract_status = 'active'
     AND w.milestone_status = 'draft'
     AND w.available IS NOT NULL
     AND w.paid + greatest(0, w.available - w.held_fees) >= w.amount + w.expert_fee + w.platform_fee
     AND w.available + w.paid >= w.amount + w.platform_fee
     AND NOT escrow_barred(w.contractor_id);

  IF together IS NOT NULL THEN
    -- The rows escrow_fund_locked and escrow_fund_post write, for all of them: the linked
    -- transfers, the escrow accounts' totals, the milestones, the notifications (written and
    -- returned as escrow_notify does) and the intents. Each part runs to its end whether or not
    -- the last SELECT reads it.
    WITH plan AS (
      SELECT y.*,
             (SELECT a.id FROM ledger_accounts a
               WHERE a.kind = 'escrow'
                     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = y.contract_id
                     AND a.currency = y.currency) AS escrow_id,
             (SELECT a.id FROM ledger_accounts a
               WHERE a.kind = 'client_funding'
                     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = y.client_id
                     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND a.currency = y.currency) AS client_account,
             (SELECT a.id FROM ledger_accounts a
               WHERE a.kind = 'contractor'
                     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = y.contractor_id
                     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND a.currency = y.currency) AS contractor_account,
             (SELECT a.id FROM ledger_accounts a
               WHERE a.kind = 'platform_fee'
                     AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                     AND a.currency = y.currency) AS platform_account
        FROM (
          SELECT u.n, pi.id AS intent_id, pi.amount AS paid, c.id AS contract_id, c.currency, c.client_id, c.contractor_id,
                 m.id AS milestone_id, m.title AS milestone_title, m.amount, m.platform_fee,
                 (SELECT pr.title FROM projects pr WHERE pr.id = c.project_id) AS project_title
            FROM unnest(together) AS u (n)
           CROSS JOIN LATERAL (SELECT i.* FROM payment_intents i WHERE i.id = intent_ids[u.n] OFFSET 0) pi
           CROSS JOIN LATERAL (SELECT k.* FROM contracts k WHERE k.id = pi.contract_id OFFSET 0) c
           CROSS JOIN LATERAL (SELECT x.* FROM milestones x WHERE x.id = pi.milestone_id OFFSET 0) m
        ) y
    ), transfers AS (
      INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
      SELECT t.debit, t.credit, t.amount, p.currency, t.flag, NULL, t.code, p.contract_id, p.milestone_id
        FROM plan p
       CROSS JOIN LATERAL (VALUES (1, p.client_account, p.escrow_id, p.paid, 'posted', 'funding'),
                                  (2, p.escrow_id, p.contractor_account, p.amount, 'pending', 'contractor_payout'),
                                  (3, p.escrow_id, p.platform_account, p.platform_fee, 'pending', 'platform_fee'))
             AS t (k, debit, credit, amount, flag, code)
       WHERE t.amount > 0
       ORDER BY p.contract_id, p.n, t.k
    ), accounts AS (
      UPDATE ledger_accounts a
         SET credits_posted = a.credits_posted + p.paid, debits_pending = a.debits_pending + p.amount + p.platform_fee
        FROM plan p
       WHERE a.id = p.escrow_id AND a.id = ANY (ARRAY(SELECT q.escrow_id FROM plan q))
    ), funded AS (
      UPDATE milestones x SET status = 'funded', funded_at = now(), updated_at = now()
        FROM plan p
       WHERE x.id = p.milestone_id AND x.id = ANY (batch_milestones)
    ), notes AS (
      SELECT p.n, coalesce(jsonb_agg(jsonb_build_object(
               'userId', s.person, 'kind', 'milestone_funded',
               'data', jsonb_build_object('title', p.project_title, 'contract_id', p.contract_id, 'milestone', p.milestone_title),
               'link', '/main/escrow/' || p.contract_id,
               'recipient', (SELECT jsonb_build_object('email', r.email, 'first_name', r.first_name, 'locale', r.locale) FROM users r WHERE r.id = s.person))
               ORDER BY s.k), '[]') AS written
        FROM plan p
       CROSS JOIN LATERAL (SELECT DISTINCT ON (x.person) x.person, x.k
                             FROM unnest(ARRAY[p.client_id, p.contractor_id]) WITH ORDINALITY AS x (person, k)
                            ORDER BY x.person, x.k) s
       GROUP BY p.n
    ), notified AS (
      INSERT INTO notifications (user_id, kind, data, link)
      SELECT (e ->> 'userId')::uuid, e ->> 'kind', e -> 'data', e ->> 'link'
        FROM notes o CROSS JOIN LATERAL jsonb_array_elements(o.written) e
       ORDER BY o.n
    ), marked AS (
      UPDATE payment_intents x
         SET status = 'posted', provider_reference = references_[p.n], card_last4 = card_last4s[p.n], updated_at = now()
        FROM plan p
       WHERE x.id = p.intent_id AND x.id = ANY (intent_ids)
    )
    SELECT array_agg(o.n ORDER BY o.n), array_agg(o.written ORDER BY o.n) INTO posted, posted_notes FROM notes o;

    -- The answers, read once every row above is written, each stored with its key as
    -- escrow_fund_post stores it (one key by its own primary key at a time).
    FOR answer IN
      SELECT w.n, w.written, pi.scope, pi.idempotency_key,
             jsonb_build_object(
               'payment', jsonb_build_object('status', 'succeeded', 'reference', references_[w.n], 'amount', pi.amount, 'card_last4', card_last4s[w.n]),
               'contract_source', escrow_contract_view(pi.contract_id)) AS body
        FROM unnest(posted, posted_notes) AS w (n, written)
       CROSS JOIN LATERAL (SELECT i.* FROM payment_intents i WHERE i.id = intent_ids[w.n] OFFSET 0) pi
    LOOP
      UPDATE idempotency_keys k SET status_code = 200, response = answer.body WHERE k.scope = answer.scope AND k.key = answer.idempotency_key;
      n := answer.n;
      outcome := jsonb_build_object('answer', jsonb_build_object('status', 200, 'body', answer.body), 'notifications', answer.written);
      refusal := NULL;
      RETURN NEXT;
    END LOOP;
  END IF;

  -- Every other payment on its own, in the order of its contract, as migration 0030 ran them all.
  FOR i IN SELECT u.n FROM unnest(intent_ids) WITH ORDINALITY AS u (intent, n)
             LEFT JOIN LATERAL (SELECT x.contract_id FROM payment_intents x WHERE x.id = u.intent OFFSET 0) pi ON true
            WHERE u.n <> ALL (coalesce(posted, '{}'))
            ORDER BY pi.contract_id, u.n LOOP
    n := i;
    BEGIN
      outcome := escrow_fund_post(intent_ids[i], references_[i], card_last4s[i], refusal_texts[i]);
      refusal := NULL;
    EXCEPTION WHEN raise_exception THEN
      outcome := NULL;
      refusal := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END $$;

-- Replaced, the functions lost their settings: their kept plans stay on the indexes (migration 0030).
ALTER FUNCTION escrow_open_accounts(text[], uuid[], uuid[], text[]) SET enable_seqscan = off;
ALTER FUNCTION escrow_fund_begin_many(text[], text[], text[], integer[], uuid[], uuid[], uuid[], boolean[], text[], text[]) SET enable_seqscan = off;
ALTER FUNCTION escrow_fund_post_many(uuid[], text[], text[], jsonb[]) SET enable_seqscan = off;
