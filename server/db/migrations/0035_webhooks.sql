-- Webhooks (issue 46; docs/decisions/0020-webhook-outbox.md). The king's endpoints, the events
-- that happened (one row each, kept as sent) and one delivery per endpoint and event: a durable
-- queue claimed like the email outbox (FOR UPDATE SKIP LOCKED, then a lease).
CREATE TABLE "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "url" text NOT NULL,
  "format" text DEFAULT 'json' NOT NULL CONSTRAINT "webhook_endpoints_format_check" CHECK ("format" IN ('json', 'slack')),
  "events" text[] NOT NULL,
  "secret" text NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "type" text NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
  "event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE cascade,
  "status" text DEFAULT 'pending' NOT NULL CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'sending', 'delivered', 'failed')),
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp (3) with time zone,
  "worker" text,
  "status_code" integer,
  "last_error" text,
  "last_attempt_at" timestamp (3) with time zone,
  "delivered_at" timestamp (3) with time zone,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" ("event_id");
--> statement-breakpoint
CREATE TABLE "webhook_settings" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL CONSTRAINT "webhook_settings_one_row" CHECK ("id"),
  "allow_private" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- The one helper every writer reaches: an event and its deliveries, in the writer's own
-- transaction, only when an enabled endpoint chose the event (otherwise one index-free read of a
-- table of a few rows). The actor's name is read now, the video as it is now.
CREATE FUNCTION webhook_enqueue(p_type text, p_video_id uuid, p_actor_id uuid, p_actor_name text, p_data jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid;
  v_video jsonb;
  v_actor text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND p_type = ANY(events)) THEN
    RETURN;
  END IF;
  SELECT jsonb_build_object('id', v.id, 'name', v.name, 'status', v.status, 'clientId', v.user_id)
    INTO v_video FROM videos v WHERE v.id = p_video_id;
  SELECT coalesce(nullif(btrim(u.name), ''), u.username) INTO v_actor FROM users u WHERE u.id = p_actor_id;
  INSERT INTO webhook_events ("type", "payload")
    VALUES (p_type, jsonb_build_object(
      'actor', jsonb_build_object('id', p_actor_id, 'name', coalesce(v_actor, p_actor_name)),
      'video', v_video,
      'data', p_data))
    RETURNING id INTO v_event;
  INSERT INTO webhook_deliveries ("endpoint_id", "event_id")
    SELECT id, v_event FROM webhook_endpoints WHERE enabled AND p_type = ANY(events);
END $$;
--> statement-breakpoint
-- Each event from the row that records it, whichever code path writes it (a route, a bulk
-- change, a review link's guest, an import): the change and its event commit together.
CREATE FUNCTION webhook_status_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.from_status IS NULL THEN
    PERFORM webhook_enqueue('video.created', NEW.video_id, NEW.changed_by_id,
      NEW.guest_name || ' (guest)', jsonb_build_object('status', NEW.to_status));
  ELSIF NEW.from_status <> NEW.to_status THEN
    PERFORM webhook_enqueue('video.status_changed', NEW.video_id, NEW.changed_by_id,
      NEW.guest_name || ' (guest)', jsonb_build_object('from', NEW.from_status, 'to', NEW.to_status));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_status_history_webhooks AFTER INSERT ON video_status_history
  FOR EACH ROW EXECUTE FUNCTION webhook_status_history();
--> statement-breakpoint
CREATE FUNCTION webhook_version_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('video.version_added', NEW.video_id, NEW.added_by_id, NULL,
    jsonb_build_object('number', NEW.number, 'note', NEW.note));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER video_versions_webhooks AFTER INSERT ON video_versions
  FOR EACH ROW EXECUTE FUNCTION webhook_version_added();
--> statement-breakpoint
CREATE FUNCTION webhook_comment_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('comment.added', NEW.video_id, NEW.user_id, NEW.guest_name || ' (guest)',
    jsonb_build_object('commentId', NEW.id, 'content', NEW.content, 'version', NEW.version));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A note carried over to the next version is not a new comment.
CREATE TRIGGER comments_webhooks AFTER INSERT ON comments
  FOR EACH ROW WHEN (NEW.carried_from IS NULL) EXECUTE FUNCTION webhook_comment_added();
--> statement-breakpoint
CREATE FUNCTION webhook_round_decided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.decision = 'approved' THEN
    PERFORM webhook_enqueue('video.approved', NEW.video_id, NEW.decided_by_id,
      NEW.decided_by_guest || ' (guest)', jsonb_build_object('round', NEW.number, 'version', NEW.version));
  ELSIF NEW.decision = 'changes_requested' THEN
    PERFORM webhook_enqueue('video.changes_requested', NEW.video_id, NEW.decided_by_id,
      NEW.decided_by_guest || ' (guest)',
      jsonb_build_object('round', NEW.number, 'version', NEW.version, 'note', NEW.note));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_rounds_webhooks AFTER INSERT OR UPDATE OF decision ON review_rounds
  FOR EACH ROW WHEN (NEW.decision IS NOT NULL) EXECUTE FUNCTION webhook_round_decided();
--> statement-breakpoint
CREATE FUNCTION webhook_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('video.paid', NEW.video_id, NEW.actor_id, NEW.actor_name,
    jsonb_build_object('amount', NEW.amount::text, 'kind', NEW.kind, 'label', NEW.video_name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_events_webhooks AFTER INSERT ON payment_events
  FOR EACH ROW WHEN (NEW.event = 'paid') EXECUTE FUNCTION webhook_paid();
--> statement-breakpoint
CREATE FUNCTION webhook_invoice_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_enqueue('invoice.issued', NULL, NEW.issued_by_id, NULL,
    jsonb_build_object('invoiceId', NEW.id, 'number', NEW.number, 'clientId', NEW.client_id,
      'total', NEW.total::text, 'currency', NEW.currency));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_webhooks AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION webhook_invoice_issued();
