-- Issue 15, hardening. Avatars leave the users table: their bytes live in user_avatars (served by
-- GET /api/users/{id}/avatar), and users keeps only avatar_version, a hash of the bytes that
-- versions the URL every list carries. The data URLs stored so far are decoded into bytes; one
-- that cannot be (never written by this app's checks) is dropped rather than failing the start.
CREATE TABLE "user_avatars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_version" text;
--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, avatar FROM users WHERE avatar IS NOT NULL AND avatar <> '' LOOP
    BEGIN
      INSERT INTO user_avatars (user_id, content_type, bytes)
      VALUES (
        r.id,
        substring(r.avatar from '^data:(image/(?:png|jpeg|webp));base64,'),
        decode(substring(r.avatar from position(',' in r.avatar) + 1), 'base64')
      );
    EXCEPTION WHEN others THEN
      NULL;
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE "users" SET "avatar_version" = left(encode(sha256(a.bytes), 'hex'), 16)
  FROM "user_avatars" a WHERE a.user_id = "users"."id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "avatar";
--> statement-breakpoint
-- Sessions now also end after SESSION_IDLE_DAYS without a request (expires_at slides forward
-- with use, never past created_at + SESSION_MAX_DAYS). Existing sessions get the default idle
-- limit from now.
UPDATE "sessions" SET "expires_at" = least("expires_at", now() + interval '7 days');
