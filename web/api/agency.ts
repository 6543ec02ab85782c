import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Agency, AgencyBody } from '@domain/invoices';
import { apiJson } from '../lib/api-client';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

const AGENCY = '/api/admin/agency';

/**
 * GET/PUT /api/admin/agency (issue 42): the seller on every invoice, its currency and tax, the
 * default revision-round pricing and the default frame rate (issue 43). Shapes: domain/invoices.ts.
 */

export const agencyKeys = { details: [AGENCY] as const };

export const invalidateAgency = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: agencyKeys.details });

export function useAgencyDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: agencyKeys.details,
    queryFn: () => apiJson<Agency>('GET', AGENCY),
    enabled,
  });
}

/** PUT /api/admin/agency: the whole record. Round pricing moves what unpaid work owes. */
export function useSaveAgencyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyBody) => apiJson<Agency>('PUT', AGENCY, body),
    onSuccess: (saved) => queryClient.setQueryData(agencyKeys.details, saved),
    onSettled: () =>
      Promise.all([
        invalidateAgency(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
      ]),
  });
}

/**
 * The agency's currency for the money that goes on invoices (retainer fees, invoices): 'USD'
 * until the details are read.
 */
export const useAgencyCurrency = (): string => useAgencyDetails().data?.currency ?? 'USD';
