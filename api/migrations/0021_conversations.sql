-- Conversations on the record: one per project and specialist, between the project's owner
-- and that specialist, continuing on the contract once the specialist's quote is selected.
-- Messages are never erased: a deletion or an admin's hiding keeps the body for the audit.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  specialist_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Who opened it: an empty conversation is listed only for them, not yet for the other side.
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The newest message's time, for the list's order and the digest's quiet period.
  last_message_at timestamptz,
  UNIQUE (project_id, specialist_id)
);
CREATE INDEX conversations_specialist_idx ON conversations (specialist_id, last_message_at DESC NULLS LAST);
-- The digest looks for conversations quiet long enough since their last message.
CREATE INDEX conversations_last_message_idx ON conversations (last_message_at) WHERE last_message_at IS NOT NULL;

CREATE TABLE conversation_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users (id),
  body text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  -- Deleted by its author within the grace period: shown as deleted, body kept for the audit.
  deleted_at timestamptz,
  -- Hidden by an admin as abusive: shown as hidden to the parties, readable by admins.
  hidden_at timestamptz,
  hidden_by uuid REFERENCES admins (id) ON DELETE SET NULL,
  hidden_reason text
);
-- A thread's pages (newest first, then by id for messages of the same instant) and unread counts.
CREATE INDEX conversation_messages_thread_idx ON conversation_messages (conversation_id, created_at DESC, id DESC);

CREATE TABLE conversation_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL REFERENCES conversation_messages (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  stored_name text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversation_attachments_message_idx ON conversation_attachments (message_id);

-- Until when each participant has read, and until when the digest has mailed them: a
-- participant is mailed once per batch of unread messages.
CREATE TABLE conversation_reads (
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_up_to timestamptz,
  digested_up_to timestamptz,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_reads_user_idx ON conversation_reads (user_id);

-- Messages a party pinned as evidence for a dispute.
CREATE TABLE conversation_pins (
  message_id uuid NOT NULL REFERENCES conversation_messages (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, user_id)
);

CREATE TABLE message_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL REFERENCES conversation_messages (id) ON DELETE CASCADE,
  reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Handled: the message was hidden, or the report dismissed.
  handled_at timestamptz,
  UNIQUE (message_id, reporter_id)
);
CREATE INDEX message_reports_open_idx ON message_reports (created_at) WHERE handled_at IS NULL;

-- A user blocks another: without a contract between them, the blocked one can no longer write.
CREATE TABLE user_blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);
