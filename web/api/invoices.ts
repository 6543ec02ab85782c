import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  InvoiceAction,
  InvoiceDetail,
  InvoicePreview,
  InvoiceStatus,
  InvoiceSummary,
} from '@domain/invoices';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateInvoicing } from './invoicing';
import { invalidateRetainers } from './retainers';
import { invalidateRevenue } from './revenue';

/* Issued invoices (issue 42). Shapes: domain/invoices.ts. */

const INVOICES = '/api/admin/invoices';
const MY_INVOICES = '/api/me/invoices';
const enc = encodeURIComponent;

const CLIENTS = '/api/admin/clients';

/** Each key is its GET path's parts (a preview's: `['/api/admin/clients', id, 'invoice-preview']`). */
export const invoiceKeys = {
  list: [INVOICES] as const,
  byStatus: (status: InvoiceStatus) => [INVOICES, { status }] as const,
  one: (id: string | null) => [INVOICES, id] as const,
  preview: (clientId: string | null) => [CLIENTS, clientId, 'invoice-preview'] as const,
  mine: [MY_INVOICES] as const,
  myOne: (id: string | null) => [MY_INVOICES, id] as const,
};

/** The PDF of an invoice: the king's route or the client's own. */
export const invoicePdfUrl = (id: string, side: 'admin' | 'me' = 'admin') =>
  `${side === 'admin' ? INVOICES : MY_INVOICES}/${enc(id)}/pdf`;

/** Every invoice read: the king's list, an invoice, a preview, the client's own list. */
export const invalidateInvoices = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceKeys.list }),
    queryClient.invalidateQueries({ queryKey: invoiceKeys.mine }),
    // Previews go stale without a refetch: the one just issued has nothing left (a 409), and
    // a preview is read afresh each time the issue dialog shows one.
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === CLIENTS && queryKey[2] === 'invoice-preview',
      refetchType: 'none',
    }),
  ]).then(() => undefined);

/** GET /api/admin/invoices (newest first), or those of one status ('overdue' for the aging). */
export function useInvoices(status?: InvoiceStatus) {
  return useQuery({
    queryKey: status ? invoiceKeys.byStatus(status) : invoiceKeys.list,
    queryFn: () => apiJson<InvoiceSummary[]>('GET', `${INVOICES}${toQuery({ status })}`),
  });
}

export function useIssuedInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: () => apiJson<InvoiceDetail>('GET', `${INVOICES}/${enc(id ?? '')}`),
    enabled: Boolean(id),
  });
}

export function useInvoicePreview(clientId: string | null) {
  return useQuery({
    queryKey: invoiceKeys.preview(clientId),
    queryFn: () =>
      apiJson<InvoicePreview>('GET', `${CLIENTS}/${enc(clientId ?? '')}/invoice-preview`),
    enabled: Boolean(clientId),
  });
}

/** Issuing, paying or sending an invoice: the invoices, the rows, revenue and retainers move. */
function useInvoiceMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidateInvoices(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
        invalidateRetainers(queryClient),
      ]),
  });
}

/** POST /api/admin/invoices {clientId}: one Idempotency-Key per submission (issued once). */
export function useIssueInvoice() {
  const keys = useSubmissionKeys();
  return useInvoiceMutation(({ clientId }: { clientId: string }) =>
    keys.send({ clientId }, (headers) =>
      apiJson<InvoiceDetail>('POST', INVOICES, { clientId }, headers),
    ),
  );
}

/** POST /api/admin/invoices/{id}/pay: every line paid. */
export const usePayInvoice = () =>
  useInvoiceMutation((id: string) => apiJson<InvoiceAction>('POST', `${INVOICES}/${enc(id)}/pay`));

/** POST /api/admin/invoices/{id}/send {to?}: queued by email with the PDF. */
export const useSendInvoice = () =>
  useInvoiceMutation(({ id, to }: { id: string; to?: string }) =>
    apiJson<InvoiceAction>('POST', `${INVOICES}/${enc(id)}/send`, to ? { to } : {}),
  );

/** The signed-in client's invoices (clients only). */
export function useMyInvoices(enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.mine,
    queryFn: () => apiJson<InvoiceSummary[]>('GET', MY_INVOICES),
    enabled,
  });
}
