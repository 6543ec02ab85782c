import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Query keys of the notification calls. Every one starts with '/api/notifications' so a single
 * invalidation refreshes the list and the count together.
 */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: ['/api/notifications', 'list', { includeRead: true }] as const,
  count: ['/api/notifications', 'count'] as const,
};

/**
 * Whether a query shows videos (lists, a video, a user's videos). The dashboards are built in
 * their own features, so this goes by the call a key names rather than by a shared key list.
 */
export function isVideoQuery(queryKey: QueryKey): boolean {
  const [first] = queryKey;
  return (
    typeof first === 'string' &&
    (first.includes('/api/videos') ||
      first.startsWith('/api/king') ||
      first.startsWith('/api/admin/videos') ||
      first.startsWith('/api/lead') ||
      first === 'videos')
  );
}

/** A notification means the videos it is about changed too. */
export function refreshAfterNotification(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ predicate: (q) => isVideoQuery(q.queryKey) }),
  ]).then(() => undefined);
}
