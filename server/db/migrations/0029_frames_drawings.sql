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
--> statement-breakpoint
-- Notes written before frames kept their time at the start of their text, where "Comment at"
-- put it ('1:23 …', '01:02:03 …' or SMPTE '00:01:23:12 …'): that time becomes the note's frame
-- at 30 fps, the rate every timecode assumed until now (and every source and version has here).
-- A time later in the text stays words: the note gets no frame.
UPDATE "comments" SET "frame" = (
  CASE WHEN m[4] IS NOT NULL
    THEN ((m[1]::int * 3600 + m[2]::int * 60 + m[3]::int) * 30 + m[4]::int)
    ELSE ((coalesce(m[5]::int, 0) * 3600 + m[6]::int * 60 + m[7]::int) * 30)
  END)
FROM (
  SELECT "id" AS "note_id", regexp_match("content",
    '^\s*(?:(\d{2}):([0-5]\d):([0-5]\d):([0-2]\d)|(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d))(?![\w:.;])') AS m
  FROM "comments"
) AS "leading"
WHERE "comments"."id" = "leading"."note_id" AND "leading".m IS NOT NULL AND "comments"."frame" IS NULL
  AND ("leading".m[5] IS NULL OR length("leading".m[6]) = 2)
  -- An aspect ratio ('9:16 version') is not a time, as domain/timecode.ts reads it.
  AND "comments"."content" !~* '^\s*\d{1,2}:\d{2}\s*(aspect|ratio|format|version|vertical|horizontal|portrait|landscape|crop)\M';
