import { useQuery } from '@tanstack/react-query';
import type { DirectoryUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { commentKeys } from './keys';

/** GET /api/videos/{id}/mentionable: the owner, the assigned editor and the lead editors. */
export const getMentionable = (videoId: string) =>
  apiJson<DirectoryUser[]>('GET', `/api/videos/${encodeURIComponent(videoId)}/mentionable`);

export const useMentionable = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: commentKeys.mentionable(videoId),
    queryFn: () => getMentionable(videoId),
    enabled,
  });
