-- Issue 45's bulk changes: the videos' cache scopes (0013) once per statement, not once per row.
-- The row trigger turned each old and new row into JSON and walked its arguments. An UPDATE of
-- 1,000 videos' priority in one run on PostgreSQL (medians of 15, a busy two-core machine): no
-- scope trigger 34 ms, the row trigger 76 ms, this one 41 ms. vw_cache_touch_statement takes the same
-- 'user:<column>' arguments as vw_cache_touch_rows, reads the statement's transition tables (the
-- per-client counts of 0018 capture the videos' already, so keeping them costs nothing more) and
-- touches each person once. A statement that changed no row touches nothing, as a row trigger
-- never fires for it; emptying the table still touches everything (0013's truncate trigger).
CREATE OR REPLACE FUNCTION vw_cache_touch_statement() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sources text[];
  source text;
  arg text;
  parts text[] := ARRAY[]::text[];
  scopes text[];
BEGIN
  IF current_setting('vw.cache_scopes', true) LIKE '%,global' THEN
    RETURN NULL;
  END IF;
  sources := CASE TG_OP
    WHEN 'INSERT' THEN ARRAY['new_rows']
    WHEN 'DELETE' THEN ARRAY['old_rows']
    ELSE ARRAY['old_rows', 'new_rows'] END;
  FOREACH source IN ARRAY sources LOOP
    FOREACH arg IN ARRAY TG_ARGV LOOP
      IF arg NOT LIKE 'user:%' THEN
        RAISE EXCEPTION 'vw_cache_touch_statement: unknown argument %', arg;
      END IF;
      parts := parts || format('SELECT ''user:'' || %1$I FROM %2$I WHERE %1$I IS NOT NULL',
        substr(arg, 6), source);
    END LOOP;
  END LOOP;
  EXECUTE 'SELECT ARRAY(' || array_to_string(parts, ' UNION ') || ')' INTO scopes;
  IF cardinality(scopes) > 0 THEN
    PERFORM vw_cache_touch(scopes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER videos_cache_scopes ON videos;
--> statement-breakpoint
CREATE TRIGGER videos_cache_scopes_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vw_cache_touch_statement('user:user_id', 'user:assigned_editor_id');
--> statement-breakpoint
CREATE TRIGGER videos_cache_scopes_update AFTER UPDATE ON videos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vw_cache_touch_statement('user:user_id', 'user:assigned_editor_id');
--> statement-breakpoint
CREATE TRIGGER videos_cache_scopes_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION vw_cache_touch_statement('user:user_id', 'user:assigned_editor_id');
