import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type { Assignment, AssignmentList, CreateAssignmentBody } from '@domain/assignments';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { invalidateClients } from './clients';
import { invalidateEditors } from './editors';
import { invalidateVideos } from './videos';

/** The managers' list of client-editor pairs; the key is its GET path. */
export const assignmentKeys = {
  all: ['/api/assignments'] as const,
};

export function invalidateAssignments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
}

/** A pair changes the pairs and both sides' counts: every list of them is read again. */
const invalidatePairsAndCounts = (queryClient: QueryClient) =>
  Promise.all([
    invalidateAssignments(queryClient),
    invalidateClients(queryClient),
    invalidateEditors(queryClient),
  ]);

/** GET /api/assignments (managers): every pair and the statistics. */
export const getAssignments = () => apiJson<AssignmentList>('GET', '/api/assignments');

export function useAssignments(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: assignmentKeys.all, queryFn: getAssignments, ...options });
}

/** POST /api/assignments. */
export const createAssignment = (
  body: CreateAssignmentBody,
  headers: Record<string, string> = {},
) => apiJson<Assignment>('POST', '/api/assignments', body, headers);

export function useCreateAssignment() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: CreateAssignmentBody) =>
      keys.send(body, (headers) => createAssignment(body, headers)),
    onSettled: () => invalidatePairsAndCounts(queryClient),
  });
}

/** DELETE /api/assignments/{clientId}/{editorId}. */
export const deleteAssignment = ({ clientId, editorId }: CreateAssignmentBody) =>
  apiJson<MessageAnswer>(
    'DELETE',
    `/api/assignments/${encodeURIComponent(clientId)}/${encodeURIComponent(editorId)}`,
  );

/**
 * The editor also stops being the editor of that client's videos, so the video lists are read
 * again too.
 */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSettled: () =>
      Promise.all([invalidatePairsAndCounts(queryClient), invalidateVideos(queryClient)]),
  });
}
