import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { AssignedClient } from './get-my-clients';

/** GET /api/clients: every client with counts (staff), for managers' 'Create Video For'. */
export function getClients(): Promise<AssignedClient[]> {
  return apiJson<AssignedClient[]>('GET', '/api/clients');
}

export function useClients(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['/api/clients'], queryFn: getClients, ...options });
}
