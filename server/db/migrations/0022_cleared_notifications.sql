-- Clear all can be undone (issue 37, observation 2): the rows it takes out of the bell wait here
-- for a short while (NOTIFICATION_UNDO_KEEP_MS), marked with the clear they belong to, and a
-- restore of that clear moves exactly them back, for their recipient only. Kept apart from
-- notifications so that no list, count or index of the bell has to skip them. The foreign keys
-- are the notifications' own: a deleted user, video or comment takes its cleared rows too.
CREATE TABLE "cleared_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"undo_id" uuid NOT NULL,
	"cleared_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"video_id" uuid,
	"comment_id" uuid,
	"is_read" boolean NOT NULL,
	"priority" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cleared_notifications" ADD CONSTRAINT "cleared_notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cleared_notifications" ADD CONSTRAINT "cleared_notifications_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cleared_notifications" ADD CONSTRAINT "cleared_notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cleared_notifications_undo_idx" ON "cleared_notifications" USING btree ("undo_id", "recipient_id");
--> statement-breakpoint
CREATE INDEX "cleared_notifications_recipient_idx" ON "cleared_notifications" USING btree ("recipient_id");
--> statement-breakpoint
CREATE INDEX "cleared_notifications_cleared_idx" ON "cleared_notifications" USING btree ("cleared_at");
--> statement-breakpoint
CREATE INDEX "cleared_notifications_video_idx" ON "cleared_notifications" USING btree ("video_id");
--> statement-breakpoint
CREATE INDEX "cleared_notifications_comment_idx" ON "cleared_notifications" USING btree ("comment_id");
