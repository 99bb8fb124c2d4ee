-- Open pages hear of a new notification at once, on whichever instance they are connected
-- to. Every notification written, whoever writes it, is announced with its reader and its
-- id; NOTIFY is sent when the transaction that wrote it commits, never for one rolled back.
CREATE FUNCTION announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_added', NEW.user_id::text || ':' || NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION announce_notification();
