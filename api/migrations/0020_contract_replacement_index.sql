-- A contract's view names the contract that replaced it (after an insolvency). Without an index
-- that look-up read the whole contracts table on every view, payments' answers included; only
-- replacements carry the column, so the index holds only them.
CREATE INDEX contracts_replaced_by_idx ON contracts (replaces_contract_id, created_at) WHERE replaces_contract_id IS NOT NULL;
