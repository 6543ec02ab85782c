-- Reserved for issue 46 (two_factor); replaced by its tables.
SELECT 1;
