-- A write that stores notifications through the app (storeNotifications) tells the other
-- instances of them after its commit, on a listener's own connection (ADR 0007, "Notices told
-- after the commit"): a NOTIFY inside a transaction holds PostgreSQL's one notification-queue
-- lock through the commit's flush, so such writes committed one after another. Its statement
-- sets vw.notices_told for the transaction, and this trigger then sends no 'n' for the rows it
-- inserts. Every other change to notifications (an insert made any other way, an update, a
-- delete) is still reported at its commit, as migration 0004 made it.
CREATE OR REPLACE FUNCTION vw_notify_notification_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'n' || OLD.recipient_id);
  END IF;
  IF TG_OP = 'UPDATE'
     OR (TG_OP = 'INSERT' AND current_setting('vw.notices_told', true) IS DISTINCT FROM 'on') THEN
    PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'n' || NEW.recipient_id);
  END IF;
  RETURN NULL;
END
$$;
