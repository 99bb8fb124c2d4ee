-- Account security: the link that undoes an address change, sent to the address the account left.
ALTER TABLE account_tokens DROP CONSTRAINT IF EXISTS account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'change_email', 'undo_email_change'));

-- A message's notification refers to the message (data.message_id) and reads its current state;
-- the copies of messages' words that older notifications kept are removed.
UPDATE notifications SET data = data - 'preview' WHERE kind = 'message_received' AND data ? 'preview';

-- Sessions a person controls: each has an id to list and end it by, and the device it was opened on.
ALTER TABLE user_sessions
  ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN user_agent text,
  ADD COLUMN ip_address text,
  ADD COLUMN country text;
CREATE UNIQUE INDEX user_sessions_id_idx ON user_sessions (id);

-- Devices an account has signed in from (a digest of the browser's description): a sign-in from
-- another one e-mails the owner.
CREATE TABLE user_known_devices (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
