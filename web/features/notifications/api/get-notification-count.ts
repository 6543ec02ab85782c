import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '../../../../domain/notifications';
import { apiJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications/count: the caller's unread count. */
export const getNotificationCount = () =>
  apiJson<{ count: number }>('GET', '/api/notifications/count');

export const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count,
    queryFn: getNotificationCount,
    // SPEC.md section 9: polled every 120000 ms; the socket's count_update sets it in between.
    refetchInterval: NOTIFICATION_POLL_MS,
  });

export const useNotificationCount = () => useQuery(notificationCountQueryOptions());
