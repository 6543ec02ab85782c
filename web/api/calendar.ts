import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarQuery } from '@domain/calendar';
import type { VideoView } from '@domain/videos';
import { apiGetList } from '../lib/api-client';
import { videoKeys, withQuery } from './videos';

/**
 * GET /api/videos/calendar (docs/product.md#calendar): the videos of a window of days. Its key
 * starts with the list's path, so every video change reads it again and an edit patches it at
 * once (web/api/videos.ts, invalidateVideos and patchCachedVideo).
 */
export const calendarKey = (query: CalendarQuery) => [...videoKeys.all, 'calendar', query] as const;

export function getCalendarVideos(query: CalendarQuery, held?: VideoView[]): Promise<VideoView[]> {
  return apiGetList<VideoView>(withQuery('/api/videos/calendar', query), held);
}

/** The window's videos; the last window's stay on screen while the next one loads. */
export function useCalendarVideos(query: CalendarQuery) {
  return useQuery({
    queryKey: calendarKey(query),
    queryFn: ({ client, queryKey }) =>
      getCalendarVideos(query, client.getQueryData<VideoView[]>(queryKey)),
    placeholderData: keepPreviousData,
  });
}
