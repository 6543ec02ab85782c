import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  LedClientList,
  TeamLeadAssignment,
  TeamLeadAssignmentBody,
  TeamLeadList,
} from '@domain/team-leads';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';

/**
 * Client team leads (server/modules/team-leads): managers' pairs, a team lead's clients. Query
 * keys are the GET paths, segment by segment; the managers' list, GET /api/team-leads, is also
 * the prefix of every other.
 */
export const teamLeadKeys = {
  all: ['/api/team-leads'] as const,
  myClients: () => ['/api/team-leads', 'my-clients'] as const,
};

/** After an assignment or a removal: every read of /api/team-leads is read again. */
export function invalidateTeamLeads(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: teamLeadKeys.all });
}

/** GET /api/team-leads (managers): every client-team lead pair with both people. */
export function useTeamLeadAssignments(enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamLeadKeys.all,
    queryFn: async () => (await apiJson<TeamLeadList>('GET', '/api/team-leads')).assignments,
  });
}

/** GET /api/team-leads/my-clients: the clients the signed-in team lead leads, by name. */
export function useLedClients(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamLeadKeys.myClients(),
    queryFn: async () =>
      (await apiJson<LedClientList>('GET', '/api/team-leads/my-clients')).clients,
    ...options,
  });
}

/** POST /api/team-leads (managers): the team lead now leads the client. */
export function useAssignTeamLead() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (body: TeamLeadAssignmentBody) =>
      keys.send(body, (headers) =>
        apiJson<TeamLeadAssignment>('POST', '/api/team-leads', body, headers),
      ),
    onSettled: () => invalidateTeamLeads(queryClient),
  });
}

/** DELETE /api/team-leads/{clientId}/{teamLeadId} (managers). */
export function useRemoveTeamLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, teamLeadId }: TeamLeadAssignmentBody) =>
      apiJson<MessageAnswer>(
        'DELETE',
        `/api/team-leads/${encodeURIComponent(clientId)}/${encodeURIComponent(teamLeadId)}`,
      ),
    onSettled: () => invalidateTeamLeads(queryClient),
  });
}
