import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '../../../../domain/comments';
import { apiJson } from '../../../lib/api-client';
import { commentKeys } from './keys';

/** DELETE /api/comments/{id}. */
export const deleteComment = (id: string) =>
  apiJson<{ message: string }>('DELETE', `/api/comments/${encodeURIComponent(id)}`);

export function useDeleteComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<CommentView[]>(commentKeys.list(videoId), (list) =>
        list?.filter((c) => c.id !== id),
      );
      // Its notifications went with it: the bell's count may have dropped.
      void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
      return queryClient.invalidateQueries({ queryKey: commentKeys.list(videoId) });
    },
  });
}
