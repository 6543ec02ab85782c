import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '../../../../domain/notifications';
import { apiJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** PATCH /api/notifications/{id}/read. */
export const markNotificationRead = (id: string) =>
  apiJson<NotificationView>('PATCH', `/api/notifications/${encodeURIComponent(id)}/read`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    // Shown read at once: the click also navigates away, and the answer only confirms it.
    onMutate: (id) => {
      queryClient.setQueryData<NotificationView[]>(notificationKeys.list, (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
      queryClient.setQueryData<{ count: number }>(notificationKeys.count, (c) =>
        c ? { count: Math.max(0, c.count - 1) } : c,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
