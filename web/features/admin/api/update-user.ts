import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditUserBody } from '../../../../domain/admin';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { refreshUsersAndStats } from './invalidate';

/** PATCH /api/admin/users/{id}: name, isAdmin and (king only) role. */
export const updateUser = ({ id, body }: { id: string; body: EditUserBody }) =>
  apiJson<PublicUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => refreshUsersAndStats(queryClient),
  });
}
