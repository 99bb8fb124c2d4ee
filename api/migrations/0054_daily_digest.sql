-- A category can also be gathered into one e-mail a day instead of turned off: a row of
-- email_opt_outs now says how its category is sent when not as it happens ('off' or 'daily'),
-- and its created_at when that choice was made (the daily summary starts there).
ALTER TABLE email_opt_outs ADD COLUMN delivery text NOT NULL DEFAULT 'off' CHECK (delivery IN ('off', 'daily'));

-- Up to when each person's daily summary has gathered notifications: the next one starts there,
-- so a summary sent twice by a retried job covers the same notifications and a crash loses none.
CREATE TABLE email_digests (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_through timestamptz NOT NULL
);
