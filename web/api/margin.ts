import { useQuery } from '@tanstack/react-query';
import type { MarginQuery, MarginReport } from '@domain/margin';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';

/** Margin reads revenue, so revenue's invalidation (web/api/revenue.ts) refreshes it too. */
export const MARGIN = '/api/admin/margin';

/** Margin (revenue minus editor payouts) of a period, grouped one way; its key starts with the GET path. */
export const marginKeys = {
  report: (query: MarginQuery) => [MARGIN, query] as const,
};

/** The address of the margin CSV of the same query (a download link, not a fetch). */
export const marginCsvUrl = (query: MarginQuery) => `${MARGIN}.csv${toQuery(query)}`;

export function useMargin(query: MarginQuery) {
  return useQuery({
    queryKey: marginKeys.report(query),
    queryFn: () => apiJson<MarginReport>('GET', `${MARGIN}${toQuery(query)}`),
  });
}
