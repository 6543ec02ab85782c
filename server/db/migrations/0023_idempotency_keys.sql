-- Idempotent creates (issue 38, item 6; docs/rules.md#rules-the-product-leaves-open): the Idempotency-Key a caller sent
-- with a creating call, the hash of what it asked (method, path and body) and, once answered,
-- the answer to replay. `caller` is 'user:<id>' or 'link:<hash of the review link's token>';
-- `key` is the key's hash and `body` the answer sealed with a cipher key made from the key, so a
-- copy of the database reads no answer (a new review link's holds its token).
-- A row without a status is a request still being worked on. Several instances share it, so a
-- key reserved by one is seen by all. Rows older than 24 hours are dead and pruned on write.
CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("caller","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
