import type { QueryClient } from '@tanstack/react-query';
import { RELATED_VIDEO_KEYS } from './keys';

/** After a write, every list that may show the video is read again. */
export function refreshVideoLists(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    RELATED_VIDEO_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
