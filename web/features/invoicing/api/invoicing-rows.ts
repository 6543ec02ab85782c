import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InvoicingRow,
  InvoicingSortKey,
  PaymentResult,
  VideoPayment,
} from '../../../../domain/invoicing';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { INVOICING_KEYS, refreshInvoicing, toQuery } from './keys';

export interface InvoicingFilters {
  dateFilter: 'current' | 'all' | 'custom';
  from: string;
  to: string;
  clientId: string;
  editorId: string;
  type: string;
  paymentStatus: '' | 'paid' | 'unpaid';
  sortBy: InvoicingSortKey;
  sortOrder: 'asc' | 'desc';
}

export const DEFAULT_FILTERS: InvoicingFilters = {
  dateFilter: 'current',
  from: '',
  to: '',
  clientId: '',
  editorId: '',
  type: '',
  paymentStatus: '',
  sortBy: 'clientName',
  sortOrder: 'asc',
};

/** The query string of GET /api/admin/invoicing (and of its CSV export). */
export function invoicingQueryString(f: InvoicingFilters): string {
  const custom = f.dateFilter === 'custom';
  return toQuery({
    dateFilter: f.dateFilter,
    from: custom ? f.from : undefined,
    to: custom ? f.to : undefined,
    clientId: f.clientId,
    editorId: f.editorId,
    type: f.type,
    paymentStatus: f.paymentStatus,
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  });
}

/** A custom range needs at least one end before it is asked for. */
export const filtersReady = (f: InvoicingFilters) =>
  f.dateFilter !== 'custom' || Boolean(f.from || f.to);

/**
 * Rows per page of the table: the screen asks for the first page when it opens and the next one
 * on "Load more" (offset paging; the count of all matching rows comes from x-total-count). The
 * CSV export has every matching row at once.
 */
const PAGE_SIZE = 100;

export interface InvoicingPage {
  rows: InvoicingRow[];
  /** All rows matching the filters, as the server counted them with this page. */
  total: number;
}

/** The path of one page of GET /api/admin/invoicing for the query string of the filters. */
function invoicingPagePath(query: string, offset: number): string {
  return `${INVOICING_KEYS.rows}${query}${query ? '&' : '?'}limit=${PAGE_SIZE}&offset=${offset}`;
}

/** Rows already loaded: the offset of the next page, or undefined when all are loaded. */
function nextInvoicingOffset(pages: InvoicingPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.rows.length === 0) return undefined;
  const loaded = pages.reduce((n, page) => n + page.rows.length, 0);
  return loaded < last.total ? loaded : undefined;
}

/**
 * The table's rows, a page at a time, keyed by the filters (a new filter starts again at the
 * first page). A refresh after a write refetches every loaded page.
 */
export function useInvoicingRows(filters: InvoicingFilters) {
  const query = invoicingQueryString(filters);
  return useInfiniteQuery({
    queryKey: [INVOICING_KEYS.rows, query],
    queryFn: async ({ pageParam }): Promise<InvoicingPage> => {
      const response = await apiRequest('GET', invoicingPagePath(query, pageParam));
      const rows = (await response.json()) as InvoicingRow[];
      const total = Number(response.headers.get('x-total-count') ?? NaN);
      return { rows, total: Number.isFinite(total) ? total : pageParam + rows.length };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextInvoicingOffset(pages),
    enabled: filtersReady(filters),
  });
}

/** PATCH /api/admin/payment (mark paid) or /payment/reverse (mark unpaid). */
export function useChangePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoIds, to }: { videoIds: string[]; to: 'paid' | 'unpaid' }) =>
      apiJson<PaymentResult>(
        'PATCH',
        to === 'paid' ? '/api/admin/payment' : '/api/admin/payment/reverse',
        { videoIds },
      ),
    onSettled: () => refreshInvoicing(queryClient),
  });
}

/** PATCH /api/admin/videos/{id}/payment-amount. */
export function useSetPaymentAmount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentAmount }: { id: string; paymentAmount: string }) =>
      apiJson<VideoPayment>('PATCH', `/api/admin/videos/${encodeURIComponent(id)}/payment-amount`, {
        paymentAmount,
      }),
    onSettled: () => refreshInvoicing(queryClient),
  });
}
