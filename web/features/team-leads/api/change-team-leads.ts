import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamLeadAssignment, TeamLeadAssignmentBody } from '../../../../domain/team-leads';
import { apiJson } from '../../../lib/api-client';
import { teamLeadKeys } from './keys';

/** POST /api/team-leads (managers): the team lead now leads the client. */
export function useAssignTeamLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamLeadAssignmentBody) =>
      apiJson<TeamLeadAssignment>('POST', '/api/team-leads', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamLeadKeys.all }),
  });
}

/** DELETE /api/team-leads/{clientId}/{teamLeadId} (managers). */
export function useRemoveTeamLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, teamLeadId }: TeamLeadAssignmentBody) =>
      apiJson<{ message: string }>(
        'DELETE',
        `/api/team-leads/${encodeURIComponent(clientId)}/${encodeURIComponent(teamLeadId)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamLeadKeys.all }),
  });
}
