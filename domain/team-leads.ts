import { z } from 'zod';
import { messageAnswer } from './api';
import { publicUserSchema } from './user';

/**
 * Client team leads (docs/rules.md#who-may-do-what): a team lead of client C acts for C. Managers assign
 * and remove them per client (client_team_lead_assignments); these are the call's words.
 */
export const TEAM_LEAD_MESSAGES = {
  clientRequired: 'Please select a client',
  teamLeadRequired: 'Please select a team lead',
  clientRole: 'Only users with role client can have team leads',
  teamLeadRole: 'Only client team leads can lead a client',
  duplicate: 'This team lead already leads this client',
  notFound: 'Team lead assignment not found',
  managersOnly: 'Only managers can assign team leads',
  assigned: 'Team lead assigned successfully',
  removed: 'Team lead removed successfully',
} as const;

export const teamLeadAssignmentBody = z.object({
  clientId: z.uuid({ error: TEAM_LEAD_MESSAGES.clientRequired }),
  teamLeadId: z.uuid({ error: TEAM_LEAD_MESSAGES.teamLeadRequired }),
});
export type TeamLeadAssignmentBody = z.infer<typeof teamLeadAssignmentBody>;

/** GET /api/team-leads (managers): every pair, or a client's, or a team lead's. */
export const teamLeadListQuery = z.object({
  clientId: z.uuid({ error: 'Unknown client' }).optional(),
  teamLeadId: z.uuid({ error: 'Unknown team lead' }).optional(),
});

/** DELETE /api/team-leads/{clientId}/{teamLeadId}. */
export const teamLeadPairParams = z.object({
  clientId: z.uuid({ error: TEAM_LEAD_MESSAGES.notFound }),
  teamLeadId: z.uuid({ error: TEAM_LEAD_MESSAGES.notFound }),
});

/** One client-team lead pair with both people (GET and POST /api/team-leads). */
export const teamLeadAssignmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  teamLeadId: z.string(),
  assignedAt: z.string(),
  client: publicUserSchema,
  teamLead: publicUserSchema,
});
export type TeamLeadAssignment = z.infer<typeof teamLeadAssignmentSchema>;

export const teamLeadListSchema = z.object({ assignments: z.array(teamLeadAssignmentSchema) });
export type TeamLeadList = z.infer<typeof teamLeadListSchema>;

/** POST /api/team-leads when the pair exists already. */
export const teamLeadDuplicateAnswer = messageAnswer.describe(TEAM_LEAD_MESSAGES.duplicate);

/**
 * A client as its team lead lists it (GET /api/team-leads/my-clients): its public fields without
 * the admin flag, which a client side never reads (docs/rules.md#who-may-do-what), and its video count.
 */
export const ledClientSchema = publicUserSchema
  .omit({ isAdmin: true })
  .extend({ videoCount: z.number() });
export type LedClient = z.infer<typeof ledClientSchema>;

export const ledClientListSchema = z.object({ clients: z.array(ledClientSchema) });
export type LedClientList = z.infer<typeof ledClientListSchema>;
