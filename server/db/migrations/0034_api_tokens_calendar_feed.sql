-- Reserved for issue 46 (api_tokens_calendar_feed); replaced by its tables.
SELECT 1;
