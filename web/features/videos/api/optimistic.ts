import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { VideoView } from '../../../../domain/videos';
import { RELATED_VIDEO_KEYS } from './keys';

type Snapshot = [QueryKey, unknown][];

/**
 * Applies a change to the video wherever it is cached (lists and its detail) and returns what
 * was there, so an error can put it back (SPEC.md section 7: optimistic, rolled back on error).
 */
export async function patchCachedVideo(
  queryClient: QueryClient,
  id: string,
  change: Partial<VideoView>,
): Promise<Snapshot> {
  const snapshot: Snapshot = [];
  for (const queryKey of RELATED_VIDEO_KEYS) {
    await queryClient.cancelQueries({ queryKey });
    for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
      snapshot.push([key, data]);
      if (Array.isArray(data)) {
        queryClient.setQueryData(
          key,
          (data as VideoView[]).map((v) => (v?.id === id ? { ...v, ...change } : v)),
        );
      } else if (data && typeof data === 'object' && (data as VideoView).id === id) {
        queryClient.setQueryData(key, { ...(data as VideoView), ...change });
      }
    }
  }
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
