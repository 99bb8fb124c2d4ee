-- A contract's escrow account found from the contract: the view every payment reads under its
-- lock, the insolvency settlement and the contract's screens ask for `kind = 'escrow' AND
-- contract_id = $1`, which the unique index of migration 0006 cannot seek (the owner's column
-- comes before the contract's), so each read went through every escrow account: all of them in
-- a ledger of a million transfers, where the planner read the whole table instead.
CREATE INDEX ledger_accounts_escrow_contract_idx ON ledger_accounts (contract_id) WHERE kind = 'escrow';
