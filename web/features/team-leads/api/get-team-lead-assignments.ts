import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';
import { teamLeadKeys } from './keys';

export interface TeamLeadAssignment {
  id: string;
  clientId: string;
  teamLeadId: string;
  assignedAt: string;
  client: PublicUser;
  teamLead: PublicUser;
}

/** GET /api/team-leads (managers): every client-team lead pair with both people. */
export function useTeamLeadAssignments(enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamLeadKeys.assignments(),
    queryFn: async () =>
      (await apiJson<{ assignments: TeamLeadAssignment[] }>('GET', '/api/team-leads')).assignments,
  });
}
