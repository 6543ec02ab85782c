import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AssignedEditors, EditorWithCounts } from '@domain/assignments';
import { apiJson } from '../lib/api-client';
import { invalidateKeys } from '../lib/query-client';

/** The lists of editors, each with how many clients it has; each key is its GET path. */
export const editorKeys = {
  all: ['/api/editors'] as const,
  mine: ['/api/assignments/my-editors'] as const,
};

export const invalidateEditors = (queryClient: QueryClient) =>
  invalidateKeys(queryClient, [editorKeys.all, editorKeys.mine]);

/** GET /api/editors: every editor for staff; a client side those it works with. */
export const getEditors = () => apiJson<EditorWithCounts[]>('GET', '/api/editors');

export function useEditors(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: editorKeys.all, queryFn: getEditors, ...options });
}

/** GET /api/assignments/my-editors: the editors assigned to the signed-in client. */
export async function getMyEditors(): Promise<EditorWithCounts[]> {
  return (await apiJson<AssignedEditors>('GET', '/api/assignments/my-editors')).assignedEditors;
}

export function useMyEditors(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: editorKeys.mine, queryFn: getMyEditors, ...options });
}
