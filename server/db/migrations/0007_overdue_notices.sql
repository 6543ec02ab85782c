-- Which overdue notices were sent (docs/rules.md#rules-the-product-leaves-open): at most one per video, due date and
-- recipient, ever. The primary key makes concurrent check-delayed calls unable to double up, and
-- the rows outlive the notices themselves (clearing the bell does not bring them back). A new due
-- date is a new row, so a video that is late again is told again.
CREATE TABLE "overdue_notices" (
	"video_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"due_date" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_notices_pk" PRIMARY KEY("video_id","recipient_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "overdue_notices" ADD CONSTRAINT "overdue_notices_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "overdue_notices" ADD CONSTRAINT "overdue_notices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "overdue_notices_recipient_idx" ON "overdue_notices" USING btree ("recipient_id");
--> statement-breakpoint
-- Notices already in the bells count as sent for the video's present due date, so the first
-- check after this migration does not repeat them ('overdue' is the type older demo data used).
INSERT INTO "overdue_notices" ("video_id", "recipient_id", "due_date")
SELECT DISTINCT n."video_id", n."recipient_id", v."due_date"
FROM "notifications" n
JOIN "videos" v ON v."id" = n."video_id"
WHERE n."type" IN ('video_overdue', 'overdue') AND v."due_date" IS NOT NULL;
