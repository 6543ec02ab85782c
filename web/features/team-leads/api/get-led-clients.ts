import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { teamLeadKeys } from './keys';

export type LedClient = PublicUser & { videoCount: number };

/** GET /api/team-leads/my-clients: the clients the signed-in team lead leads, by name. */
export function useLedClients(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamLeadKeys.myClients(),
    queryFn: async () =>
      (await apiJson<{ clients: LedClient[] }>('GET', '/api/team-leads/my-clients')).clients,
    ...options,
  });
}
