-- The lead dashboard's turnaround figures read the completed rows of a date range; without this
-- they scanned every completed row of the agency's history at each request.
CREATE INDEX IF NOT EXISTS "video_status_history_status_changed_idx" ON "video_status_history" USING btree ("to_status","changed_at");
