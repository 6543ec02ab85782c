import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

export type CountedEditor = PublicUser & { clientCount: number };

/** GET /api/editors: role editor only, each with the number of clients assigned. */
export function useEditorsWithCounts() {
  return useQuery({
    queryKey: ['/api/editors'],
    queryFn: () => apiJson<CountedEditor[]>('GET', '/api/editors'),
  });
}
