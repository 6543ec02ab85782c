import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeadCounts } from '../../../../domain/lead-dashboard';
import { apiJson } from '../../../lib/api-client';

export interface LeadSummary {
  counts: LeadCounts;
  /** Videos matching the search, or null without one. */
  matches: number | null;
}

/** GET /api/lead/summary: the seven tile counts, narrowed to a client, plus search matches. */
export function getLeadSummary(clientId: string | null, q: string): Promise<LeadSummary> {
  const params = new URLSearchParams();
  if (clientId) params.set('clientId', clientId);
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return apiJson<LeadSummary>('GET', `/api/lead/summary${query ? `?${query}` : ''}`);
}

/**
 * Keyed under '/api/videos' so every video write (which refreshes that prefix) refreshes the
 * tiles too. The previous counts stay on screen while new ones load, so tiles do not flash.
 */
export function useLeadSummary(clientId: string | null, q: string) {
  return useQuery({
    queryKey: ['/api/videos', 'lead-summary', clientId, q.trim()],
    queryFn: () => getLeadSummary(clientId, q),
    placeholderData: keepPreviousData,
  });
}
