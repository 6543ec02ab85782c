import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * The table shows at most this many rows (the most a payment call takes at once, too); the
 * count of all matching rows comes from x-total-count, and the CSV export has them all.
 */
export const ROW_LIMIT = 1000;

export function useInvoicingRows(filters: InvoicingFilters) {
  const query = invoicingQueryString(filters);
  return useQuery({
    queryKey: [INVOICING_KEYS.rows, query],
    queryFn: async () => {
      const paged = `${query}${query ? '&' : '?'}limit=${ROW_LIMIT}`;
      const response = await apiRequest('GET', `${INVOICING_KEYS.rows}${paged}`);
      const rows = (await response.json()) as InvoicingRow[];
      const total = Number(response.headers.get('x-total-count') ?? rows.length);
      return { rows, total: Number.isFinite(total) ? total : rows.length };
    },
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
