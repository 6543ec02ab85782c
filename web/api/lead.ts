import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LeadSummary, LeadSummaryQuery } from '@domain/lead-dashboard';
import type { TurnaroundFigures, TurnaroundQuery } from '@domain/turnaround';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';

/** The lead dashboard's tiles; the key is the GET path and the query. */
export const leadKeys = {
  all: ['/api/lead/summary'] as const,
  summary: (query: LeadSummaryQuery) => ['/api/lead/summary', query] as const,
  turnaroundAll: ['/api/lead/turnaround'] as const,
  turnaround: (query: TurnaroundQuery) => ['/api/lead/turnaround', query] as const,
};

/**
 * The tiles count videos and the turnaround figures read their history: every video write reads
 * them again (with invalidateVideos).
 */
export function invalidateLead(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    queryClient.invalidateQueries({ queryKey: leadKeys.turnaroundAll }),
  ]).then(() => undefined);
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

/** GET /api/lead/turnaround: median and 90th percentile figures over a range of whole days. */
export const getTurnaround = (query: TurnaroundQuery) =>
  apiJson<TurnaroundFigures>('GET', `/api/lead/turnaround${toQuery(query)}`);

/** Read only while `enabled` (the section is open); the old figures stay while a range loads. */
export function useTurnaround(query: TurnaroundQuery, enabled: boolean) {
  return useQuery({
    queryKey: leadKeys.turnaround(query),
    queryFn: () => getTurnaround(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
