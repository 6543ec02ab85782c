import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '../../../../domain/notifications';
import { apiJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** DELETE /api/notifications/clear-all. */
export const clearAllNotifications = () =>
  apiJson<{ message: string; deleted: number }>('DELETE', '/api/notifications/clear-all');

export function useClearAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAllNotifications,
    onSuccess: () => {
      queryClient.setQueryData<NotificationView[]>(notificationKeys.list, []);
      queryClient.setQueryData(notificationKeys.count, { count: 0 });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
