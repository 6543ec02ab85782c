import { z } from 'zod';

export const ASSIGNMENT_MESSAGES = {
  clientRequired: 'Please select a client',
  editorRequired: 'Please select an editor',
  clientRole: 'Only users with role client can be assigned editors',
  editorRole: 'Only users with role editor can be assigned to clients',
  duplicate: 'This editor is already assigned to this client',
  notFound: 'Assignment not found',
} as const;

export const createAssignmentBody = z.object({
  clientId: z.uuid({ error: ASSIGNMENT_MESSAGES.clientRequired }),
  editorId: z.uuid({ error: ASSIGNMENT_MESSAGES.editorRequired }),
});

export interface AssignmentStatistics {
  totalAssignments: number;
  unassignedClients: number;
  /** Percent of clients with at least one editor, rounded to a whole number. */
  assignmentHealthScore: number;
  /** Assignments per editor, rounded to one decimal. */
  averageAssignmentsPerEditor: number;
}

export function assignmentStatistics(input: {
  clientIds: readonly string[];
  editorCount: number;
  pairs: readonly { clientId: string }[];
}): AssignmentStatistics {
  const assigned = new Set(input.pairs.map((p) => p.clientId));
  const clients = input.clientIds.length;
  const assignedClients = input.clientIds.filter((id) => assigned.has(id)).length;
  return {
    totalAssignments: input.pairs.length,
    unassignedClients: clients - assignedClients,
    assignmentHealthScore: clients ? Math.round((assignedClients / clients) * 100) : 100,
    averageAssignmentsPerEditor: input.editorCount
      ? Math.round((input.pairs.length / input.editorCount) * 10) / 10
      : 0,
  };
}
