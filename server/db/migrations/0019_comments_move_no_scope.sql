-- A comment changes no kept answer: no `cacheable` route's answer is made of comments (the
-- comment lists, the bell and the review pages are read afresh), so its row trigger of migration
-- 0013 moved the versions of the video's client and editor for nothing, and with them every
-- answer of that client, of its editors and of the managers was made again after each comment
-- (half the writes of a working day). A comment's notifications travel on their own messages
-- (migration 0016), not through the scopes.
--
-- The rule of migration 0013 stands: a table whose rows a cached answer is made of needs its
-- trigger. A route that comes to show comments (a count on a video card, say) and is kept must
-- bring this table's triggers back with it, and change the read-cache-scopes.test.ts test that
-- pins that a comment moves no version (nothing fails by itself if it does not).
DROP TRIGGER comments_cache_scopes ON comments;
--> statement-breakpoint
DROP TRIGGER comments_cache_scopes_truncate ON comments;
