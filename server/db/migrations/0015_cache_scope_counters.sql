-- Commits no longer wait for each other on the read cache's versions (docs/decisions/
-- 0007-invalidation-by-scope.md, "Commits that do not wait"). Under 0013 every commit that
-- touched a scope updated that scope's one row and held its lock until the commit had ended
-- (the WAL flush included), and NOTIFYed 'd<scopes>', which holds PostgreSQL's one queue lock of
-- all notifications through the flush as well: comments on one client's videos, and all writes,
-- committed one after another.
--
-- Now a scope's version is the sum of several counters, the rows (scope, slot). A commit adds 1
-- to one counter of each scope it touched, one that no other transaction holds (SKIP LOCKED),
-- or adds a counter when all are held: a scope has at most about as many rows as transactions
-- ever committed on it at once. The sum is the number of committed moves a snapshot sees, so it
-- grows whenever a move commits, in whatever order transactions commit (the largest of some
-- counter or sequence would not: a commit with a smaller value after one with a larger leaves
-- the largest as it was). Rows are never deleted, counters never go down. The 'd' NOTIFY is
-- gone: the versions alone keep the answers right (0013), and a kept answer whose label is old
-- is replaced at its next read or dropped with its time limit. And the bump deletes its pending
-- row by its place instead of reading the whole table for it (below).
ALTER TABLE "cache_scopes" ADD COLUMN "slot" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "cache_scopes" ALTER COLUMN "slot" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "cache_scopes" DROP CONSTRAINT "cache_scopes_pkey";
--> statement-breakpoint
ALTER TABLE "cache_scopes" ADD PRIMARY KEY ("scope", "slot");
--> statement-breakpoint
-- The pending row is found again by its place (ctid), kept in a second setting: deleting it by
-- its xid read the whole table, which grows with every write until VACUUM (a page for about 200
-- writes; 0.4 ms a commit after 30,000 writes without autovacuum). Nothing updates a pending
-- row, and VACUUM FULL cannot move it while its transaction runs, so the place stays true.
CREATE OR REPLACE FUNCTION vw_cache_touch(scopes text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('vw.cache_scopes', true), '');
  scope text;
  pending tid;
BEGIN
  IF touched = '' THEN
    INSERT INTO cache_scope_pending DEFAULT VALUES RETURNING ctid INTO pending;
    PERFORM set_config('vw.cache_pending', pending::text, true);
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
-- At commit: one move of every touched scope, in scope order (a wait, only when a new counter's
-- slot is taken, then cannot close a circle).
CREATE OR REPLACE FUNCTION vw_cache_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[] := ARRAY(
    SELECT DISTINCT s FROM unnest(string_to_array(current_setting('vw.cache_scopes', true), ',')) s
    ORDER BY s
  );
  scope_ text;
  moved integer;
BEGIN
  DELETE FROM cache_scope_pending
    WHERE ctid = nullif(current_setting('vw.cache_pending', true), '')::tid;
  IF NOT FOUND THEN -- a row not inserted by vw_cache_touch
    DELETE FROM cache_scope_pending WHERE xid = NEW.xid;
  END IF;
  PERFORM set_config('vw.cache_scopes', '', true);
  FOREACH scope_ IN ARRAY changed LOOP
    -- By its key: a counter changed since this statement's snapshot is updated in its newest
    -- version (the row is locked by this transaction, so nobody changes it meanwhile).
    UPDATE cache_scopes SET version = version + 1
      WHERE scope = scope_ AND slot = (
        SELECT c.slot FROM cache_scopes c WHERE c.scope = scope_ LIMIT 1 FOR UPDATE SKIP LOCKED
      );
    GET DIAGNOSTICS moved = ROW_COUNT;
    IF moved = 0 THEN
      INSERT INTO cache_scopes AS c (scope, slot, version) VALUES (scope_, pg_backend_pid(), 1)
        ON CONFLICT (scope, slot) DO UPDATE SET version = c.version + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
