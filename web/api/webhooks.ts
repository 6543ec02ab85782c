import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  WebhookDeliveryView,
  WebhookEndpointInput,
  WebhookEndpointPatch,
  WebhookEndpointView,
  WebhookList,
  WebhookSettings,
} from '@domain/webhooks';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';

/** The king's webhooks (issue 46): endpoints, their delivery logs, the private-address setting. */
export const webhookKeys = {
  list: () => ['/api/admin/webhooks'] as const,
  deliveries: (id: string) => ['/api/admin/webhooks', id, 'deliveries'] as const,
};

/** GET /api/admin/webhooks (king only). */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => apiJson<WebhookList>('GET', '/api/admin/webhooks'),
  });
}

/** GET /api/admin/webhooks/:id/deliveries: the newest 100, newest first. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: () =>
      apiJson<{ deliveries: WebhookDeliveryView[] }>('GET', `/api/admin/webhooks/${id}/deliveries`),
    enabled: id !== null,
  });
}

/** Every webhook mutation refreshes the list (and with it each endpoint's last delivery). */
function useWebhookMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  deliveriesOf?: (v: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, vars) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(), exact: true });
      if (deliveriesOf) {
        await queryClient.invalidateQueries({
          queryKey: webhookKeys.deliveries(deliveriesOf(vars)),
        });
      }
    },
  });
}

/** POST /api/admin/webhooks: the answer has the secret, shown only then. */
export function useCreateWebhook() {
  const keys = useSubmissionKeys();
  return useWebhookMutation((body: WebhookEndpointInput) =>
    keys.send(body, (headers) =>
      apiJson<{ endpoint: WebhookEndpointView; secret: string }>(
        'POST',
        '/api/admin/webhooks',
        body,
        headers,
      ),
    ),
  );
}

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...patch }: WebhookEndpointPatch & { id: string }) =>
    apiJson<WebhookEndpointView>('PATCH', `/api/admin/webhooks/${id}`, patch),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => apiJson<MessageAnswer>('DELETE', `/api/admin/webhooks/${id}`));

/** POST …/deliveries/:deliveryId/resend: a new delivery of the same event, due now. */
export const useResendDelivery = () =>
  useWebhookMutation(
    ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      apiJson<WebhookDeliveryView>(
        'POST',
        `/api/admin/webhooks/${id}/deliveries/${deliveryId}/resend`,
      ),
    (vars) => vars.id,
  );

export const useSaveWebhookSettings = () =>
  useWebhookMutation((body: WebhookSettings) =>
    apiJson<WebhookSettings>('PUT', '/api/admin/webhooks/settings', body),
  );
