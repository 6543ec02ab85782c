import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  DateFilter,
  InvoicingQueryInput,
  InvoicingRow,
  InvoicingSortKey,
  PaymentAmountBody,
  PaymentBody,
  PaymentResult,
  PaymentStatus,
  VideoPayment,
} from '@domain/invoicing';
import { apiJson, apiRequest } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { toQuery } from '../lib/query-string';
// invoices.ts imports this file back (an invoice's payment moves the rows): the two call each
// other's invalidation only when a write settles, never while the modules load.
import { invalidateInvoices } from './invoices';
import { invalidateRetainers } from './retainers';
import { invalidateRevenue } from './revenue';

const ROWS = '/api/admin/invoicing';

/** The invoicing table's filters, as the page keeps them ('' for "any"). */
export interface InvoicingFilters {
  dateFilter: DateFilter;
  from: string;
  to: string;
  clientId: string;
  editorId: string;
  type: string;
  paymentStatus: '' | PaymentStatus;
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

/** The query of GET /api/admin/invoicing (and of its CSV export) for the filters. */
function invoicingQueryOf(f: InvoicingFilters): InvoicingQueryInput {
  const custom = f.dateFilter === 'custom';
  return {
    dateFilter: f.dateFilter,
    from: custom ? f.from || undefined : undefined,
    to: custom ? f.to || undefined : undefined,
    clientId: f.clientId || undefined,
    editorId: f.editorId || undefined,
    type: f.type || undefined,
    paymentStatus: f.paymentStatus || undefined,
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
}

/** The query string of the filters: the table's pages and the CSV export read the same rows. */
export const invoicingQueryString = (f: InvoicingFilters): string => toQuery(invoicingQueryOf(f));

/** A custom range needs at least one end before it is asked for. */
export const filtersReady = (f: InvoicingFilters) =>
  f.dateFilter !== 'custom' || Boolean(f.from || f.to);

/** The invoicing rows; the key is the GET path and the query (its pages inside). */
export const invoicingKeys = {
  all: [ROWS] as const,
  rows: (query: InvoicingQueryInput) => [ROWS, query] as const,
};

/** After a payment or a price change the amounts, statuses and totals of the rows change. */
export function invalidateInvoicing(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invoicingKeys.all });
}

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

/** One page of GET /api/admin/invoicing. */
async function getInvoicingPage(
  query: InvoicingQueryInput,
  offset: number,
): Promise<InvoicingPage> {
  const response = await apiRequest(
    'GET',
    `${ROWS}${toQuery({ ...query, limit: PAGE_SIZE, offset } satisfies InvoicingQueryInput)}`,
  );
  const rows = (await response.json()) as InvoicingRow[];
  const total = Number(response.headers.get('x-total-count') ?? NaN);
  return { rows, total: Number.isFinite(total) ? total : offset + rows.length };
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
  const query = invoicingQueryOf(filters);
  return useInfiniteQuery({
    queryKey: invoicingKeys.rows(query),
    queryFn: ({ pageParam }) => getInvoicingPage(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextInvoicingOffset(pages),
    enabled: filtersReady(filters),
  });
}

/**
 * A payment write moves the rows, the revenue figures, what issued invoices say is paid and
 * the retainers' months: all are read again when it settles.
 */
function usePaymentMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
        invalidateInvoices(queryClient),
        invalidateRetainers(queryClient),
      ]),
  });
}

/** PATCH /api/admin/payment (mark paid) or /payment/reverse (mark unpaid). */
export function useChangePayment() {
  // One Idempotency-Key per submission: a retried payment is paid (or reversed) once.
  const keys = useSubmissionKeys();
  return usePaymentMutation(({ videoIds, to }: PaymentBody & { to: PaymentStatus }) =>
    keys.send({ videoIds, to }, (headers) =>
      apiJson<PaymentResult>(
        'PATCH',
        to === 'paid' ? '/api/admin/payment' : '/api/admin/payment/reverse',
        { videoIds } satisfies PaymentBody,
        headers,
      ),
    ),
  );
}

/** PATCH /api/admin/videos/{id}/payment-amount. */
export const useSetPaymentAmount = () =>
  usePaymentMutation(({ id, paymentAmount }: PaymentAmountBody & { id: string }) =>
    apiJson<VideoPayment>('PATCH', `/api/admin/videos/${encodeURIComponent(id)}/payment-amount`, {
      paymentAmount,
    } satisfies PaymentAmountBody),
  );
