-- Invalidation by scope (docs/decisions/0007-invalidation-by-scope.md): a change empties only the
-- cached answers it can change, instead of every answer (0005's one data version).
--
-- Each row belongs to scopes: 'user:<id>' for the people whose screens show it (a video's client
-- and its assigned editor; the client of a price, plan or payment; the editor or lead and the
-- client of an assignment), 'global' for what everyone's screens show (people's names, video
-- types, plans). Row triggers collect the scopes a transaction touches, plus one of eight
-- 'all:<n>' stripes (the managers' answers depend on everything); at commit one deferred trigger
-- moves their versions in cache_scopes, locking them in scope order (so two commits cannot wait
-- on each other), and NOTIFYs 'd<scope>,<scope>...'. The versions are rows: they change exactly
-- when the change becomes visible, so an instance that reads them before serving a kept answer
-- never serves one older than the request, even before the NOTIFY arrives.
--
-- A table whose rows a cached answer may be made of needs a trigger too:
--   AFTER INSERT OR UPDATE OR DELETE FOR EACH ROW EXECUTE FUNCTION vw_cache_touch_rows(<args>)
-- with one argument per column that says whose the row is: 'user:<column>' for a user id,
-- 'video:<column>' for a video id (its client and editor), 'global' for rows everyone sees;
-- and AFTER TRUNCATE FOR EACH STATEMENT EXECUTE FUNCTION vw_cache_touch_rows('global').
-- With its triggers (0005's and payment_events' of 0006).
DROP FUNCTION vw_notify_data_change() CASCADE;
--> statement-breakpoint
DROP SEQUENCE vw_data_version;
--> statement-breakpoint
CREATE TABLE "cache_scopes" (
  "scope" text PRIMARY KEY,
  "version" bigint NOT NULL
);
--> statement-breakpoint
-- One row per transaction that changed data, gone at its commit: inserting it queues the bump.
CREATE TABLE "cache_scope_pending" (
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id()
);
--> statement-breakpoint
-- Adds scopes to this transaction's list (a transaction-local setting); the first call also
-- queues the bump at commit and picks the transaction's stripe of 'all'. 'global' stands for
-- everything, so the list then ends there; so does a list grown too long for one NOTIFY (a bulk
-- change: a restore, the demo's seed), which also keeps each call cheap.
CREATE OR REPLACE FUNCTION vw_cache_touch(scopes text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('vw.cache_scopes', true), '');
  scope text;
BEGIN
  IF touched = '' THEN
    INSERT INTO cache_scope_pending DEFAULT VALUES;
    touched := 'all:' || (pg_current_xact_id()::text::bigint % 8);
  ELSIF touched LIKE '%,global' THEN
    RETURN;
  END IF;
  FOREACH scope IN ARRAY scopes LOOP
    IF scope = 'global' OR length(touched) > 4000 THEN
      touched := split_part(touched, ',', 1) || ',global';
      EXIT;
    ELSIF scope IS NOT NULL AND position(',' || scope || ',' IN touched || ',') = 0 THEN
      touched := touched || ',' || scope;
    END IF;
  END LOOP;
  PERFORM set_config('vw.cache_scopes', touched, true);
END
$$;
--> statement-breakpoint
-- The scopes of the row (OLD and NEW), by the trigger's arguments (see the top of this file).
CREATE OR REPLACE FUNCTION vw_cache_touch_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  images jsonb[] := ARRAY[]::jsonb[];
  r jsonb;
  arg text;
  video text;
  scopes text[] := ARRAY[]::text[];
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR current_setting('vw.cache_scopes', true) LIKE '%,global' THEN
    PERFORM vw_cache_touch(ARRAY['global']);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN images := images || to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN images := images || to_jsonb(NEW); END IF;
  FOREACH r IN ARRAY images LOOP
    FOREACH arg IN ARRAY TG_ARGV LOOP
      IF arg = 'global' THEN
        scopes := scopes || 'global'::text;
      ELSIF arg LIKE 'user:%' THEN
        scopes := scopes || ('user:' || (r ->> substr(arg, 6)));
      ELSIF arg LIKE 'video:%' THEN
        video := r ->> substr(arg, 7);
        -- Gone with its video (a cascade): the video's own trigger touched its scopes.
        scopes := scopes || ARRAY(
          SELECT 'user:' || u FROM videos v,
            LATERAL (VALUES (v.user_id), (v.assigned_editor_id)) AS people(u)
          WHERE v.id = video::uuid AND u IS NOT NULL
        );
      ELSE
        RAISE EXCEPTION 'vw_cache_touch_rows: unknown argument %', arg;
      END IF;
    END LOOP;
  END LOOP;
  PERFORM vw_cache_touch(scopes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- At commit: one statement moves every touched scope's version, in scope order, then NOTIFY.
CREATE OR REPLACE FUNCTION vw_cache_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[] := ARRAY(
    SELECT s FROM unnest(string_to_array(current_setting('vw.cache_scopes', true), ',')) s
    ORDER BY s
  );
BEGIN
  DELETE FROM cache_scope_pending WHERE xid = NEW.xid;
  PERFORM set_config('vw.cache_scopes', '', true);
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO cache_scopes AS c (scope, version)
    SELECT s, 1 FROM unnest(changed) s ORDER BY s
    ON CONFLICT (scope) DO UPDATE SET version = c.version + 1;
  PERFORM pg_notify(vw_cache_channel(TG_TABLE_SCHEMA), 'd' || array_to_string(changed, ','));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cache_scope_pending_bump AFTER INSERT ON cache_scope_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION vw_cache_bump();
--> statement-breakpoint
-- Whose each table's rows are (see the top); emptying a table (a restore does) touches everything.
-- An assignment changes what its editor or lead may read: their own scope moves with it.
DO $$
DECLARE
  t text;
  args text;
BEGIN
  FOR t, args IN VALUES
    ('users', '''global'''),
    ('video_types', '''global'''),
    ('pricing_plans', '''global'''),
    ('pricing_plan_rules', '''global'''),
    ('videos', '''user:user_id'', ''user:assigned_editor_id'''),
    ('video_status_history', '''video:video_id'''),
    ('comments', '''video:video_id'''),
    ('client_editor_assignments', '''user:client_id'', ''user:editor_id'''),
    ('client_team_lead_assignments', '''user:client_id'', ''user:team_lead_id'''),
    ('client_video_type_pricing', '''user:client_id'''),
    ('client_pricing_plan_assignments', '''user:client_id'''),
    ('payment_events', '''user:client_id''')
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION vw_cache_touch_rows(%s)', t || '_cache_scopes', t, args);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION vw_cache_touch_rows(''global'')', t || '_cache_scopes_truncate', t);
  END LOOP;
END
$$;
