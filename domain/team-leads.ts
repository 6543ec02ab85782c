import { z } from 'zod';

/**
 * Client team leads (DESIGN.md section 4): a team lead of client C acts for C. Managers assign
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
