import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ClientPricingDetail,
  clientPricingListSchema,
  PricingPlan,
  videoTypeSchema,
} from '../../../../domain/invoicing';
import { apiJson } from '../../../lib/api-client';
import { INVOICING_KEYS, refreshInvoicing } from './keys';

export type VideoTypePrice = z.infer<typeof videoTypeSchema>;
export type ClientPricingList = z.infer<typeof clientPricingListSchema>;

export function useVideoTypes() {
  return useQuery({
    queryKey: [INVOICING_KEYS.videoTypes],
    queryFn: () => apiJson<VideoTypePrice[]>('GET', INVOICING_KEYS.videoTypes),
  });
}

export function useClientPricingList() {
  return useQuery({
    queryKey: [INVOICING_KEYS.clientPricing],
    queryFn: () => apiJson<ClientPricingList>('GET', INVOICING_KEYS.clientPricing),
  });
}

export function useClientPricingDetail(clientId: string | null) {
  return useQuery({
    queryKey: [INVOICING_KEYS.clientPricing, clientId],
    queryFn: () =>
      apiJson<ClientPricingDetail>(
        'GET',
        `${INVOICING_KEYS.clientPricing}/${encodeURIComponent(clientId ?? '')}`,
      ),
    enabled: Boolean(clientId),
  });
}

export function usePricingPlans() {
  return useQuery({
    queryKey: [INVOICING_KEYS.plans],
    queryFn: () => apiJson<PricingPlan[]>('GET', INVOICING_KEYS.plans),
  });
}

/** One mutation hook per write; each refreshes every invoicing read when it settles. */
function useInvoicingMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshInvoicing(queryClient) });
}

const enc = encodeURIComponent;

export const useSetDefaultPrice = () =>
  useInvoicingMutation(({ id, defaultPrice }: { id: string; defaultPrice: string }) =>
    apiJson<VideoTypePrice>('PATCH', `/api/admin/video-types/${enc(id)}/price`, { defaultPrice }),
  );

export const useSetCustomPrice = () =>
  useInvoicingMutation(
    ({ clientId, videoTypeId, price }: { clientId: string; videoTypeId: string; price: string }) =>
      apiJson('PATCH', `/api/admin/client-pricing/${enc(clientId)}/${enc(videoTypeId)}`, { price }),
  );

export const useRemoveCustomPrice = () =>
  useInvoicingMutation(({ clientId, videoTypeId }: { clientId: string; videoTypeId: string }) =>
    apiJson('DELETE', `/api/admin/client-pricing/${enc(clientId)}/${enc(videoTypeId)}`),
  );

export const useAssignClientPlan = () =>
  useInvoicingMutation(({ clientId, planId }: { clientId: string; planId: string | null }) =>
    apiJson('PUT', `/api/admin/clients/${enc(clientId)}/pricing-plan`, { planId }),
  );

export interface PlanInput {
  name?: string;
  displayName?: string;
  description?: string;
  isActive?: boolean;
  isDefault?: boolean;
}

export const useCreatePlan = () =>
  useInvoicingMutation((body: PlanInput) =>
    apiJson<PricingPlan>('POST', '/api/admin/pricing-plans', body),
  );

export const useUpdatePlan = () =>
  useInvoicingMutation(({ id, ...body }: PlanInput & { id: string }) =>
    apiJson<PricingPlan>('PATCH', `/api/admin/pricing-plans/${enc(id)}`, body),
  );

export const useDeletePlan = () =>
  useInvoicingMutation((id: string) => apiJson('DELETE', `/api/admin/pricing-plans/${enc(id)}`));

export interface RuleInput {
  videoTypeId: string;
  minDurationSeconds: number;
  maxDurationSeconds: number | null;
  price: string;
}

export const useCreateRule = () =>
  useInvoicingMutation(({ planId, ...body }: RuleInput & { planId: string }) =>
    apiJson('POST', `/api/admin/pricing-plans/${enc(planId)}/rules`, body),
  );

export const useDeleteRule = () =>
  useInvoicingMutation(({ planId, ruleId }: { planId: string; ruleId: string }) =>
    apiJson('DELETE', `/api/admin/pricing-plans/${enc(planId)}/rules/${enc(ruleId)}`),
  );
