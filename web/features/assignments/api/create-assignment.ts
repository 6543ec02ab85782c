import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { ASSIGNMENT_RELATED_KEYS } from './keys';

/** POST /api/assignments. */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; editorId: string }) =>
      apiJson<unknown>('POST', '/api/assignments', body),
    onSettled: () =>
      Promise.all(
        ASSIGNMENT_RELATED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
