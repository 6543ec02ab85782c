/**
 * The team-lead queries: every read of /api/team-leads (the managers' pairs, a team lead's own
 * clients) sits under one prefix, so one invalidation after an assign or a removal refreshes
 * them all.
 */
export const teamLeadKeys = {
  all: ['/api/team-leads'] as const,
  assignments: () => ['/api/team-leads', 'assignments'] as const,
  myClients: () => ['/api/team-leads', 'my-clients'] as const,
};
