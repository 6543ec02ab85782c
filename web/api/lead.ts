import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LeadSummary, LeadSummaryQuery } from '@domain/lead-dashboard';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';

/** The lead dashboard's tiles; the key is the GET path and the query. */
export const leadKeys = {
  all: ['/api/lead/summary'] as const,
  summary: (query: LeadSummaryQuery) => ['/api/lead/summary', query] as const,
};

/** The tiles count videos: every video write reads them again (with invalidateVideos). */
export function invalidateLead(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

/** GET /api/lead/summary: the seven tile counts, narrowed to a client, plus search matches. */
export const getLeadSummary = (query: LeadSummaryQuery) =>
  apiJson<LeadSummary>('GET', `/api/lead/summary${toQuery(query)}`);

/** The previous counts stay on screen while new ones load, so the tiles do not flash. */
export function useLeadSummary(clientId: string | null, q: string) {
  const query: LeadSummaryQuery = { clientId: clientId ?? undefined, q: q.trim() || undefined };
  return useQuery({
    queryKey: leadKeys.summary(query),
    queryFn: () => getLeadSummary(query),
    placeholderData: keepPreviousData,
  });
}
