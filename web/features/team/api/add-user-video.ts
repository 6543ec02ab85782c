import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';

export interface AddUserVideoBody {
  name: string;
  link: string;
  type: string;
  status: string;
  targetUserId: string;
}

/**
 * POST /api/videos for the managed user. The order number is the server's to give (next per
 * client, inside the insert's transaction), so the form's number is a preview, not sent.
 */
export function useAddUserVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserVideoBody) => apiJson<VideoView>('POST', '/api/videos', body),
    onSettled: () =>
      Promise.all(
        [['/api/videos'], ['/api/king'], ['/api/clients']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
