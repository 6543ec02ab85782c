-- Issue 46: two-factor sign-in (docs/rules.md#two-factor-sign-in). A user's TOTP key apart from
-- users, so no query of people ever reads it; enabled_at null while the setup awaits its first
-- code; last_used_step: the time step of the last code accepted, so a code is good once.
CREATE TABLE "user_two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"enabled_at" timestamp (3) with time zone,
	"last_used_step" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Ten single-use recovery codes per user, as SHA-256 hashes; a used one is deleted.
CREATE TABLE "two_factor_recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	CONSTRAINT "two_factor_recovery_codes_pk" PRIMARY KEY ("user_id", "code_hash")
);
--> statement-breakpoint
-- Between the password and the code: a ticket (its token's SHA-256), for one purpose ('code' or
-- 'enrol'), a few minutes and a few wrong codes. Not a session: no route but the second step
-- takes it.
CREATE TABLE "two_factor_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "two_factor_tickets_purpose" CHECK ("purpose" IN ('code', 'enrol'))
);
--> statement-breakpoint
CREATE INDEX "two_factor_tickets_expires_idx" ON "two_factor_tickets" ("expires_at");
--> statement-breakpoint
-- The king's setting, one row (no row: not required): the king and admins must sign in with a
-- code. A table of its own, not a column of agency_settings, whose changes empty every kept
-- answer (migration 0027): none depends on this.
CREATE TABLE "two_factor_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"required_for_admins" boolean DEFAULT false NOT NULL,
	CONSTRAINT "two_factor_settings_one_row" CHECK ("id")
);
