import { useInfiniteQuery } from '@tanstack/react-query';
import type { LeadListFilter } from '../../../../domain/lead-dashboard';
import type { VideoView } from '../../../../domain/videos';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client';

/** Rows per page: enough to fill a tall screen, small enough to answer fast at any size. */
export const LEAD_PAGE_SIZE = 50;

export interface VideoPage {
  videos: VideoView[];
  nextCursor: string | null;
}

/** One page of GET /api/videos: filtered, counted and paged in SQL (newest first). */
export async function getVideoPage(
  filter: LeadListFilter & { clientId?: string | null },
  cursor: string | null,
): Promise<VideoPage> {
  const params = new URLSearchParams({ limit: String(LEAD_PAGE_SIZE) });
  if (filter.status) params.set('status', filter.status);
  if (filter.overdue) params.set('overdue', 'true');
  if (filter.q) params.set('q', filter.q);
  if (filter.clientId) params.set('clientId', filter.clientId);
  if (cursor) params.set('cursor', cursor);
  const response = await apiFetch('GET', `/api/videos?${params.toString()}`);
  await throwIfNotOk(response);
  return {
    videos: (await response.json()) as VideoView[],
    nextCursor: response.headers.get('x-next-cursor'),
  };
}

/** A tab's list, page by page. Keyed under '/api/videos' so writes refresh it. */
export function useLeadVideos(filter: LeadListFilter, clientId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/videos', 'lead-list', filter, clientId],
    queryFn: ({ pageParam }) => getVideoPage({ ...filter, clientId }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
