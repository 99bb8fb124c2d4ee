-- A change of e-mail address only takes effect once the new address confirms it:
-- the pending address lives in a single-use link sent to it.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'change_email'));
-- Revoking a user's outstanding links (newer reset, password change, suspension) reads unused ones only.
CREATE INDEX account_tokens_unused_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL;
