import { useQuery } from '@tanstack/react-query';
import type {
  Invoice,
  RevenueBreakdown,
  RevenueSummary,
  RevenueTrend,
  UnpaidAging,
} from '../../../../domain/invoicing';
import { apiJson } from '../../../lib/api-client';
import { INVOICING_KEYS, toQuery } from './keys';

export function useRevenueSummary(month: string) {
  return useQuery({
    queryKey: [INVOICING_KEYS.summary, month],
    queryFn: () => apiJson<RevenueSummary>('GET', `${INVOICING_KEYS.summary}${toQuery({ month })}`),
  });
}

/** The six months ending with `end` (the current month by default). */
export function useRevenueTrends(start: string, end: string) {
  return useQuery({
    queryKey: [INVOICING_KEYS.trends, start, end],
    queryFn: () =>
      apiJson<RevenueTrend>('GET', `${INVOICING_KEYS.trends}${toQuery({ start, end })}`),
  });
}

export function useRevenueBreakdown(month: string) {
  return useQuery({
    queryKey: [INVOICING_KEYS.breakdown, month],
    queryFn: () =>
      apiJson<RevenueBreakdown>('GET', `${INVOICING_KEYS.breakdown}${toQuery({ month })}`),
  });
}

export function useUnpaidAging() {
  return useQuery({
    queryKey: [INVOICING_KEYS.aging],
    queryFn: () => apiJson<UnpaidAging>('GET', INVOICING_KEYS.aging),
  });
}

export function useInvoice(clientId: string | null, month: string) {
  return useQuery({
    queryKey: [INVOICING_KEYS.invoices, clientId, month],
    queryFn: () =>
      apiJson<Invoice>(
        'GET',
        `${INVOICING_KEYS.invoices}/${encodeURIComponent(clientId ?? '')}${toQuery({ month })}`,
      ),
    enabled: Boolean(clientId),
  });
}
