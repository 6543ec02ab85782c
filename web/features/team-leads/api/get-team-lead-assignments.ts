import { useQuery } from '@tanstack/react-query';
import type { TeamLeadAssignment } from '../../../../domain/team-leads';
import { apiJson } from '../../../lib/api-client';
import { teamLeadKeys } from './keys';

/** GET /api/team-leads (managers): every client-team lead pair with both people. */
export function useTeamLeadAssignments(enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamLeadKeys.assignments(),
    queryFn: async () =>
      (await apiJson<{ assignments: TeamLeadAssignment[] }>('GET', '/api/team-leads')).assignments,
  });
}
