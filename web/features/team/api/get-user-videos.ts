import { useQuery } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';

/**
 * GET /api/king/users/{id}/videos: the user's videos (owned or assigned to them) as the viewer
 * may see them; 403 for an editor and a client not assigned to them.
 */
export function useUserVideos(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/king', 'users', userId, 'videos'],
    queryFn: () =>
      apiJson<VideoView[]>('GET', `/api/king/users/${encodeURIComponent(userId)}/videos`),
    enabled,
  });
}
