import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/**
 * GET /api/videos/{id}, for its link only (timecodes open the video at their second). Used when
 * the panel's host does not pass the link; the key is the call's path so a host reading the
 * same video shares the cache entry.
 */
export const useVideoLink = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ['/api/videos', videoId],
    queryFn: () =>
      apiJson<{ link?: string | null }>('GET', `/api/videos/${encodeURIComponent(videoId)}`),
    enabled,
    select: (video) => video.link ?? null,
  });
