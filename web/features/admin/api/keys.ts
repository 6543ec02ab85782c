/** Query keys, read by the default GET (the key joined with '/'). */
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;
export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
