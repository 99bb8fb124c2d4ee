-- The specialist's request list reads its matching requests from this index alone: trade,
-- country and city to find them, date and id to order, page and count them without
-- visiting the table. Only open projects are requests.
CREATE INDEX projects_open_requests_idx ON projects (category, country, city, created_at DESC, id) WHERE status = 'open';

-- Instances remember signed-in sessions for a few seconds. Whatever ends a session or
-- changes its user (sign-out, sign-out everywhere, password change, suspension, role or
-- verification, profile) is announced with the user's id, whoever writes it, so every
-- instance forgets that user's sessions at once. NOTIFY is sent when the change commits.
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_invalidated', OLD.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_change();

CREATE FUNCTION announce_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_invalidated', OLD.user_id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER user_sessions_announce_end AFTER DELETE ON user_sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_end();
