import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationView } from '../../../../domain/notifications';
import { apiJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications?includeRead=true: the newest notifications, read ones included. */
export const getNotifications = () =>
  apiJson<NotificationView[]>('GET', '/api/notifications?includeRead=true');

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list, queryFn: getNotifications });

/** Read only while the dropdown is open (`enabled`); the socket invalidates it otherwise. */
export const useNotifications = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...notificationsQueryOptions(), enabled });
