-- Each app instance caches session lookups and unread counts for a moment (docs/decisions/
-- 0004-session-and-count-cache.md). These triggers tell every instance, at commit, which entries
-- a change makes stale, whatever code path made it: 's<session id>' when a session ends,
-- 'u<user id>' when a user changes or goes, 'n<recipient id>' when a notification does.
-- The channel is per schema, like the realtime hub's, so test schemas stay apart.
CREATE OR REPLACE FUNCTION vw_cache_channel(schema_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT left('vw_cache_' || regexp_replace(lower(schema_name), '[^a-z0-9_]', '_', 'g'), 63)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 's' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_notify_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'u' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_notify_notification_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'n' || OLD.recipient_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'n' || NEW.recipient_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION vw_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION vw_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER notifications_cache_notify AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION vw_notify_notification_change();
