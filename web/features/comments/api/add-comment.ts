import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '../../../../domain/comments';
import { apiJson } from '../../../lib/api-client';
import { commentKeys } from './keys';

/** POST /api/videos/{id}/comments. */
export const addComment = ({ videoId, content }: { videoId: string; content: string }) =>
  apiJson<CommentView>('POST', `/api/videos/${encodeURIComponent(videoId)}/comments`, {
    content,
  });

export function useAddComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment({ videoId, content }),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentView[]>(commentKeys.list(videoId), (list) =>
        list && !list.some((c) => c.id === comment.id) ? [...list, comment] : list,
      );
      return queryClient.invalidateQueries({ queryKey: commentKeys.list(videoId) });
    },
  });
}
