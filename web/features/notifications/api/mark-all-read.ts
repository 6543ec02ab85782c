import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notifications/mark-all-read. */
export const markAllNotificationsRead = () =>
  apiJson<{ message: string; updated: number }>('POST', '/api/notifications/mark-all-read');

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
