-- Payments that reach one API process at the same moment share one transaction: one round trip,
-- one commit and one flush of the write-ahead log for all of them, instead of one each. Each
-- payment is still the one call it was (escrow_release, escrow_fund_begin, escrow_fund_post), run
-- in a subtransaction of its own: a refusal ('escrow:<status>:<message>') rolls back that payment
-- only and comes back as its outcome, the others go on. Any other error (a deadlock, a broken
-- rule) rolls the whole batch back, and the API runs its payments again one by one.
--
-- The payments run in the order of their contracts, the order every batch takes its locks in, so
-- two batches waiting on each other's contracts cannot happen. The accounts a batch's payments
-- will post to and do not exist yet (an expert's first fee, a contractor's first payout) are
-- opened first, in one order too: two batches opening the same accounts in the orders of their
-- contracts waited on each other's uncommitted rows until PostgreSQL broke the deadlock, a second
-- later. `n` is each payment's place in the arrays it came in. The three batch functions repeat
-- one loop: each names its payment function, whose plan PL/pgSQL keeps (a call built with EXECUTE
-- would be planned anew every time).

CREATE FUNCTION escrow_open_accounts(kinds text[], owners uuid[], contracts uuid[], currencies text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted record;
BEGIN
  FOR wanted IN
    SELECT DISTINCT w.kind, w.owner, w.contract, w.currency
      FROM unnest(kinds, owners, contracts, currencies) AS w (kind, owner, contract, currency)
     WHERE NOT EXISTS (
         SELECT 1 FROM ledger_accounts a
          WHERE a.kind = w.kind
            AND coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(w.owner, '00000000-0000-0000-0000-000000000000'::uuid)
            AND coalesce(a.contract_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(w.contract, '00000000-0000-0000-0000-000000000000'::uuid)
            AND a.currency = w.currency)
     ORDER BY w.kind, w.owner, w.contract, w.currency
  LOOP
    PERFORM escrow_account(wanted.kind, wanted.owner, wanted.contract, wanted.currency);
  END LOOP;
END $$;

CREATE FUNCTION escrow_release_many(
  key_scopes text[], idempotency_keys text[], hashes text[], ttl_hours integer[], contracts uuid[], milestones uuid[], callers uuid[]
) RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  -- A release pays the contractor, the approving expert and the platform out of the escrow account;
  -- only the client's own releases open anything.
  PERFORM escrow_open_accounts(array_agg(x.kind), array_agg(x.owner), array_agg(x.contract), array_agg(c.currency))
     FROM unnest(contracts, milestones, callers) AS u (contract, milestone, caller)
     JOIN contracts c ON c.id = u.contract AND c.client_id = u.caller
     JOIN milestones m ON m.id = u.milestone AND m.contract_id = c.id
    CROSS JOIN LATERAL (VALUES ('contractor', c.contractor_id, NULL::uuid), ('escrow', NULL::uuid, c.id),
                               ('expert', m.inspected_by, NULL::uuid), ('platform_fee', NULL::uuid, NULL::uuid)) AS x (kind, owner, contract)
    WHERE x.kind <> 'expert' OR x.owner IS NOT NULL;
  FOR i IN SELECT u.n FROM unnest(contracts) WITH ORDINALITY AS u (contract, n) ORDER BY u.contract, u.n LOOP
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

CREATE FUNCTION escrow_fund_begin_many(
  key_scopes text[], idempotency_keys text[], hashes text[], ttl_hours integer[], contracts uuid[], milestones uuid[], callers uuid[],
  has_cards boolean[], provider_keys text[], caller_locales text[]
) RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN SELECT u.n FROM unnest(contracts) WITH ORDINALITY AS u (contract, n) ORDER BY u.contract, u.n LOOP
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

-- A posting names its payment intent; its contract, which orders the locks, is the intent's.
CREATE FUNCTION escrow_fund_post_many(intent_ids uuid[], references_ text[], card_last4s text[], refusal_texts jsonb[])
RETURNS TABLE (n integer, outcome jsonb, refusal text) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  -- A posting moves the client's payment into escrow and holds the contractor's payout and the platform's fee.
  PERFORM escrow_open_accounts(array_agg(x.kind), array_agg(x.owner), array_agg(x.contract), array_agg(c.currency))
     FROM unnest(intent_ids) AS u (intent)
     JOIN payment_intents pi ON pi.id = u.intent
     JOIN contracts c ON c.id = pi.contract_id
    CROSS JOIN LATERAL (VALUES ('client_funding', c.client_id, NULL::uuid), ('contractor', c.contractor_id, NULL::uuid),
                               ('escrow', NULL::uuid, c.id), ('platform_fee', NULL::uuid, NULL::uuid)) AS x (kind, owner, contract);
  FOR i IN SELECT u.n FROM unnest(intent_ids) WITH ORDINALITY AS u (intent, n)
             LEFT JOIN payment_intents pi ON pi.id = u.intent
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

-- As the payment functions themselves (migration 0029): their kept plans stay on the indexes.
ALTER FUNCTION escrow_open_accounts(text[], uuid[], uuid[], text[]) SET enable_seqscan = off;
ALTER FUNCTION escrow_release_many(text[], text[], text[], integer[], uuid[], uuid[], uuid[]) SET enable_seqscan = off;
ALTER FUNCTION escrow_fund_begin_many(text[], text[], text[], integer[], uuid[], uuid[], uuid[], boolean[], text[], text[]) SET enable_seqscan = off;
ALTER FUNCTION escrow_fund_post_many(uuid[], text[], text[], jsonb[]) SET enable_seqscan = off;
