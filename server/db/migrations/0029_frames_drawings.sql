-- On the frame (issue 43): true frame rates and drawings.
--
-- A frame rate is one of '23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60' (df:
-- drop-frame timecode). The agency has a default (30 at first); the source (videos.frame_rate)
-- and each version (video_versions.frame_rate) have their own, chosen when added. A comment's
-- time is kept as a frame number at the rate of what it is about (comments.frame; null: no time),
-- and it may carry a drawing (comments.drawing: vector shapes relative to the picture, validated
-- by the server, domain/drawing.ts).
ALTER TABLE "agency_settings" ADD COLUMN "frame_rate" text DEFAULT '30' NOT NULL
  CONSTRAINT "agency_settings_frame_rate_check"
  CHECK ("frame_rate" IN ('23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60'));
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "frame_rate" text DEFAULT '30' NOT NULL
  CONSTRAINT "videos_frame_rate_check"
  CHECK ("frame_rate" IN ('23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60'));
--> statement-breakpoint
ALTER TABLE "video_versions" ADD COLUMN "frame_rate" text DEFAULT '30' NOT NULL
  CONSTRAINT "video_versions_frame_rate_check"
  CHECK ("frame_rate" IN ('23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60'));
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "frame" integer CONSTRAINT "comments_frame_check" CHECK ("frame" >= 0);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "drawing" jsonb;
