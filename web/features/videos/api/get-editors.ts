import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { EditorSummary } from './get-my-editors';

/** GET /api/editors: every editor, for managers' choices. */
export function getEditors(): Promise<EditorSummary[]> {
  return apiJson<EditorSummary[]>('GET', '/api/editors');
}

export function useEditors(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['/api/editors'], queryFn: getEditors, ...options });
}
