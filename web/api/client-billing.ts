import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClientBilling, ClientBillingBody } from '@domain/invoices';
import { apiJson } from '../lib/api-client';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

const enc = encodeURIComponent;
const CLIENTS = '/api/admin/clients';
const billingPath = (clientId: string) => `/api/admin/clients/${enc(clientId)}/billing`;

/**
 * GET/PUT /api/admin/clients/{id}/billing (issue 42): the buyer on the client's invoices and the
 * client's own revision-round pricing (null: its plan's or the agency's). Shapes:
 * domain/invoices.ts.
 */

/** The key is the GET path's parts: `['/api/admin/clients', id, 'billing']`. */
export const clientBillingKeys = {
  one: (clientId: string | null) => [CLIENTS, clientId, 'billing'] as const,
};

export const invalidateClientBilling = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === CLIENTS && queryKey[2] === 'billing',
  });

export function useClientBilling(clientId: string | null) {
  return useQuery({
    queryKey: clientBillingKeys.one(clientId),
    queryFn: () => apiJson<ClientBilling>('GET', billingPath(clientId ?? '')),
    enabled: Boolean(clientId),
  });
}

/** PUT /api/admin/clients/{id}/billing: the whole record. */
export function useSaveClientBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, ...body }: ClientBillingBody & { clientId: string }) =>
      apiJson<ClientBilling>('PUT', billingPath(clientId), body),
    onSettled: () =>
      Promise.all([
        invalidateClientBilling(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
      ]),
  });
}
