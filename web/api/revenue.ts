import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  RevenueBreakdown,
  RevenueSummary,
  RevenueTrend,
  UnpaidAging,
} from '@domain/invoicing';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';
import { MARGIN } from './margin';

const SUMMARY = '/api/admin/revenue/summary';
const TRENDS = '/api/admin/revenue/trends';
const BREAKDOWN = '/api/admin/revenue/breakdown';
const AGING = '/api/admin/revenue/unpaid-aging';

/** Revenue and what is owed (the invoicing page's figures); each key starts with its GET path. */
export const revenueKeys = {
  summary: (month: string) => [SUMMARY, { month }] as const,
  trends: (start: string, end: string) => [TRENDS, { start, end }] as const,
  breakdown: (month: string) => [BREAKDOWN, { month }] as const,
  aging: [AGING] as const,
};

// Margin is revenue minus payouts: a payment changes it too.
const REVENUE_PATHS = new Set<unknown>([SUMMARY, TRENDS, BREAKDOWN, AGING, MARGIN]);

/** After a payment or a price change: revenue, outstanding amounts and margin change. */
export function invalidateRevenue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => REVENUE_PATHS.has(query.queryKey[0]),
  });
}

export function useRevenueSummary(month: string) {
  return useQuery({
    queryKey: revenueKeys.summary(month),
    queryFn: () => apiJson<RevenueSummary>('GET', `${SUMMARY}${toQuery({ month })}`),
  });
}

/** The six months ending with `end` (the current month by default). */
export function useRevenueTrends(start: string, end: string) {
  return useQuery({
    queryKey: revenueKeys.trends(start, end),
    queryFn: () => apiJson<RevenueTrend>('GET', `${TRENDS}${toQuery({ start, end })}`),
  });
}

export function useRevenueBreakdown(month: string) {
  return useQuery({
    queryKey: revenueKeys.breakdown(month),
    queryFn: () => apiJson<RevenueBreakdown>('GET', `${BREAKDOWN}${toQuery({ month })}`),
  });
}

export function useUnpaidAging() {
  return useQuery({
    queryKey: revenueKeys.aging,
    queryFn: () => apiJson<UnpaidAging>('GET', AGING),
  });
}
