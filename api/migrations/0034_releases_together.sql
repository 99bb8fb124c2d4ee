-- A batch's releases together, as migration 0033 begins and posts card payments: one statement per
-- step for the releases that meet every rule and are alone on their contract in the batch, and
-- escrow_release of its own, in a subtransaction, for every other one (a replay, a refusal, a key
-- already used, two milestones of one contract), as migration 0030 ran them all. Large tables are
-- read only through the batch's keys, as in migration 0033.
--
-- The rules: a new key, the client of an active contract, an approved milestone whose expert is
-- still a verified, active expert, a contractor not barred, and the expert's fee in escrow once the
-- holds are posted. The batch's contracts, then their escrow accounts, are locked in one order
-- before anything is read for the rules. The contracts whose every milestone is then closed are
-- completed in a statement of their own, which sees the milestones just released.
CREATE OR REPLACE FUNCTION escrow_release_many(
  key_scopes text[], idempotency_keys text[], hashes text[], ttl_hours integer[], contracts uuid[], milestones uuid[], callers uuid[]
) RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  released integer[];
  released_notes jsonb[];
  answer record;
BEGIN
  -- A release pays the contractor, the approving expert and the platform out of the escrow account;
  -- only the client's own releases open anything.
  PERFORM escrow_open_accounts(array_agg(x.kind), array_agg(x.owner), array_agg(x.contract), array_agg(c.currency))
     FROM unnest(contracts, milestones, callers) AS u (contract, milestone, caller)
    CROSS JOIN LATERAL (SELECT k.* FROM contracts k WHERE k.id = u.contract AND k.client_id = u.caller OFFSET 0) c
    CROSS JOIN LATERAL (SELECT x.* FROM milestones x WHERE x.id = u.milestone AND x.contract_id = c.id OFFSET 0) m
    CROSS JOIN LATERAL (VALUES ('contractor', c.contractor_id, NULL::uuid), ('escrow', NULL::uuid, c.id),
                               ('expert', m.inspected_by, NULL::uuid), ('platform_fee', NULL::uuid, NULL::uuid)) AS x (kind, owner, contract)
    WHERE x.kind <> 'expert' OR x.owner IS NOT NULL;

  -- The contracts of the client's releases, then their escrow accounts, each in the order of its key.
  PERFORM 1
     FROM (SELECT u.contract, array_agg(u.caller) AS asked_by FROM unnest(contracts, callers) AS u (contract, caller)
            GROUP BY u.contract ORDER BY u.contract) u
    CROSS JOIN LATERAL (SELECT c.id FROM contracts c WHERE c.id = u.contract AND c.client_id = ANY (u.asked_by) FOR UPDATE) c;
  PERFORM 1
     FROM (SELECT e.id
             FROM unnest(contracts, callers) AS u (contract, caller)
            CROSS JOIN LATERAL (SELECT k.id, k.currency FROM contracts k WHERE k.id = u.contract AND k.client_id = u.caller OFFSET 0) c
            CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a
                                 WHERE a.kind = 'escrow'
                                       AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                                       AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.id
                                       AND a.currency = c.currency OFFSET 0) e
            GROUP BY e.id ORDER BY e.id) u
    CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE a.id = u.id FOR UPDATE) a;

  WITH plan AS (
    SELECT w.*, holds.resolved_out, holds.resolved_in
      FROM (
        SELECT u.n::integer AS n, c.id AS contract_id, c.currency, c.client_id, c.contractor_id, c.status AS contract_status,
               m.id AS milestone_id, m.title AS milestone_title, m.status AS milestone_status, m.inspected_by,
               m.amount, m.expert_fee, m.platform_fee,
               (SELECT pr.title FROM projects pr WHERE pr.id = c.project_id) AS project_title,
               count(*) OVER (PARTITION BY u.contract) AS on_contract,
               e.escrow_id, e.available,
               (SELECT a.id FROM ledger_accounts a
                 WHERE a.kind = 'expert'
                       AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = m.inspected_by
                       AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                       AND a.currency = c.currency) AS expert_account,
               (SELECT x.specialist_kind = 'expert' AND x.verified_at IS NOT NULL AND x.status = 'active' FROM users x WHERE x.id = m.inspected_by) AS expert_valid
          FROM unnest(contracts, milestones, callers) WITH ORDINALITY AS u (contract, milestone, caller, n)
         CROSS JOIN LATERAL (SELECT k.* FROM contracts k WHERE k.id = u.contract OFFSET 0) c
         CROSS JOIN LATERAL (SELECT x.* FROM milestones x WHERE x.id = u.milestone OFFSET 0) m
         CROSS JOIN LATERAL (SELECT a.id AS escrow_id, a.credits_posted - a.debits_posted - a.debits_pending AS available
                               FROM ledger_accounts a
                              WHERE a.kind = 'escrow'
                                    AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = '00000000-0000-0000-0000-000000000000'::uuid
                                    AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.id
                                    AND a.currency = c.currency OFFSET 0) e
         WHERE c.client_id = u.caller AND m.contract_id = c.id
      ) w
     -- Each open hold of the milestone: a pending transfer no other transfer resolves yet.
     CROSS JOIN LATERAL (SELECT coalesce(sum(h.amount) FILTER (WHERE h.debit_account_id = w.escrow_id), 0) AS resolved_out,
                                coalesce(sum(h.amount) FILTER (WHERE h.credit_account_id = w.escrow_id), 0) AS resolved_in
                           FROM ledger_transfers h
                          WHERE h.milestone_id = w.milestone_id AND h.flag = 'pending'
                            AND (SELECT r.id FROM ledger_transfers r WHERE r.pending_id = h.id) IS NULL) holds
     WHERE w.on_contract = 1
       AND w.contract_status = 'active'
       AND w.milestone_status = 'approved'
       AND w.inspected_by IS NOT NULL
       AND w.expert_account IS NOT NULL
       AND w.expert_valid
       AND NOT escrow_barred(w.contractor_id)
  ), ready AS (
    SELECT p.* FROM plan p WHERE p.expert_fee = 0 OR p.available + p.resolved_in >= p.expert_fee
  ), claimed AS (
    -- A key already there (a replay, a key reused or expired) is not claimed: its release runs on its own below.
    INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, expires_at)
    SELECT key_scopes[p.n], idempotency_keys[p.n], hashes[p.n], 0, 'null', now() + make_interval(hours => ttl_hours[p.n])
      FROM ready p ORDER BY p.contract_id
    ON CONFLICT DO NOTHING
    RETURNING scope, key
  ), go AS (
    SELECT p.* FROM ready p JOIN claimed k ON k.scope = key_scopes[p.n] AND k.key = idempotency_keys[p.n]
  ), transfers AS (
    -- Every open hold of each milestone posted in full, oldest first, then the expert's fee: the
    -- order escrow_release_locked writes them in. The unique index on pending_id refuses a hold
    -- resolved twice whatever the race.
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, flag, pending_id, code, contract_id, milestone_id)
    SELECT t.debit, t.credit, t.amount, t.currency, t.flag, t.pending_id, t.code, t.contract_id, t.milestone_id
      FROM (
        SELECT g.contract_id AS sort_contract, g.n, 1 AS part, h.id AS hold, h.debit_account_id AS debit, h.credit_account_id AS credit, h.amount,
               h.currency, 'post_pending' AS flag, h.id AS pending_id, h.code, h.contract_id, h.milestone_id
          FROM go g
         CROSS JOIN LATERAL (SELECT x.* FROM ledger_transfers x WHERE x.milestone_id = g.milestone_id AND x.flag = 'pending' OFFSET 0) h
         WHERE (SELECT r.id FROM ledger_transfers r WHERE r.pending_id = h.id) IS NULL
        UNION ALL
        SELECT g.contract_id, g.n, 2, NULL, g.escrow_id, g.expert_account, g.expert_fee, g.currency, 'posted', NULL, 'expert_fee', g.contract_id, g.milestone_id
          FROM go g WHERE g.expert_fee > 0
      ) t
     ORDER BY t.sort_contract, t.n, t.part, t.hold
  ), accounts AS (
    UPDATE ledger_accounts a
       SET debits_pending = a.debits_pending - g.resolved_out, debits_posted = a.debits_posted + g.resolved_out + g.expert_fee,
           credits_pending = a.credits_pending - g.resolved_in, credits_posted = a.credits_posted + g.resolved_in
      FROM go g
     WHERE a.id = g.escrow_id AND a.id = ANY (ARRAY(SELECT q.escrow_id FROM plan q))
  ), paid AS (
    UPDATE milestones x SET status = 'released', released_at = now(), paid_to_contractor = g.amount, updated_at = now()
      FROM go g
     WHERE x.id = g.milestone_id AND x.id = ANY (milestones)
  ), notes AS (
    SELECT g.n, coalesce(jsonb_agg(jsonb_build_object(
             'userId', s.person, 'kind', 'milestone_released',
             'data', jsonb_build_object('title', g.project_title, 'contract_id', g.contract_id, 'milestone', g.milestone_title),
             'link', '/main/escrow/' || g.contract_id,
             'recipient', (SELECT jsonb_build_object('email', r.email, 'first_name', r.first_name, 'locale', r.locale) FROM users r WHERE r.id = s.person))
             ORDER BY s.k), '[]') AS written
      FROM go g
     CROSS JOIN LATERAL (SELECT DISTINCT ON (x.person) x.person, x.k
                           FROM unnest(ARRAY[g.client_id, g.contractor_id, g.inspected_by]) WITH ORDINALITY AS x (person, k)
                          ORDER BY x.person, x.k) s
     GROUP BY g.n
  ), notified AS (
    INSERT INTO notifications (user_id, kind, data, link)
    SELECT (e ->> 'userId')::uuid, e ->> 'kind', e -> 'data', e ->> 'link'
      FROM notes o CROSS JOIN LATERAL jsonb_array_elements(o.written) e
     ORDER BY o.n
  )
  SELECT array_agg(o.n ORDER BY o.n), array_agg(o.written ORDER BY o.n) INTO released, released_notes FROM notes o;

  IF released IS NOT NULL THEN
    UPDATE contracts c SET status = 'completed', updated_at = now()
     WHERE c.id = ANY (ARRAY(SELECT contracts[u.n] FROM unnest(released) AS u (n)))
       AND c.status = 'active'
       AND (SELECT count(*) FROM milestones x WHERE x.contract_id = c.id AND x.status NOT IN ('released', 'refunded', 'settled')) = 0;

    -- The answers, read once every row above is written, each stored with its key as
    -- escrow_release stores it (one key by its own primary key at a time).
    FOR answer IN
      SELECT w.n, w.written, key_scopes[w.n] AS scope, idempotency_keys[w.n] AS key,
             jsonb_build_object(
               'released', jsonb_build_object('contractor', m.amount, 'expert_fee', m.expert_fee, 'platform_fee', m.platform_fee),
               'contract_source', escrow_contract_view(m.contract_id)) AS body
        FROM unnest(released, released_notes) AS w (n, written)
       CROSS JOIN LATERAL (SELECT x.* FROM milestones x WHERE x.id = milestones[w.n] OFFSET 0) m
    LOOP
      UPDATE idempotency_keys k SET status_code = 200, response = answer.body WHERE k.scope = answer.scope AND k.key = answer.key;
      n := answer.n;
      outcome := jsonb_build_object('answer', jsonb_build_object('status', 200, 'body', answer.body), 'notifications', answer.written);
      refusal := NULL;
      RETURN NEXT;
    END LOOP;
  END IF;

  -- Every other release on its own, in the order of its contract, as migration 0030 ran them all.
  FOR i IN SELECT u.n FROM unnest(contracts) WITH ORDINALITY AS u (contract, n)
            WHERE u.n <> ALL (coalesce(released, '{}'))
            ORDER BY u.contract, u.n LOOP
    n := i;
    BEGIN
      outcome := escrow_release(key_scopes[i], idempotency_keys[i], hashes[i], ttl_hours[i], contracts[i], milestones[i], callers[i]);
      refusal := NULL;
    EXCEPTION WHEN raise_exception THEN
      outcome := NULL;
      refusal := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END $$;

-- Replaced, the function lost its settings: its kept plans stay on the indexes (migration 0030).
ALTER FUNCTION escrow_release_many(text[], text[], text[], integer[], uuid[], uuid[], uuid[]) SET enable_seqscan = off;
