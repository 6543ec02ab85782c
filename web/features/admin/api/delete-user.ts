import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { refreshUsersAndStats } from './invalidate';

/** DELETE /api/admin/users/{id}: the user and everything of theirs. */
export const deleteUser = (id: string) =>
  apiJson<{ message: string }>('DELETE', `/api/admin/users/${encodeURIComponent(id)}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => refreshUsersAndStats(queryClient),
  });
}
