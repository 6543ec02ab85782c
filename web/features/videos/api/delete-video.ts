import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { RELATED_VIDEO_KEYS, videoKeys } from './keys';

/** DELETE /api/videos/{id}. The optional reason stays in the dialog (the call takes no body). */
export function deleteVideo(id: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>('DELETE', `/api/videos/${encodeURIComponent(id)}`);
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_data, id) => {
      // Every list is read again except the deleted video's own entry, which would only answer
      // 404 (it is dropped once the dialog showing it closes). Not awaited, so the caller's
      // callbacks run at once, while the dialog is still there.
      const detail = videoKeys.detail(id);
      void Promise.all(
        RELATED_VIDEO_KEYS.map((queryKey) =>
          queryClient.invalidateQueries({
            queryKey,
            predicate: (q) => !(q.queryKey[0] === detail[0] && q.queryKey[1] === id),
          }),
        ),
      );
    },
  });
}
