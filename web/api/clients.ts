import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AssignedClients, ClientWithCounts } from '@domain/assignments';
import { apiJson } from '../lib/api-client';
import { invalidateKeys } from '../lib/query-client';

/**
 * The lists of clients, each with its video and editor counts; each key is its GET path. A
 * video, assignment or user write changes the counts, so those writes refresh them.
 */
export const clientKeys = {
  all: ['/api/clients'] as const,
  mine: ['/api/assignments/my-clients'] as const,
};

export const invalidateClients = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [clientKeys.all, clientKeys.mine]);

/**
 * GET /api/clients: every client for staff (managers' 'Create Video For', the assignments, the
 * lead dashboard's picker); a client only itself, a team lead its clients.
 */
export const getClients = () => apiJson<ClientWithCounts[]>('GET', '/api/clients');

export function useClients(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: clientKeys.all, queryFn: getClients, ...options });
}

/** GET /api/assignments/my-clients: the clients the signed-in editor is assigned to. */
export async function getMyClients(): Promise<ClientWithCounts[]> {
  return (await apiJson<AssignedClients>('GET', '/api/assignments/my-clients')).assignedClients;
}

export function useMyClients(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: clientKeys.mine, queryFn: getMyClients, ...options });
}
