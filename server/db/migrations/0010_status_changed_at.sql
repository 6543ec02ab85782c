-- When each video entered its current status (issue 18, "whose turn"): kept by every status
-- change, so the lists read it from the row instead of looking it up in the history. Existing
-- videos take their last history row's time, or their creation when they have none.
ALTER TABLE "videos" ADD COLUMN "status_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "videos" SET "status_changed_at" = coalesce(
  (SELECT max(h."changed_at") FROM "video_status_history" h WHERE h."video_id" = "videos"."id"),
  "videos"."created_at"
);
