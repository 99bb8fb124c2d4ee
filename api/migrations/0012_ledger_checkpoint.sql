-- The ledger check verifies incrementally: a checkpoint records the last transfer it verified
-- and the per-account sums of every transfer up to it, so a check reads only what came after
-- (new transfers, milestones changed since). A full re-derivation runs apart (nightly, CLI).

-- One row: how far the ledger has been verified. Advanced only by a check that passed, so a
-- broken ledger keeps being reported until it is corrected.
CREATE TABLE ledger_checkpoint (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_transfer_id bigint NOT NULL,
  last_milestone_change bigint NOT NULL,
  transfers bigint NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);

-- Each account's sums over the transfers up to the checkpoint.
CREATE TABLE ledger_checkpoint_sums (
  account_id bigint PRIMARY KEY REFERENCES ledger_accounts (id) ON DELETE CASCADE,
  debits_pending bigint NOT NULL,
  debits_posted bigint NOT NULL,
  credits_pending bigint NOT NULL,
  credits_posted bigint NOT NULL
);

-- Every write to a milestone draws a number from a sequence, so the check re-examines exactly
-- the milestones changed since the checkpoint (a timestamp would miss a transaction that began
-- before the checkpoint and committed after it).
CREATE SEQUENCE milestones_change_seq;
ALTER TABLE milestones ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('milestones_change_seq');
CREATE INDEX milestones_change_idx ON milestones (change_seq);

CREATE FUNCTION milestones_mark_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('milestones_change_seq');
  RETURN NEW;
END $$;
CREATE TRIGGER milestones_change BEFORE UPDATE ON milestones
  FOR EACH ROW EXECUTE FUNCTION milestones_mark_change();

-- A milestone's holds, looked up on every release, settlement and check.
CREATE INDEX ledger_transfers_milestone_idx ON ledger_transfers (milestone_id, id) WHERE milestone_id IS NOT NULL;
