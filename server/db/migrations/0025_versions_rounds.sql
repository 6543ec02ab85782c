-- Versions, review rounds and the client's turn (issue 41).
--
-- A video's `link` stays what the client submitted: its source. The agency's cuts are versions
-- v1, v2, … of the video (video_versions); `videos.current_version` is the newest one's number
-- (0 while there is no cut yet) and `videos.rounds` how many review rounds began, both kept on
-- the video's row so the lists read them with the video and the read caches see them change with
-- it. A comment is made on the source (version null) or on one version; it can be marked done
-- (done_at, done_by_id) and carried over to the next version (carried_from: the version it came
-- from). A review round runs from a version (or the source) entering review to the decision.
CREATE TABLE "video_versions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "video_id" uuid NOT NULL REFERENCES "videos"("id") ON DELETE cascade,
  "number" integer NOT NULL CONSTRAINT "video_versions_number_check" CHECK ("number" >= 1),
  "link" text NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "added_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "video_versions_number_uq" ON "video_versions" ("video_id", "number");
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "current_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rounds" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "version" integer;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "done_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "done_by_id" uuid REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "carried_from" integer;
--> statement-breakpoint
CREATE INDEX "comments_done_by_idx" ON "comments" ("done_by_id");
--> statement-breakpoint
CREATE TABLE "review_rounds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "video_id" uuid NOT NULL REFERENCES "videos"("id") ON DELETE cascade,
  "number" integer NOT NULL CONSTRAINT "review_rounds_number_check" CHECK ("number" >= 1),
  "version" integer,
  "sent_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "decision" text CONSTRAINT "review_rounds_decision_check"
    CHECK ("decision" IN ('approved', 'changes_requested', 'withdrawn')),
  "decided_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "decided_by_guest" text,
  "decided_for_client" boolean DEFAULT false NOT NULL,
  "decided_at" timestamp (3) with time zone,
  "note" text,
  "reminders_sent" integer DEFAULT 0 NOT NULL,
  "reminded_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_number_uq" ON "review_rounds" ("video_id", "number");
--> statement-breakpoint
-- The reminder sweep reads only the rounds still waiting (server: the client's turn).
CREATE INDEX "review_rounds_open_idx" ON "review_rounds" ("sent_at") WHERE "decided_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "review_rounds_sent_by_idx" ON "review_rounds" ("sent_by_id");
--> statement-breakpoint
CREATE INDEX "review_rounds_decided_by_idx" ON "review_rounds" ("decided_by_id");
--> statement-breakpoint
CREATE INDEX "video_versions_added_by_idx" ON "video_versions" ("added_by_id");
--> statement-breakpoint
-- The version a review link's guest was sent (null: the source).
ALTER TABLE "review_link_videos" ADD COLUMN "version" integer;
--> statement-breakpoint
-- The agency's own settings: one row. The days after which a client waiting in review is
-- reminded (one reminder per day listed, counted from the round's start).
CREATE TABLE "agency_settings" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL CONSTRAINT "agency_settings_one_row" CHECK ("id"),
  "review_reminder_days" integer[] DEFAULT '{3,7}' NOT NULL
);
--> statement-breakpoint
INSERT INTO "agency_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Past rounds, read from the status history (nothing else changes): each entry into review began
-- a round on the source; the next change decided it (ready to post: approved; in progress:
-- changes requested; anything else: withdrawn); none yet: the round is still open.
WITH steps AS (
  SELECT h.*, row_number() OVER (PARTITION BY h.video_id ORDER BY h.changed_at, h.id) AS step
  FROM video_status_history h
), starts AS (
  SELECT s.*, row_number() OVER (PARTITION BY s.video_id ORDER BY s.step) AS round
  FROM steps s
  WHERE s.to_status = 'review'
)
INSERT INTO review_rounds (video_id, number, version, sent_by_id, sent_at, decision,
  decided_by_id, decided_by_guest, decided_at)
SELECT s.video_id, s.round, NULL, s.changed_by_id, s.changed_at,
  CASE WHEN d.id IS NULL THEN NULL
       WHEN d.to_status = 'ready_to_post' THEN 'approved'
       WHEN d.to_status = 'in_progress' THEN 'changes_requested'
       ELSE 'withdrawn' END,
  d.changed_by_id, d.guest_name, d.changed_at
FROM starts s
LEFT JOIN LATERAL (
  SELECT n.* FROM steps n WHERE n.video_id = s.video_id AND n.step = s.step + 1
) d ON true;
--> statement-breakpoint
UPDATE videos v SET rounds = r.n
FROM (SELECT video_id, count(*)::integer AS n FROM review_rounds GROUP BY video_id) r
WHERE r.video_id = v.id;
--> statement-breakpoint
-- What a kept answer may show: a version and a round are their video's (ADR 0015).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['video_versions', 'review_rounds'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION vw_cache_touch_rows(''video:video_id'')', t || '_cache_scopes', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION vw_cache_touch_rows(''global'')', t || '_cache_scopes_truncate', t);
  END LOOP;
END
$$;
