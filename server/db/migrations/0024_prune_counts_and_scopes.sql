-- Pruning (issue 39, item 7). `video_counts` kept a row for every client that ever had a video,
-- deleted clients included (their videos went, their row stayed at zero), and `cache_scopes`
-- kept the counters of every user ever touched, deleted users included.
--
-- A client's counts row now goes when its total comes to zero (a deleted client's videos, or its
-- last video, deleted), by a trigger on the row itself, which fires only then: every reader sums
-- or coalesces the rows (videos.repository.ts, lead.repository.ts), so no row reads as zero. A
-- concurrent upsert (0018's vw_video_counts_apply) that finds the row gone inserts it afresh.
CREATE OR REPLACE FUNCTION vw_video_counts_prune() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM video_counts WHERE user_id = NEW.user_id AND total = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER video_counts_prune AFTER INSERT OR UPDATE ON video_counts
  FOR EACH ROW WHEN (NEW.total = 0) EXECUTE FUNCTION vw_video_counts_prune();
--> statement-breakpoint
DELETE FROM video_counts c WHERE c.total = 0 OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id);
--> statement-breakpoint
-- The counters of the scopes of users that no longer exist: a user's own ('user:<id>', 0013) and
-- an editor's pairs ('pairs:<id>', 0017). No viewer's label names them any more (the user's
-- assignments went with the user), so nothing reads them. Run after a user's delete has
-- committed (admin.repository.ts, deleteUser): the delete's own commit moved them last. A
-- counter moved again by a transaction that was still running is taken by the next prune.
CREATE OR REPLACE FUNCTION vw_cache_scopes_prune() RETURNS integer
LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM cache_scopes c
    WHERE split_part(c.scope, ':', 1) IN ('user', 'pairs')
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id::text = split_part(c.scope, ':', 2))
    RETURNING 1
  )
  SELECT count(*)::integer FROM gone
$$;
--> statement-breakpoint
SELECT vw_cache_scopes_prune();
