import { useQuery } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { apiJson } from '../../../lib/api-client';
import { videoKeys } from './keys';

/** GET /api/videos/{id}: one video with its status history. */
export function getVideo(id: string): Promise<VideoView> {
  return apiJson<VideoView>('GET', `/api/videos/${encodeURIComponent(id)}`);
}

export function useVideo(id: string | null) {
  return useQuery({
    queryKey: videoKeys.detail(id ?? ''),
    queryFn: () => getVideo(id!),
    enabled: Boolean(id),
  });
}
