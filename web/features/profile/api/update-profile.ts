import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '../../../../domain/auth';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

/** PATCH /api/users/{id}: one's own display name and avatar (null or '' removes them). */
export function updateProfile({
  id,
  ...body
}: ProfileUpdateBody & { id: string }): Promise<PublicUser> {
  return apiJson<PublicUser>('PATCH', `/api/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Any cached user (lists, details) may show the old name or avatar.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/users'] }),
  });
}
