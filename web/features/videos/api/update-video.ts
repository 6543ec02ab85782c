import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { refreshVideoLists } from './invalidate';
import { patchCachedVideo, restoreSnapshot } from './optimistic';

/** The fields PATCH /api/videos/{id} takes; only changed ones are sent. */
export interface UpdateVideoBody {
  name?: string;
  type?: string;
  link?: string;
  status?: string;
  description?: string;
  internalNotes?: string;
  startDate?: string | null;
  dueDate?: string | null;
}

/** PATCH /api/videos/{id}. */
export function updateVideo({ id, ...body }: UpdateVideoBody & { id: string }): Promise<VideoView> {
  return apiJson<VideoView>('PATCH', `/api/videos/${encodeURIComponent(id)}`, body);
}

/** Optimistic: the change shows at once and is rolled back if the server refuses it. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onMutate: ({ id, ...change }) =>
      patchCachedVideo(queryClient, id, change as Partial<VideoView>),
    onError: (_error, _vars, snapshot) => restoreSnapshot(queryClient, snapshot),
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void refreshVideoLists(queryClient),
  });
}
