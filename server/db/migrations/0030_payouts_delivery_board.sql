-- What the work costs (issue 44) and work at a glance (issue 45).
--
-- Editor piece rates: per video type, a default (editor_id null) and per editor; round_rate is
-- what each extra revision round pays (null: nothing). A video's payout is locked for its editor
-- when it is completed (payout_items, like a price at payment: a rate change never moves it);
-- an extra round is its own item, locked when the video completes after that round. month is the
-- first day (UTC) of the month the item locked in: the editor's monthly statement.
CREATE TABLE "editor_rates" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "editor_id" uuid REFERENCES "users"("id") ON DELETE cascade,
  "video_type" text NOT NULL,
  "rate" numeric(10, 2) NOT NULL CONSTRAINT "editor_rates_rate_check" CHECK ("rate" >= 0),
  "round_rate" numeric(10, 2) CONSTRAINT "editor_rates_round_rate_check" CHECK ("round_rate" >= 0),
  "updated_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "editor_rates_default_uq" ON "editor_rates" ("video_type") WHERE "editor_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "editor_rates_editor_uq" ON "editor_rates" ("editor_id", "video_type") WHERE "editor_id" IS NOT NULL;
--> statement-breakpoint
-- Names are copies as they were at the lock, ids plain uuids: an item outlives its video,
-- client and editor (as payment_events).
CREATE TABLE "payout_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "editor_id" uuid NOT NULL,
  "editor_name" text NOT NULL,
  "video_id" uuid REFERENCES "videos"("id") ON DELETE set null,
  "video_name" text NOT NULL,
  "video_type" text NOT NULL,
  "client_id" uuid NOT NULL,
  "client_name" text NOT NULL,
  "kind" text NOT NULL CONSTRAINT "payout_items_kind_check" CHECK ("kind" IN ('video', 'extra_round')),
  "round_number" integer,
  "amount" numeric(10, 2) NOT NULL CONSTRAINT "payout_items_amount_check" CHECK ("amount" >= 0),
  "month" date NOT NULL,
  "locked_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_video_uq" ON "payout_items" ("video_id") WHERE "kind" = 'video';
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_round_uq" ON "payout_items" ("video_id", "round_number") WHERE "kind" = 'extra_round';
--> statement-breakpoint
CREATE INDEX "payout_items_editor_month_idx" ON "payout_items" ("editor_id", "month");
--> statement-breakpoint
CREATE INDEX "payout_items_month_idx" ON "payout_items" ("month");
--> statement-breakpoint
-- The payout ledger: 'paid_out' and 'reversed' entries of an editor's month, never updated or
-- deleted (a reversal is a new entry naming the one it reverses). amount is positive for both.
CREATE TABLE "payout_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "event" text NOT NULL CONSTRAINT "payout_events_event_check" CHECK ("event" IN ('paid_out', 'reversed')),
  "editor_id" uuid NOT NULL,
  "editor_name" text NOT NULL,
  "month" date NOT NULL,
  "amount" numeric(12, 2) NOT NULL CONSTRAINT "payout_events_amount_check" CHECK ("amount" > 0),
  "item_count" integer NOT NULL,
  "reverses_id" uuid REFERENCES "payout_events"("id"),
  "actor_id" uuid,
  "actor_name" text,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_events_editor_month_idx" ON "payout_events" ("editor_id", "month", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_events_reverses_uq" ON "payout_events" ("reverses_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_payout_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payout_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER payout_events_append_only BEFORE UPDATE OR DELETE ON payout_events
  FOR EACH ROW EXECUTE FUNCTION vw_payout_events_append_only();
--> statement-breakpoint
-- Delivery held until paid: where the final master lives (set by the agency), and per client
-- whether the client side sees it on approval (the default) or once the video is paid.
ALTER TABLE "videos" ADD COLUMN "delivery_link" text;
--> statement-breakpoint
ALTER TABLE "client_billing" ADD COLUMN "delivery_mode" text DEFAULT 'on_approval' NOT NULL
  CONSTRAINT "client_billing_delivery_mode_check" CHECK ("delivery_mode" IN ('on_approval', 'when_paid'));
--> statement-breakpoint
-- Work at a glance (issue 45): a video's priority (bulk changes set it), and replies under a
-- comment (a thread hangs under its first comment; a reply's parent is always a first comment).
ALTER TABLE "videos" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL
  CONSTRAINT "videos_priority_check" CHECK ("priority" IN ('low', 'normal', 'high', 'urgent'));
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" uuid REFERENCES "comments"("id") ON DELETE cascade;
--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
-- The kept answers that read these tables (the invoicing screens, margins) are touched on any
-- change of them (ADR 0015: 'global', once per statement).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['editor_rates', 'payout_items', 'payout_events'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION vw_cache_touch_rows(''global'')', t || '_cache_scopes', t);
  END LOOP;
END
$$;
