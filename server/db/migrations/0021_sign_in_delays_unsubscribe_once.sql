-- Issue 37. A failed sign-in (or a registration that met a taken username) counts against the
-- account's name, and the address for registration, in the database, so every instance sees
-- the same count: after a few, each further attempt waits a growing, capped delay
-- (domain/limits.ts ACCOUNT_DELAY).
CREATE TABLE "sign_in_delays" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp (3) with time zone
);
--> statement-breakpoint
-- An unsubscribe link makes one change, of the choice as it was when the email was sent: each
-- change of a kind's mode counts up that kind's version, which the link remembers.
ALTER TABLE "email_settings" ADD COLUMN "choice_versions" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_unsubscribe_tokens" ADD COLUMN "choice_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_unsubscribe_tokens" ADD COLUMN "used_at" timestamp (3) with time zone;
