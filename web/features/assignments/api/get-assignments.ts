import { useQuery } from '@tanstack/react-query';
import type { AssignmentStatistics } from '../../../../domain/assignments';
import type { PublicUser } from '../../../../domain/user';
import { apiJson } from '../../../lib/api-client';

export interface Assignment {
  id: string;
  clientId: string;
  editorId: string;
  createdAt: string;
  client: PublicUser;
  editor: PublicUser;
}

export interface AssignmentsResponse {
  assignments: Assignment[];
  statistics: AssignmentStatistics;
}

/** GET /api/assignments (managers): every pair and the statistics. */
export function useAssignments(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['/api/assignments'],
    queryFn: () => apiJson<AssignmentsResponse>('GET', '/api/assignments'),
  });
}
