import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

/**
 * GET /api/king/users: everyone for managers, an editor's assigned clients for editors. Keyed
 * under '/api/king' so video writes (which refresh that prefix) keep it fresh.
 */
export function useTeam(enabled = true) {
  return useQuery({
    queryKey: ['/api/king', 'users'],
    queryFn: () => apiJson<PublicUser[]>('GET', '/api/king/users'),
    enabled,
  });
}
