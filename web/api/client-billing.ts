import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoundFeeKind } from '@domain/money-labels';
import { apiJson } from '../lib/api-client';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

const enc = encodeURIComponent;
const CLIENTS = '/api/admin/clients';
const billingPath = (clientId: string) => `/api/admin/clients/${enc(clientId)}/billing`;

/**
 * GET/PUT /api/admin/clients/{id}/billing (issue 42, helper C's route): the buyer on the client's
 * invoices and the client's own revision-round pricing (null: its plan's or the agency's).
 * Merge note: written from the contract; becomes the `z.infer` of C's domain schema.
 */
export interface ClientBilling {
  companyName: string;
  billingAddress: string;
  taxId: string;
  billingEmail: string;
  includedRounds: number | null;
  roundFeeKind: RoundFeeKind | null;
  roundFee: string | null;
}

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
    mutationFn: ({ clientId, ...body }: ClientBilling & { clientId: string }) =>
      apiJson<ClientBilling>('PUT', billingPath(clientId), body),
    onSettled: () =>
      Promise.all([
        invalidateClientBilling(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
      ]),
  });
}
