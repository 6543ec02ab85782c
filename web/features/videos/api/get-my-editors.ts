import { useQuery } from '@tanstack/react-query';
import type { DirectoryUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

/** A person in a list: the admin flag only for staff viewers (DESIGN.md section 4). */
export interface EditorSummary extends DirectoryUser {
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
