-- A payout item is locked when its video completes (0030, issue 44): like a price at payment, it
-- never moves afterwards. The database keeps it so, as it keeps the payout ledger append-only: an
-- update or a delete is refused, except the one change the schema itself makes, its video's id
-- set to null when the video is deleted (the item outlives its video).
CREATE OR REPLACE FUNCTION vw_payout_items_locked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.video_id IS NULL
    AND (to_jsonb(NEW) - 'video_id') = (to_jsonb(OLD) - 'video_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payout_items are locked: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER payout_items_locked BEFORE UPDATE OR DELETE ON payout_items
  FOR EACH ROW EXECUTE FUNCTION vw_payout_items_locked();
