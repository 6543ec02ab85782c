import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VideoView } from '../../../../domain/videos';
import { apiJson, getErrorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { videoKeys } from './keys';

/** GET /api/videos: every video the signed-in user may read (own, assigned, team, all for managers). */
export function getVideos(): Promise<VideoView[]> {
  return apiJson<VideoView[]>('GET', '/api/videos');
}

export function useVideos(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ queryKey: videoKeys.list(), queryFn: getVideos, ...options });
}

/** GET /api/videos?refresh=true: the Refresh button's read, stored as the list. */
export function useRefreshVideos() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await apiJson<VideoView[]>('GET', '/api/videos?refresh=true');
      queryClient.setQueryData(videoKeys.list(), fresh);
    } catch (error) {
      notifyError('Refresh failed', getErrorMessage(error, 'Failed to fetch videos'));
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, refreshing };
}
