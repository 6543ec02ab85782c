-- Issue 45's bulk changes: the per-client counts (0018) of an UPDATE without joining its old and
-- new rows. Transition tables have no statistics, so once PL/pgSQL kept a generic plan (after a
-- connection's fifth update) the join was a nested loop: 207 ms for a 1,000-video change of
-- priority and due date, four times the update itself (auto_explain, 100,000 videos). Each old
-- row counts -1 and each new row +1 under its client and status; a row whose client and status
-- did not move cancels itself out, so only the groups that changed reach the upsert, as before,
-- and a statement that moves nothing changes no row.
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
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'd', n))
      INTO changes
      FROM (
        SELECT user_id, status, sum(d) AS n FROM (
          SELECT user_id, status, -1 AS d FROM old_rows
          UNION ALL
          SELECT user_id, status, 1 FROM new_rows
        ) rows GROUP BY 1, 2 HAVING sum(d) <> 0
      ) s;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM vw_video_counts_apply(changes);
  END IF;
  RETURN NULL;
END
$$;
