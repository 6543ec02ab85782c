import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/avatar with the compressed image; the caller then refreshes the user. */
export function uploadAvatar(imageData: string): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/users/avatar', { imageData });
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
