import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

export interface EditorSummary extends PublicUser {
  clientCount: number;
}

/** GET /api/assignments/my-editors: the editors assigned to the signed-in client. */
export async function getMyEditors(): Promise<EditorSummary[]> {
  const body = await apiJson<{ assignedEditors: EditorSummary[] }>(
    'GET',
    '/api/assignments/my-editors',
  );
  return body.assignedEditors;
}

export function useMyEditors(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['/api/assignments/my-editors'],
    queryFn: getMyEditors,
    ...options,
  });
}
