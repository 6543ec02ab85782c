import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusBody, VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { refreshVideoLists } from './invalidate';
import { patchCachedVideo, restoreSnapshot } from './optimistic';

/** The call's body (domain/videos.ts statusBody: a Send Back note too) and the video's id. */
export type StatusChange = StatusBody & { id: string };

/** PATCH /api/videos/{id}/status. */
export function updateVideoStatus({ id, status, note }: StatusChange) {
  return apiJson<VideoView>('PATCH', `/api/videos/${encodeURIComponent(id)}/status`, {
    status,
    ...(note && { note }),
  });
}

/** The card buttons' call: optimistic, rolled back on error (the caller shows the toast). */
export function useUpdateVideoStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideoStatus,
    onMutate: ({ id, status }) => patchCachedVideo(queryClient, id, { status }),
    onError: (_error, _vars, snapshot) => restoreSnapshot(queryClient, snapshot),
    // Not awaited: the caller's own callbacks should not wait for the lists to be read again.
    onSettled: () => void refreshVideoLists(queryClient),
  });
}
