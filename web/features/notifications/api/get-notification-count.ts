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

/** Only while someone is signed in: after a logout it would be a 401 every two minutes. */
export const useNotificationCount = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...notificationCountQueryOptions(), enabled });
