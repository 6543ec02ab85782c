import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportPreview } from '@domain/import';
import { importRefusedSchema } from '@domain/import';
import { ApiError, apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateAdmin } from './admin';
import { invalidateVideos } from './videos';

/** What an import answered: done (its message), or refused with the preview naming the rows. */
export type ImportResult =
  { done: true; message: string } | { done: false; message: string; preview: ImportPreview };

/** POST /api/import/{kind}/preview: what importing the file would do; writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ kind, csv }: { kind: ImportKind; csv: string }) =>
      apiJson<ImportPreview>('POST', `/api/import/${kind}/preview`, { csv }),
  });
}

/**
 * POST /api/import/{kind}: the whole file or nothing. A refusal (422) is an answer, not an
 * error: it carries the preview naming each bad row. Afterwards the people and videos are read
 * again.
 */
export function useRunImport() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: async (body: { kind: ImportKind; csv: string }): Promise<ImportResult> => {
      try {
        const answer = await keys.send(body, (headers) =>
          apiJson<{ message: string }>(
            'POST',
            `/api/import/${body.kind}`,
            { csv: body.csv },
            headers,
          ),
        );
        return { done: true, message: answer.message };
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const refused = importRefusedSchema.safeParse(JSON.parse(error.body));
          if (refused.success) return { done: false, ...refused.data };
        }
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result.done) {
        void invalidateAdmin(queryClient);
        void invalidateVideos(queryClient);
      }
    },
  });
}
