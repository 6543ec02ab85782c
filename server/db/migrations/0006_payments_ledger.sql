-- Payments as an append-only ledger (docs/rules.md#rules-the-product-leaves-open, docs/decisions/0005-payments-ledger.md).
-- Mark paid and reverse each add an event in the transaction that changes the video; revenue and
-- its reports read the events, so deleting a video or a user never changes what a month earned.
-- Ids are plain uuids without foreign keys: an event outlives its video, client and editor, and
-- keeps their names as they were.
CREATE TABLE payment_events (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	event text NOT NULL,
	video_id uuid NOT NULL,
	video_name text NOT NULL,
	video_type text NOT NULL,
	client_id uuid NOT NULL,
	client_username text NOT NULL,
	client_name text,
	editor_id uuid,
	editor_name text,
	amount numeric(10, 2) NOT NULL,
	actor_id uuid,
	actor_name text,
	created_at timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT payment_events_event_check CHECK (event IN ('paid', 'reversed')),
	CONSTRAINT payment_events_amount_check CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE INDEX payment_events_created_idx ON payment_events USING btree (created_at);
--> statement-breakpoint
CREATE INDEX payment_events_video_idx ON payment_events USING btree (video_id, created_at);
--> statement-breakpoint
-- Today's paid videos, one 'paid' event each, at their paid date (who paid them is not known).
INSERT INTO payment_events (event, video_id, video_name, video_type, client_id, client_username,
    client_name, editor_id, editor_name, amount, created_at)
  SELECT 'paid', v.id, v.name, v.type, v.user_id, o.username, nullif(o.name, ''),
    v.assigned_editor_id, coalesce(nullif(e.name, ''), e.username),
    coalesce(v.locked_price, v.payment_amount), coalesce(v.paid_date, v.updated_at)
  FROM videos v
  JOIN users o ON o.id = v.user_id
  LEFT JOIN users e ON e.id = v.assigned_editor_id
  WHERE v.payment_status = 'paid';
--> statement-breakpoint
-- A payment is undone by a 'reversed' event, never by changing or removing one. TRUNCATE stays
-- possible: restoring a backup replaces every table wholesale (scripts/restore.ts).
CREATE OR REPLACE FUNCTION vw_payment_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION vw_payment_events_append_only();
--> statement-breakpoint
CREATE TRIGGER payment_events_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_events
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
-- Custom types belong to the client that made them ("Other"); built-in and the king's types to
-- nobody. A plain uuid: when the owner is deleted the type stays (other clients' videos and the
-- prices may use it) and is listed to nobody new.
ALTER TABLE video_types ADD COLUMN owner_id uuid;
--> statement-breakpoint
-- Existing custom types: the owner of the first video that used them, unless that is the king.
UPDATE video_types t SET owner_id = (
    SELECT v.user_id FROM videos v JOIN users u ON u.id = v.user_id
    WHERE v.type = t.name ORDER BY v.created_at, v.id LIMIT 1)
  WHERE t.name NOT IN ('consultation', 'voice-over', 'action-reel', 'before-after',
      'talking-head', 'personal-story', 'vlog', 'funny');
--> statement-breakpoint
UPDATE video_types t SET owner_id = NULL
  FROM users u WHERE u.id = t.owner_id AND lower(trim(u.role)) = 'king';
