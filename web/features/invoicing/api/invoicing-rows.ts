import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoicingRow,
  InvoicingSortKey,
  PaymentResult,
  VideoPayment,
} from '../../../../domain/invoicing';
import { apiJson } from '../../../lib/api-client';
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

export function useInvoicingRows(filters: InvoicingFilters) {
  const query = invoicingQueryString(filters);
  return useQuery({
    queryKey: [INVOICING_KEYS.rows, query],
    queryFn: () => apiJson<InvoicingRow[]>('GET', `${INVOICING_KEYS.rows}${query}`),
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
