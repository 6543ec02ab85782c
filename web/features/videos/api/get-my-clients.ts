import { useQuery } from '@tanstack/react-query';
import type { DirectoryUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

export interface AssignedClient extends DirectoryUser {
  videoCount: number;
  editorCount: number;
}

/** GET /api/assignments/my-clients: the clients an editor is assigned to, with video counts. */
export async function getMyClients(): Promise<AssignedClient[]> {
  const body = await apiJson<{ assignedClients: AssignedClient[] }>(
    'GET',
    '/api/assignments/my-clients',
  );
  return body.assignedClients;
}

export function useMyClients(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['/api/assignments/my-clients'],
    queryFn: getMyClients,
    ...options,
  });
}
