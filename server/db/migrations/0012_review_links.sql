-- Review links (issue 19, part 2): a link that lets someone without an account review one or
-- more videos of one client. Only the SHA-256 of the link's random token is stored, as for
-- sessions; the optional password is an argon2id hash. A guest's comments and status changes
-- keep the name the guest gave, with no user.
CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"client_id" uuid NOT NULL,
	"created_by_id" uuid,
	"password_hash" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_links_client_idx" ON "review_links" USING btree ("client_id");--> statement-breakpoint
CREATE TABLE "review_link_videos" (
	"link_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"decision" text,
	"decided_by_name" text,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "review_link_videos_pk" PRIMARY KEY("link_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "review_link_videos" ADD CONSTRAINT "review_link_videos_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_link_videos" ADD CONSTRAINT "review_link_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_link_videos_video_idx" ON "review_link_videos" USING btree ("video_id");--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_check" CHECK ("user_id" IS NOT NULL OR "guest_name" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "video_status_history" ADD COLUMN "guest_name" text;
