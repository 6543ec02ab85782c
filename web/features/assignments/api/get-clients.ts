import { useQuery } from '@tanstack/react-query';
import type { DirectoryUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

export type ClientWithCounts = DirectoryUser & { videoCount: number; editorCount: number };

/** GET /api/clients: role client only, with video and editor counts. */
export function useClientsWithCounts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['/api/clients'],
    queryFn: () => apiJson<ClientWithCounts[]>('GET', '/api/clients'),
  });
}
