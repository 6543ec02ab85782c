import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { invalidateVideos } from '../../../api/videos';
import { ASSIGNMENT_RELATED_KEYS } from './keys';

/**
 * DELETE /api/assignments/{clientId}/{editorId}. The editor also stops being the editor of that
 * client's videos, so the video lists are read again too.
 */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, editorId }: { clientId: string; editorId: string }) =>
      apiJson<{ message: string }>(
        'DELETE',
        `/api/assignments/${encodeURIComponent(clientId)}/${encodeURIComponent(editorId)}`,
      ),
    onSettled: () =>
      Promise.all([
        ...ASSIGNMENT_RELATED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        invalidateVideos(queryClient),
      ]),
  });
}
