import { useQuery } from '@tanstack/react-query';
import type { CommentView } from '../../../../domain/comments';
import { apiJson } from '../../../lib/api-client';
import { commentKeys } from './keys';

/** GET /api/videos/{id}/comments: oldest first. */
export const getComments = (videoId: string) =>
  apiJson<CommentView[]>('GET', `/api/videos/${encodeURIComponent(videoId)}/comments`);

/** SPEC.md section 7: read only while the panel is expanded. */
export const useComments = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: commentKeys.list(videoId),
    queryFn: () => getComments(videoId),
    enabled,
  });
