-- The read cache of each instance (docs/decisions/0004-session-and-count-cache.md) keeps a few
-- GET answers; any change to the data they are made of empties it on every instance: one 'd'
-- per statement (PostgreSQL folds repeats within a transaction). Sessions and notifications are
-- left out: no cached answer is made of them. A new table read by a cached route needs this too.
-- The sequence moves at once (sequences ignore transactions): an instance compares it before
-- serving a kept answer, so a change committed before a request began is never missed, even if
-- its NOTIFY has not arrived yet.
CREATE SEQUENCE vw_data_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_notify_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('vw_data_version');
  PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'd');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER video_types_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_types
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER videos_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER video_status_history_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_status_history
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER client_editor_assignments_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_editor_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER client_team_lead_assignments_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_team_lead_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER comments_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER client_video_type_pricing_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_video_type_pricing
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER pricing_plans_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_plans
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER pricing_plan_rules_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_plan_rules
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER client_pricing_plan_assignments_read_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_pricing_plan_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION vw_notify_data_change();
