import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FrameRateId, RoundFeeKind } from '@domain/money-labels';
import { apiJson } from '../lib/api-client';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

const AGENCY = '/api/admin/agency';

/**
 * GET/PUT /api/admin/agency (issue 42, helper C's route): the seller on every invoice, its
 * currency and tax, the default revision-round pricing and the default frame rate (issue 43).
 * Merge note: written from the contract before the route existed; when C's domain file exports
 * the schema, this type becomes its `z.infer` (and the PUT body its `z.input`).
 */
export interface AgencyDetails {
  name: string;
  address: string;
  taxId: string;
  /** A PNG or JPEG data URL of at most 200 KB, or null. */
  logo: string | null;
  paymentTermsDays: number;
  paymentInstructions: string;
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
  /** Percent as a decimal string ('8.25'), or null for no tax. */
  taxRate: string | null;
  includedRounds: number;
  roundFeeKind: RoundFeeKind;
  /** Two decimals: an amount (flat) or a percentage (percent). */
  roundFee: string;
  frameRate: FrameRateId;
}

export const agencyKeys = { details: [AGENCY] as const };

export const invalidateAgency = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: agencyKeys.details });

export function useAgencyDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: agencyKeys.details,
    queryFn: () => apiJson<AgencyDetails>('GET', AGENCY),
    enabled,
  });
}

/** PUT /api/admin/agency: the whole record. Round pricing moves what unpaid work owes. */
export function useSaveAgencyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyDetails) => apiJson<AgencyDetails>('PUT', AGENCY, body),
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
