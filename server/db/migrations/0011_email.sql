-- Email notifications (issue 19, docs/decisions/0006-email-outbox.md). email_settings holds a
-- user's address and choices (absent: the defaults of domain/email.ts, and no address, no
-- email). email_events are notifications waiting to be turned into email by the background
-- worker ('new': not yet looked at; 'digest': kept for the user's next digest at due_at).
-- email_outbox is every message composed, sent or not, worked with row claims (FOR UPDATE SKIP
-- LOCKED) and a lease, so several instances deliver each one once.
CREATE TABLE "email_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"address" text,
	"digest" text DEFAULT 'daily' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"video_id" uuid REFERENCES "videos"("id") ON DELETE cascade,
	"comment_id" uuid REFERENCES "comments"("id") ON DELETE set null,
	"state" text DEFAULT 'new' NOT NULL,
	"due_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_events_new_idx" ON "email_events" USING btree ("created_at") WHERE "state" = 'new';
--> statement-breakpoint
CREATE INDEX "email_events_due_idx" ON "email_events" USING btree ("due_at") WHERE "state" = 'digest';
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"unsubscribe_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"worker" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "email_unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
