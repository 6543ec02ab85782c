import { useQuery } from '@tanstack/react-query';
import type { LedClient } from '../../../../domain/team-leads';
import { apiJson } from '../../../lib/api-client';
import { teamLeadKeys } from './keys';

/** GET /api/team-leads/my-clients: the clients the signed-in team lead leads, by name. */
export function useLedClients(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamLeadKeys.myClients(),
    queryFn: async () =>
      (await apiJson<{ clients: LedClient[] }>('GET', '/api/team-leads/my-clients')).clients,
    ...options,
  });
}
