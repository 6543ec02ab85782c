-- Needs My Review (issue 41): the videos in review since before the last reminder day, read
-- through their own index rather than every video in review.
CREATE INDEX "videos_review_since_idx" ON "videos" ("status_changed_at") WHERE "status" = 'review';
--> statement-breakpoint
-- The agency's settings are read by kept answers (issue 41): the lead dashboard's Needs My Review
-- counts the videos whose client has not decided after the last reminder day, which the king
-- sets in agency_settings. A change of it touches every kept answer (ADR 0015: a table a kept
-- answer reads has scope triggers; one row for the whole agency: 'global').
CREATE TRIGGER agency_settings_cache_scopes AFTER INSERT OR UPDATE OR DELETE ON agency_settings
  FOR EACH ROW EXECUTE FUNCTION vw_cache_touch_rows('global');
--> statement-breakpoint
CREATE TRIGGER agency_settings_cache_scopes_truncate AFTER TRUNCATE ON agency_settings
  FOR EACH STATEMENT EXECUTE FUNCTION vw_cache_touch_rows('global');
