-- The eight built-in video types (docs/product.md#data), unpriced until the king sets prices.
INSERT INTO "video_types" ("name", "display_name") VALUES
  ('consultation', 'Consultation'),
  ('voice-over', 'Voice Over'),
  ('action-reel', 'Action Reel'),
  ('before-after', 'Before & After'),
  ('talking-head', 'Talking Head'),
  ('personal-story', 'Personal Story'),
  ('vlog', 'Vlog'),
  ('funny', 'Funny')
ON CONFLICT ("name") DO NOTHING;
