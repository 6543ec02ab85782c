import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './keys';

/** PATCH /api/admin/users/{id}/vip; the response carries name and username for the toast. */
export const setVip = ({ id, isVip }: { id: string; isVip: boolean }) =>
  apiJson<PublicUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/vip`, { isVip });

export function useSetVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVip,
    // A VIP change refreshes users (SPEC.md section 4 'Dialog states').
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
