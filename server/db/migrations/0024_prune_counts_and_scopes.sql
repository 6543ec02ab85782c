-- Pruning (issue 39, item 7). `video_counts` kept a row for every client that ever had a video,
-- deleted clients included (their videos went, their row stayed at zero), and `cache_scopes`
-- kept the counters of every user ever touched, deleted users included.
--
-- A client's counts row now goes when its total comes to zero (a deleted client's videos, or its
-- last video, deleted): every reader sums or coalesces the rows (videos.repository.ts,
-- lead.repository.ts), so no row reads as zero. The delete runs after the statement's upsert, in
-- the same function; a concurrent upsert that finds the row gone inserts it afresh.
CREATE OR REPLACE FUNCTION vw_video_counts_apply(changes jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO video_counts AS c (user_id, total, draft, in_progress, review, ready_to_post, posted)
  SELECT user_id, sum(d),
    coalesce(sum(d) FILTER (WHERE status = 'draft'), 0),
    coalesce(sum(d) FILTER (WHERE status = 'in_progress'), 0),
    coalesce(sum(d) FILTER (WHERE status = 'review'), 0),
    coalesce(sum(d) FILTER (WHERE status = 'ready_to_post'), 0),
    coalesce(sum(d) FILTER (WHERE status = 'posted'), 0)
  FROM jsonb_to_recordset(changes) AS x(user_id uuid, status text, d bigint)
  WHERE d <> 0
  GROUP BY user_id
  ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET
    total = c.total + excluded.total,
    draft = c.draft + excluded.draft,
    in_progress = c.in_progress + excluded.in_progress,
    review = c.review + excluded.review,
    ready_to_post = c.ready_to_post + excluded.ready_to_post,
    posted = c.posted + excluded.posted;
  DELETE FROM video_counts
  WHERE total = 0
    AND user_id IN (SELECT x.user_id FROM jsonb_to_recordset(changes) AS x(user_id uuid));
$$;
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
