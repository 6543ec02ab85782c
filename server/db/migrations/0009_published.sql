-- Issue 18, "Posting as a step": where and when a posted video went out, both optional. The day
-- is a calendar day the person picks (a date, not an instant); videos posted before keep nulls.
ALTER TABLE "videos" ADD COLUMN "published_url" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "published_at" date;
