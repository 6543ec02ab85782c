import { useQuery } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { videoKeys } from './keys';

/** GET /api/videos: every video the signed-in user may read (own, assigned, team, all for managers). */
export function getVideos(): Promise<VideoView[]> {
  return apiJson<VideoView[]>('GET', '/api/videos');
}

export function useVideos(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: videoKeys.list(), queryFn: getVideos, ...options });
}
