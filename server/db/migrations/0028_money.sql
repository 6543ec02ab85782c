-- Money that runs itself (issue 42): the agency's invoice details and revision-round pricing,
-- clients' billing details, retainers, extra-round and retainer-fee charges, issued invoices.
--
-- agency_settings gains the seller's details, the currency (ISO 4217, one per agency), an
-- optional tax rate (percent) and the default revision-round pricing: how many review rounds a
-- video includes and what each further round costs (a flat amount, or a percentage of the
-- video's price). A plan (pricing_plans) or a client (client_billing) may override the rounds'
-- pricing: client, else the client's active plan, else the agency.
ALTER TABLE "agency_settings" ADD COLUMN "agency_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "agency_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "agency_tax_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "agency_logo" text;
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "payment_terms_days" integer DEFAULT 30 NOT NULL
  CONSTRAINT "agency_settings_terms_check" CHECK ("payment_terms_days" BETWEEN 0 AND 365);
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "payment_instructions" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL
  CONSTRAINT "agency_settings_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "tax_rate" numeric(5, 2)
  CONSTRAINT "agency_settings_tax_rate_check" CHECK ("tax_rate" >= 0 AND "tax_rate" <= 100);
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "included_rounds" integer DEFAULT 2 NOT NULL
  CONSTRAINT "agency_settings_included_rounds_check" CHECK ("included_rounds" BETWEEN 0 AND 100);
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "round_fee_kind" text DEFAULT 'flat' NOT NULL
  CONSTRAINT "agency_settings_round_fee_kind_check" CHECK ("round_fee_kind" IN ('flat', 'percent'));
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "round_fee" numeric(10, 2) DEFAULT '0.00' NOT NULL
  CONSTRAINT "agency_settings_round_fee_check" CHECK ("round_fee" >= 0);
--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "included_rounds" integer
  CONSTRAINT "pricing_plans_included_rounds_check" CHECK ("included_rounds" BETWEEN 0 AND 100);
--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "round_fee_kind" text
  CONSTRAINT "pricing_plans_round_fee_kind_check" CHECK ("round_fee_kind" IN ('flat', 'percent'));
--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "round_fee" numeric(10, 2)
  CONSTRAINT "pricing_plans_round_fee_check" CHECK ("round_fee" >= 0);
--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_round_fee_pair_check"
  CHECK (("round_fee_kind" IS NULL) = ("round_fee" IS NULL));
--> statement-breakpoint
-- A client's billing details (the invoice's buyer) and its own revision-round pricing (null:
-- the plan's or the agency's). No row: the client's name and email, and no override.
CREATE TABLE "client_billing" (
  "client_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "company_name" text DEFAULT '' NOT NULL,
  "billing_address" text DEFAULT '' NOT NULL,
  "tax_id" text DEFAULT '' NOT NULL,
  "billing_email" text DEFAULT '' NOT NULL,
  "included_rounds" integer CONSTRAINT "client_billing_included_rounds_check"
    CHECK ("included_rounds" BETWEEN 0 AND 100),
  "round_fee_kind" text CONSTRAINT "client_billing_round_fee_kind_check"
    CHECK ("round_fee_kind" IN ('flat', 'percent')),
  "round_fee" numeric(10, 2) CONSTRAINT "client_billing_round_fee_check" CHECK ("round_fee" >= 0),
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "client_billing_round_fee_pair_check"
    CHECK (("round_fee_kind" IS NULL) = ("round_fee" IS NULL))
);
--> statement-breakpoint
-- A client's retainer (one at most): from its start month to its optional end month, on terms
-- that change only from a month's first day (retainer_terms: the row with the latest
-- effective_from not after the month applies). Months are their first day, UTC.
CREATE TABLE "retainers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "start_month" date NOT NULL CONSTRAINT "retainers_start_check" CHECK (extract(day from "start_month") = 1),
  "end_month" date CONSTRAINT "retainers_end_check"
    CHECK (extract(day from "end_month") = 1 AND "end_month" >= "start_month"),
  "created_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "retainers_client_uq" ON "retainers" ("client_id");
--> statement-breakpoint
-- The allowance is either a total (allowance) or per video type name (allowance_by_type, an
-- object of counts); rollover_max unused videos carry into the next months, each for at most
-- rollover_months months (0: nothing rolls over).
CREATE TABLE "retainer_terms" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "retainer_id" uuid NOT NULL REFERENCES "retainers"("id") ON DELETE cascade,
  "effective_from" date NOT NULL CONSTRAINT "retainer_terms_from_check" CHECK (extract(day from "effective_from") = 1),
  "monthly_fee" numeric(10, 2) NOT NULL CONSTRAINT "retainer_terms_fee_check" CHECK ("monthly_fee" >= 0),
  "allowance" integer CONSTRAINT "retainer_terms_allowance_check" CHECK ("allowance" >= 0),
  "allowance_by_type" jsonb,
  "rollover_max" integer DEFAULT 0 NOT NULL CONSTRAINT "retainer_terms_rollover_max_check" CHECK ("rollover_max" >= 0),
  "rollover_months" integer DEFAULT 0 NOT NULL CONSTRAINT "retainer_terms_rollover_months_check" CHECK ("rollover_months" BETWEEN 0 AND 24),
  "created_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "retainer_terms_allowance_one_check" CHECK (("allowance" IS NULL) <> ("allowance_by_type" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "retainer_terms_from_uq" ON "retainer_terms" ("retainer_id", "effective_from");
--> statement-breakpoint
-- A retainer month once closed (after it ended): its terms, its fee, and what it drew and carried
-- (summary: per bucket, the allowance, rolled in, used, overage and the carries it passes on).
-- The primary key makes a close idempotent: two instances closing a month at once insert one row.
CREATE TABLE "retainer_months" (
  "retainer_id" uuid NOT NULL REFERENCES "retainers"("id") ON DELETE cascade,
  "month" date NOT NULL,
  "terms_id" uuid REFERENCES "retainer_terms"("id") ON DELETE set null,
  "fee" numeric(10, 2) NOT NULL,
  "summary" jsonb NOT NULL,
  "closed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "retainer_months_pk" PRIMARY KEY ("retainer_id", "month")
);
--> statement-breakpoint
-- How each video completed in a closed retainer month was billed: covered by the allowance
-- (owes nothing) or overage (owes its usual price). bucket: '*' for a total allowance, else the
-- video type's name.
CREATE TABLE "retainer_draws" (
  "video_id" uuid PRIMARY KEY NOT NULL REFERENCES "videos"("id") ON DELETE cascade,
  "retainer_id" uuid NOT NULL REFERENCES "retainers"("id") ON DELETE cascade,
  "month" date NOT NULL,
  "bucket" text NOT NULL,
  "covered" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retainer_draws_month_idx" ON "retainer_draws" ("retainer_id", "month");
--> statement-breakpoint
-- Issued invoices: numbers from invoice_counter, gapless (taken in the issuing transaction, so
-- a rolled-back issue gives its number back) and unique. The seller and buyer are copies as they
-- were at issue; the issue and due dates never change.
CREATE TABLE "invoice_counter" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL CONSTRAINT "invoice_counter_one_row" CHECK ("id"),
  "next_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "invoice_counter" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "number" integer NOT NULL CONSTRAINT "invoices_number_check" CHECK ("number" >= 1),
  "client_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "issue_date" date NOT NULL,
  "due_date" date NOT NULL,
  "currency" text NOT NULL,
  "seller" jsonb NOT NULL,
  "buyer" jsonb NOT NULL,
  "subtotal" numeric(12, 2) NOT NULL,
  "tax_rate" numeric(5, 2),
  "tax" numeric(12, 2) NOT NULL,
  "total" numeric(12, 2) NOT NULL,
  "issued_by_id" uuid REFERENCES "users"("id") ON DELETE set null,
  "emailed_at" timestamp (3) with time zone,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" ("number");
--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" ("client_id", "issue_date");
--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" ("due_date");
--> statement-breakpoint
-- What a client owes besides a video's own price: a retainer month's fee, a video's extra
-- revision round. Unique per month and per round, so a close or a lock run twice adds nothing.
-- amount is locked (an extra round's amount floats until it is paid or invoiced, and has no row
-- until then); paid_at: when it was paid (null: unpaid); invoice_id: the invoice it is on.
CREATE TABLE "charges" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL CONSTRAINT "charges_kind_check" CHECK ("kind" IN ('retainer_fee', 'extra_round')),
  "video_id" uuid REFERENCES "videos"("id") ON DELETE set null,
  "round_number" integer,
  "retainer_id" uuid REFERENCES "retainers"("id") ON DELETE set null,
  "month" date,
  "description" text NOT NULL,
  "amount" numeric(10, 2) NOT NULL CONSTRAINT "charges_amount_check" CHECK ("amount" >= 0),
  "paid_at" timestamp (3) with time zone,
  "invoice_id" uuid REFERENCES "invoices"("id") ON DELETE set null,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_retainer_month_uq" ON "charges" ("retainer_id", "month") WHERE "kind" = 'retainer_fee';
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_video_round_uq" ON "charges" ("video_id", "round_number") WHERE "kind" = 'extra_round';
--> statement-breakpoint
CREATE INDEX "charges_client_idx" ON "charges" ("client_id", "created_at");
--> statement-breakpoint
CREATE INDEX "charges_invoice_idx" ON "charges" ("invoice_id");
--> statement-breakpoint
-- An invoice's lines as issued: kind video (a video's price), overage (a retainer client's video
-- beyond the allowance), extra_round or retainer_fee (a charge). Amounts never change.
CREATE TABLE "invoice_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
  "position" integer NOT NULL,
  "kind" text NOT NULL CONSTRAINT "invoice_lines_kind_check"
    CHECK ("kind" IN ('video', 'overage', 'extra_round', 'retainer_fee')),
  "video_id" uuid REFERENCES "videos"("id") ON DELETE set null,
  "charge_id" uuid REFERENCES "charges"("id") ON DELETE set null,
  "description" text NOT NULL,
  "amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_uq" ON "invoice_lines" ("invoice_id", "position");
--> statement-breakpoint
CREATE INDEX "invoice_lines_video_idx" ON "invoice_lines" ("video_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_charge_idx" ON "invoice_lines" ("charge_id");
--> statement-breakpoint
-- The payments ledger takes charges too: kind says what was paid; a retainer fee has no video
-- (video_name holds the charge's description, video_type 'retainer'); charge_id names the charge.
ALTER TABLE "payment_events" ADD COLUMN "kind" text DEFAULT 'video' NOT NULL
  CONSTRAINT "payment_events_kind_check" CHECK ("kind" IN ('video', 'extra_round', 'retainer_fee'));
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "charge_id" uuid;
--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "video_id" DROP NOT NULL;
--> statement-breakpoint
-- An email may carry one attachment (an invoice's PDF), stored with it in the outbox.
ALTER TABLE "email_outbox" ADD COLUMN "attachment_name" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment_type" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment" bytea;
--> statement-breakpoint
-- The kept answers that read these tables (the invoicing table, the client's dashboard) are
-- touched on any change of them (ADR 0015: 'global', once per statement).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['client_billing', 'retainers', 'retainer_terms', 'retainer_months',
      'retainer_draws', 'charges', 'invoices', 'invoice_lines'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION vw_cache_touch_rows(''global'')', t || '_cache_scopes', t);
  END LOOP;
END
$$;
