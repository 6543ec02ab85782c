-- Each client's videos counted by status, kept by the videos' own statements (issue 20): the lead
-- dashboard's tiles, a manager's video total and the client list's video counts read one row a
-- client instead of counting every video (at 100,000 videos the tiles were a scan of the whole
-- table, 130 ms on this machine, made again after every write anywhere, since a manager's answers
-- depend on everything; at 1,000,000 ten times that).
--
-- Statement triggers with transition tables add up each statement's changes per client and apply
-- them in one upsert, in client order: a bulk insert (the seed, a restore) costs one statement,
-- and two transactions never lock two clients' rows in opposite orders within a statement. A
-- statement that moves no video between clients or statuses (a rename, a payment, an editor
-- assignment) changes no row. One row a client: a status change locks only its client's row
-- until the commit. `total` counts every video, whatever its status says.
CREATE TABLE "video_counts" (
  "user_id" uuid PRIMARY KEY,
  "total" bigint NOT NULL DEFAULT 0,
  "draft" bigint NOT NULL DEFAULT 0,
  "in_progress" bigint NOT NULL DEFAULT 0,
  "review" bigint NOT NULL DEFAULT 0,
  "ready_to_post" bigint NOT NULL DEFAULT 0,
  "posted" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- The changes of one statement: each old row counted out, each new row counted in.
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
    posted = c.posted + excluded.posted
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_video_counts_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'd', n))
      INTO changes
      FROM (SELECT user_id, status, count(*) AS n FROM new_rows GROUP BY 1, 2) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'd', -n))
      INTO changes
      FROM (SELECT user_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2) s;
  ELSE
    -- Only the rows whose client or status moved; an update of other columns counts nothing.
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'd', n))
      INTO changes
      FROM (
        SELECT user_id, status, sum(d) AS n FROM (
          SELECT o.user_id, o.status, -1 AS d FROM old_rows o
            JOIN new_rows n ON n.id = o.id
            WHERE (n.user_id, n.status) IS DISTINCT FROM (o.user_id, o.status)
          UNION ALL
          SELECT n.user_id, n.status, 1 FROM new_rows n
            JOIN old_rows o ON o.id = n.id
            WHERE (n.user_id, n.status) IS DISTINCT FROM (o.user_id, o.status)
        ) moved GROUP BY 1, 2
      ) s;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM vw_video_counts_apply(changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_counts_insert AFTER INSERT ON videos
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vw_video_counts_change();
--> statement-breakpoint
CREATE TRIGGER videos_counts_update AFTER UPDATE ON videos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vw_video_counts_change();
--> statement-breakpoint
CREATE TRIGGER videos_counts_delete AFTER DELETE ON videos
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vw_video_counts_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vw_video_counts_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM video_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_counts_truncate AFTER TRUNCATE ON videos
  FOR EACH STATEMENT EXECUTE FUNCTION vw_video_counts_truncate();
--> statement-breakpoint
INSERT INTO video_counts (user_id, total, draft, in_progress, review, ready_to_post, posted)
SELECT user_id, count(*), count(*) FILTER (WHERE status = 'draft'),
  count(*) FILTER (WHERE status = 'in_progress'), count(*) FILTER (WHERE status = 'review'),
  count(*) FILTER (WHERE status = 'ready_to_post'), count(*) FILTER (WHERE status = 'posted')
FROM videos GROUP BY user_id;
--> statement-breakpoint
-- The overdue tile counts the open videos past their due date: through this index it reads only
-- those, not every video.
CREATE INDEX "videos_open_due_idx" ON "videos" ("due_date")
  WHERE "status" NOT IN ('ready_to_post', 'posted');
