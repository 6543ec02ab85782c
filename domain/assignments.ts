import { z } from 'zod';
import { directoryUserSchema, publicUserSchema } from './user';

/** Editors assigned to clients (docs/rules.md#who-may-do-what: managers assign and unassign). */
export const ASSIGNMENT_MESSAGES = {
  clientRequired: 'Please select a client',
  editorRequired: 'Please select an editor',
  clientRole: 'Only users with role client can be assigned editors',
  editorRole: 'Only users with role editor can be assigned to clients',
  duplicate: 'This editor is already assigned to this client',
  notFound: 'Assignment not found',
  clientNotFound: 'Client not found',
  managersOnlyList: 'Only managers can view all assignments',
  managersOnlyAssign: 'Only managers can assign editors',
  managersOnlyUnassign: 'Only managers can unassign editors',
  unassigned: 'Editor unassigned successfully',
} as const;

export const createAssignmentBody = z.object({
  clientId: z.uuid({ error: ASSIGNMENT_MESSAGES.clientRequired }),
  editorId: z.uuid({ error: ASSIGNMENT_MESSAGES.editorRequired }),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

/** DELETE /api/assignments/{clientId}/{editorId}: malformed ids are an assignment not found. */
export const assignmentParams = z.object({
  clientId: z.uuid({ error: ASSIGNMENT_MESSAGES.notFound }),
  editorId: z.uuid({ error: ASSIGNMENT_MESSAGES.notFound }),
});

/** GET /api/clients/{clientId}/editors. */
export const clientEditorsParams = z.object({
  clientId: z.uuid({ error: ASSIGNMENT_MESSAGES.clientNotFound }),
});

/**
 * A client in a list of clients (GET /api/clients, /api/assignments/my-clients): a person as
 * the viewer may see them (docs/rules.md#who-may-do-what, user lists) with their videos and editors.
 */
export const clientWithCountsSchema = directoryUserSchema.extend({
  videoCount: z.number(),
  editorCount: z.number(),
});
export type ClientWithCounts = z.infer<typeof clientWithCountsSchema>;
export const clientListSchema = z.array(clientWithCountsSchema);

/** An editor in a list of editors, with how many clients they are assigned to. */
export const editorWithCountsSchema = directoryUserSchema.extend({ clientCount: z.number() });
export type EditorWithCounts = z.infer<typeof editorWithCountsSchema>;
export const editorListSchema = z.array(editorWithCountsSchema);

/** GET /api/assignments/my-clients: the clients the signed-in editor is assigned to. */
export const assignedClientsSchema = z.object({ assignedClients: clientListSchema });
export type AssignedClients = z.infer<typeof assignedClientsSchema>;
/** GET /api/assignments/my-editors and /api/clients/{clientId}/editors. */
export const assignedEditorsSchema = z.object({ assignedEditors: editorListSchema });
export type AssignedEditors = z.infer<typeof assignedEditorsSchema>;

/** One client-editor pair with both people (GET and POST /api/assignments). */
export const assignmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  editorId: z.string(),
  createdAt: z.string(),
  client: publicUserSchema,
  editor: publicUserSchema,
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentStatisticsSchema = z.object({
  totalAssignments: z.number(),
  unassignedClients: z.number(),
  /** Percent of clients with at least one editor, rounded to a whole number. */
  assignmentHealthScore: z.number(),
  /** Assignments per editor, rounded to one decimal. */
  averageAssignmentsPerEditor: z.number(),
});
export type AssignmentStatistics = z.infer<typeof assignmentStatisticsSchema>;

/** GET /api/assignments (managers): every pair and the statistics. */
export const assignmentListSchema = z.object({
  assignments: z.array(assignmentSchema),
  statistics: assignmentStatisticsSchema,
});
export type AssignmentList = z.infer<typeof assignmentListSchema>;

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
