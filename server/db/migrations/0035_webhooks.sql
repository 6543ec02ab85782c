-- Reserved for issue 46 (webhooks); replaced by its tables.
SELECT 1;
