import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the invoicing page; the first element is the call's path. */
export const INVOICING_KEYS = {
  rows: '/api/admin/invoicing',
  summary: '/api/admin/revenue/summary',
  trends: '/api/admin/revenue/trends',
  breakdown: '/api/admin/revenue/breakdown',
  aging: '/api/admin/revenue/unpaid-aging',
  videoTypes: '/api/video-types',
  clientPricing: '/api/admin/client-pricing',
  plans: '/api/admin/pricing-plans',
  invoices: '/api/admin/invoices',
} as const;

/**
 * Any write here can change amounts, revenue and prices shown elsewhere on the page, so every
 * invoicing read is refreshed (SPEC.md section 7: after a write, related lists are refreshed).
 */
export function refreshInvoicing(queryClient: QueryClient) {
  const paths = new Set<string>(Object.values(INVOICING_KEYS));
  return queryClient.invalidateQueries({
    predicate: (query) => paths.has(String(query.queryKey[0])),
  });
}

/** A query string of the defined, non-empty values. */
export function toQuery(params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
