import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@domain/auth';
import type { DirectoryUser, PublicUser } from '@domain/user';
import { apiFetch, apiJson } from '../lib/api-client';

/** People (server/modules/users, and the managed-user list of server/modules/videos). */

/** Query keys: the GET paths, segment by segment. */
export const userKeys = {
  all: ['/api/users'] as const,
  detail: (id: string) => ['/api/users', id] as const,
  /** Keyed under '/api/king', so video writes (which refresh it) keep the counts fresh too. */
  team: () => ['/api/king', 'users'] as const,
};

/** After a user changed (name, avatar): every cached person is read again. */
export function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.team() }),
  ]).then(() => undefined);
}

/**
 * GET /api/users/{id} for oneself, to refresh the session's copy (docs/product.md#errors). One's own
 * entry always carries the admin flag the session needs.
 */
export async function getOwnUser(id: string): Promise<PublicUser> {
  const response = await apiFetch('GET', `/api/users/${encodeURIComponent(id)}`);
  if (!response.ok) throw new Error(`Failed to refresh user data: HTTP ${response.status}`);
  const user = (await response.json()) as DirectoryUser;
  return { ...user, isAdmin: user.isAdmin ?? 'false' };
}

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
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** POST /api/users/avatar with the compressed image; the caller then refreshes the user. */
export function uploadAvatar(imageData: string): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/users/avatar', { imageData });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}

/** GET /api/king/users: everyone for managers, an editor's assigned clients for editors. */
export function useTeam(enabled = true) {
  return useQuery({
    queryKey: userKeys.team(),
    queryFn: () => apiJson<PublicUser[]>('GET', '/api/king/users'),
    enabled,
  });
}
