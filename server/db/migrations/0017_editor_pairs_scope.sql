-- A client's editors with each one's number of clients (GET /api/assignments/my-editors) depend
-- on those editors' pairs with other clients too. An editor's own scope ('user:<id>') moves with
-- every change to their videos, so a client's answers would go whenever any of its editors'
-- work moved. 'pairs:<id>' moves only when the editor's pairs change: a client's read-cache
-- label holds it for each of its editors (server/plugins/read-cache.ts), and the answer is kept
-- (docs/decisions/0007-invalidation-by-scope.md).
--
-- vw_cache_touch_rows learns the argument 'pairs:<column>' (the scope 'pairs:<value>'); the rest
-- of the function is as migration 0013 made it.
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
      ELSIF arg LIKE 'pairs:%' THEN
        scopes := scopes || ('pairs:' || (r ->> substr(arg, 7)));
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
DROP TRIGGER client_editor_assignments_cache_scopes ON client_editor_assignments;
--> statement-breakpoint
CREATE TRIGGER client_editor_assignments_cache_scopes
  AFTER INSERT OR UPDATE OR DELETE ON client_editor_assignments FOR EACH ROW
  EXECUTE FUNCTION vw_cache_touch_rows('user:client_id', 'user:editor_id', 'pairs:editor_id');
