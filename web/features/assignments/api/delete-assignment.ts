import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { ASSIGNMENT_RELATED_KEYS } from './keys';

/** DELETE /api/assignments/{clientId}/{editorId}. */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, editorId }: { clientId: string; editorId: string }) =>
      apiJson<{ message: string }>(
        'DELETE',
        `/api/assignments/${encodeURIComponent(clientId)}/${encodeURIComponent(editorId)}`,
      ),
    onSettled: () =>
      Promise.all(
        ASSIGNMENT_RELATED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
