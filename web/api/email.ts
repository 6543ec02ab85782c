import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, OutboxView } from '@domain/email';
import { apiJson } from '../lib/api-client';

/** Email (server/modules/email): one's own settings, and the king's view of the outbox. */

/** Query keys: the GET paths, segment by segment. */
export const emailKeys = {
  settings: () => ['/api/email', 'settings'] as const,
  outbox: () => ['/api/admin', 'email-outbox'] as const,
};

/** GET /api/email/settings: the signed-in user's address, choices and time zone. */
export function useEmailSettings() {
  return useQuery({
    queryKey: emailKeys.settings(),
    queryFn: () => apiJson<EmailSettings>('GET', '/api/email/settings'),
  });
}

/** PUT /api/email/settings: the answer is the settings as kept. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettings) => apiJson<EmailSettings>('PUT', '/api/email/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(emailKeys.settings(), saved),
  });
}

/** GET /api/admin/email-outbox: the newest messages with their delivery status (king only). */
export function useEmailOutbox(enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.outbox(),
    queryFn: () => apiJson<OutboxView>('GET', '/api/admin/email-outbox'),
    enabled,
  });
}
