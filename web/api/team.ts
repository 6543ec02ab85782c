import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@domain/user';
import { apiJson } from '../lib/api-client';

/** The people a manager or an editor manages (the team tab, /users/{id}); the key is its GET path. */
export const teamKeys = {
  all: ['/api/king/users'] as const,
};

export function invalidateTeam(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

/** GET /api/king/users: everyone for managers, an editor's assigned clients for editors. */
export const getTeam = () => apiJson<PublicUser[]>('GET', '/api/king/users');

export function useTeam(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: teamKeys.all, queryFn: getTeam, ...options });
}
