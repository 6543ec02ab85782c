import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CheckDelayedAnswer,
  ClearAllAnswer,
  MarkAllReadAnswer,
  NotificationCount,
  NotificationListQuery,
  RestoreAnswer,
  RestoreBody,
} from '@domain/notification-schemas';
import { NOTIFICATION_POLL_MS, type NotificationView } from '@domain/notifications';
import { apiJson } from '../lib/api-client';

/** The signed-in user's notifications (server/modules/notifications): the bell and its list. */

/** The list the bell shows: the newest, read ones included. */
const LIST_QUERY = { includeRead: 'true' } as const satisfies NotificationListQuery;

/**
 * Query keys: the GET paths, segment by segment, the list's query as an object. All start with
 * '/api/notifications', so one invalidation refreshes the list and the count together.
 */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: () => ['/api/notifications', LIST_QUERY] as const,
  count: () => ['/api/notifications', 'count'] as const,
};

/** After a notification was read, cleared or created: the list and the count are read again. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** GET /api/notifications?includeRead=true. */
export const getNotifications = () =>
  apiJson<NotificationView[]>('GET', `/api/notifications?${new URLSearchParams(LIST_QUERY)}`);

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: getNotifications });

/** Read only while the dropdown is open (`enabled`); the socket invalidates it otherwise. */
export const useNotifications = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...notificationsQueryOptions(), enabled });

/** GET /api/notifications/count: the caller's unread count. */
export const getNotificationCount = () =>
  apiJson<NotificationCount>('GET', '/api/notifications/count');

export const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: getNotificationCount,
    // docs/product.md#constants-and-limits: polled every 120000 ms; the socket's count_update sets it in between.
    refetchInterval: NOTIFICATION_POLL_MS,
  });

/** Only while someone is signed in: after a logout it would be a 401 every two minutes. */
export const useNotificationCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...notificationCountQueryOptions(), enabled });

/** The socket's count_update: the count as the server now has it. */
export const setNotificationCount = (queryClient: QueryClient, count: number) =>
  queryClient.setQueryData<NotificationCount>(notificationKeys.count(), { count });

/** POST /api/notifications/check-delayed: asks the server for today's overdue notices. */
export const checkDelayed = () =>
  apiJson<CheckDelayedAnswer>('POST', '/api/notifications/check-delayed');

/** PATCH /api/notifications/{id}/read. */
export const markNotificationRead = (id: string) =>
  apiJson<NotificationView>('PATCH', `/api/notifications/${encodeURIComponent(id)}/read`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // Shown read at once: the click also navigates away, and the answer only confirms it.
    onMutate: (id) => {
      queryClient.setQueryData<NotificationView[]>(notificationKeys.list(), (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
      queryClient.setQueryData<NotificationCount>(notificationKeys.count(), (c) =>
        c ? { count: Math.max(0, c.count - 1) } : c,
      );
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}

/** POST /api/notifications/mark-all-read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MarkAllReadAnswer>('POST', '/api/notifications/mark-all-read'),
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

/** DELETE /api/notifications/clear-all: the list and the count are empty at once. */
export function useClearAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<ClearAllAnswer>('DELETE', '/api/notifications/clear-all'),
    onSuccess: () => {
      queryClient.setQueryData<NotificationView[]>(notificationKeys.list(), []);
      setNotificationCount(queryClient, 0);
      return invalidateNotifications(queryClient);
    },
  });
}

/** POST /api/notifications/restore: undoes the clear all whose answer gave `undoId`. */
export function useRestoreCleared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreBody) =>
      apiJson<RestoreAnswer>('POST', '/api/notifications/restore', body),
    onSuccess: () => invalidateNotifications(queryClient),
  });
}
