-- The live notification streams open on every instance, so that the cap per person holds
-- whichever instances their pages reach. Each instance refreshes its rows with every heartbeat
-- and deletes them as streams end; the rows of an instance that died stop counting once stale.
CREATE TABLE live_streams (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_streams_user_id_seen_at_idx ON live_streams (user_id, seen_at);
