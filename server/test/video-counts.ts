/**
 * The clients whose kept video counts (video_counts, migration 0018) differ from a count of their
 * videos now, as rows of `user_id`: none while the triggers keep them.
 */
export const VIDEO_COUNTS_ASTRAY = `
  with counted as (
    select user_id, count(*) as total,
      count(*) filter (where status = 'draft') as draft,
      count(*) filter (where status = 'in_progress') as in_progress,
      count(*) filter (where status = 'review') as review,
      count(*) filter (where status = 'ready_to_post') as ready_to_post,
      count(*) filter (where status = 'posted') as posted
    from videos group by user_id)
  select coalesce(c.user_id, k.user_id) as user_id
  from counted c full join video_counts k on k.user_id = c.user_id
  where (coalesce(c.total, 0), coalesce(c.draft, 0), coalesce(c.in_progress, 0),
         coalesce(c.review, 0), coalesce(c.ready_to_post, 0), coalesce(c.posted, 0))
    is distinct from
        (coalesce(k.total, 0), coalesce(k.draft, 0), coalesce(k.in_progress, 0),
         coalesce(k.review, 0), coalesce(k.ready_to_post, 0), coalesce(k.posted, 0))`;
