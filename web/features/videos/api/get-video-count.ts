import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { videoKeys } from './keys';

/** GET /api/videos/count: how many videos the signed-in user may read (the header's total). */
export function getVideoCount(): Promise<{ count: number }> {
  return apiJson<{ count: number }>('GET', '/api/videos/count');
}

export function useVideoCount(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: videoKeys.count(), queryFn: getVideoCount, ...options });
}
