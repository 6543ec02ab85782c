import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  ClientCustomPrice,
  ClientPlan,
  ClientPlanBody,
  ClientPricingDetail,
  ClientPricingList,
  CreatePlanBody,
  CreateRuleBody,
  CustomPriceBody,
  DefaultPriceBody,
  PricingPlan,
  PricingRule,
  UpdatePlanBody,
  VideoTypePrice,
} from '@domain/invoicing';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateKeys } from '../lib/query-client';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

const VIDEO_TYPES = '/api/video-types';
const CLIENT_PRICING = '/api/admin/client-pricing';
const PLANS = '/api/admin/pricing-plans';

/** Video types and their prices, client prices and pricing plans; each key is its GET path. */
export const pricingKeys = {
  videoTypes: [VIDEO_TYPES] as const,
  clientPricing: [CLIENT_PRICING] as const,
  clientPricingDetail: (clientId: string | null) => [CLIENT_PRICING, clientId] as const,
  plans: [PLANS] as const,
};

export const invalidatePricing = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [
    pricingKeys.videoTypes,
    pricingKeys.clientPricing,
    pricingKeys.plans,
  ]);

/** GET /api/video-types: the active types, with prices for the king and admins. */
export function useVideoTypes() {
  return useQuery({
    queryKey: pricingKeys.videoTypes,
    queryFn: () => apiJson<VideoTypePrice[]>('GET', VIDEO_TYPES),
  });
}

export function useClientPricingList() {
  return useQuery({
    queryKey: pricingKeys.clientPricing,
    queryFn: () => apiJson<ClientPricingList>('GET', CLIENT_PRICING),
  });
}

export function useClientPricingDetail(clientId: string | null) {
  return useQuery({
    queryKey: pricingKeys.clientPricingDetail(clientId),
    queryFn: () =>
      apiJson<ClientPricingDetail>(
        'GET',
        `${CLIENT_PRICING}/${encodeURIComponent(clientId ?? '')}`,
      ),
    enabled: Boolean(clientId),
  });
}

export function usePricingPlans() {
  return useQuery({
    queryKey: pricingKeys.plans,
    queryFn: () => apiJson<PricingPlan[]>('GET', PLANS),
  });
}

/**
 * One hook per write. A price is what unpaid work owes, so each write refreshes the prices, the
 * invoicing rows and the revenue figures when it settles.
 */
function usePricingMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidatePricing(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
      ]),
  });
}

const enc = encodeURIComponent;

export const useSetDefaultPrice = () =>
  usePricingMutation(({ id, defaultPrice }: DefaultPriceBody & { id: string }) =>
    apiJson<VideoTypePrice>('PATCH', `/api/admin/video-types/${enc(id)}/price`, {
      defaultPrice,
    } satisfies DefaultPriceBody),
  );

type ClientType = { clientId: string; videoTypeId: string };

export const useSetCustomPrice = () =>
  usePricingMutation(({ clientId, videoTypeId, price }: CustomPriceBody & ClientType) =>
    apiJson<ClientCustomPrice>('PATCH', `${CLIENT_PRICING}/${enc(clientId)}/${enc(videoTypeId)}`, {
      price,
    } satisfies CustomPriceBody),
  );

export const useRemoveCustomPrice = () =>
  usePricingMutation(({ clientId, videoTypeId }: ClientType) =>
    apiJson<MessageAnswer>('DELETE', `${CLIENT_PRICING}/${enc(clientId)}/${enc(videoTypeId)}`),
  );

export const useAssignClientPlan = () =>
  usePricingMutation(({ clientId, planId }: ClientPlanBody & { clientId: string }) =>
    apiJson<ClientPlan>('PUT', `/api/admin/clients/${enc(clientId)}/pricing-plan`, {
      planId,
    } satisfies ClientPlanBody),
  );

export function useCreatePlan() {
  const keys = useSubmissionKeys();
  return usePricingMutation((body: CreatePlanBody) =>
    keys.send(body, (headers) => apiJson<PricingPlan>('POST', PLANS, body, headers)),
  );
}

export const useUpdatePlan = () =>
  usePricingMutation(({ id, ...body }: UpdatePlanBody & { id: string }) =>
    apiJson<PricingPlan>('PATCH', `${PLANS}/${enc(id)}`, body),
  );

export const useDeletePlan = () =>
  usePricingMutation((id: string) => apiJson<MessageAnswer>('DELETE', `${PLANS}/${enc(id)}`));

export function useCreateRule() {
  const keys = useSubmissionKeys();
  return usePricingMutation(({ planId, ...body }: CreateRuleBody & { planId: string }) =>
    keys.send({ planId, ...body }, (headers) =>
      apiJson<PricingRule>('POST', `${PLANS}/${enc(planId)}/rules`, body, headers),
    ),
  );
}

export const useDeleteRule = () =>
  usePricingMutation(({ planId, ruleId }: { planId: string; ruleId: string }) =>
    apiJson<MessageAnswer>('DELETE', `${PLANS}/${enc(planId)}/rules/${enc(ruleId)}`),
  );
