-- The audit log (issue 46 part 6, docs/rules.md "Audit log"): one row per change to people,
-- prices, plans, retainers, payments, payouts, invoices, webhooks and tokens: who (a copy of
-- their name, kept when they are deleted), when, from which address, what, before and after.
-- Append-only, kept so by the database: an update or a delete is refused, except the one change
-- the schema itself makes, the actor's id set to null when that user is deleted.
CREATE TABLE "audit_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text NOT NULL,
  "address" text,
  "kind" text NOT NULL,
  "action" text NOT NULL,
  "subject" text,
  "before" jsonb,
  "after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" ("at", "id");
--> statement-breakpoint
CREATE INDEX "audit_events_kind_at_idx" ON "audit_events" ("kind", "at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL
    AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events are append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION vw_audit_events_append_only();
