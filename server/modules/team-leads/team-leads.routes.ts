import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import { normalizeRole } from '@domain/roles';
import {
  ledClientListSchema,
  TEAM_LEAD_MESSAGES,
  teamLeadAssignmentBody,
  teamLeadAssignmentSchema,
  teamLeadDuplicateAnswer,
  teamLeadListQuery,
  teamLeadListSchema,
  teamLeadPairParams,
} from '@domain/team-leads';
import type { Db } from '../../db/client';
import { currentManager, currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { addClientPair, newPairRoute } from '../assignments/client-pairs';
import { toPublicUser } from '../users/users.repository';
import {
  deleteTeamLeadAssignment,
  insertTeamLeadAssignment,
  ledClients,
  listTeamLeadAssignments,
} from './team-leads.repository';

/**
 * Client team leads (docs/rules.md#who-may-do-what): managers list, assign and remove them per client, as
 * they do editors; a team lead reads the clients it leads.
 */
export const teamLeadsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/team-leads',
    {
      schema: {
        querystring: teamLeadListQuery,
        response: { 200: teamLeadListSchema },
      },
    },
    async (request) => {
      currentManager(request, 'Only managers can view team lead assignments');
      return { assignments: await listTeamLeadAssignments(db, request.query) };
    },
  );

  app.get(
    '/api/team-leads/my-clients',
    { schema: { response: { 200: ledClientListSchema } } },
    async (request) => {
      const viewer = currentUser(request);
      // Only a team lead leads clients; anyone else leads none.
      if (normalizeRole(viewer.role) !== 'client_team_lead') return { clients: [] };
      return { clients: await ledClients(db, viewer.id) };
    },
  );

  app.post(
    '/api/team-leads',
    newPairRoute(teamLeadAssignmentBody, teamLeadAssignmentSchema, teamLeadDuplicateAnswer),
    async (request, reply) => {
      const manager = currentManager(request, TEAM_LEAD_MESSAGES.managersOnly);
      const { clientId, teamLeadId } = request.body;
      const { row, client, other } = await addClientPair(
        { db, notifier: app.notifier, manager },
        clientId,
        { id: teamLeadId, role: 'client_team_lead', refusal: TEAM_LEAD_MESSAGES.teamLeadRole },
        TEAM_LEAD_MESSAGES,
        (tx) => insertTeamLeadAssignment(tx, { clientId, teamLeadId, assignedBy: manager.id }),
      );
      return reply.status(201).send({
        id: row.id,
        clientId,
        teamLeadId,
        assignedAt: row.assignedAt.toISOString(),
        client: toPublicUser(client),
        teamLead: toPublicUser(other),
      });
    },
  );

  app.delete(
    '/api/team-leads/:clientId/:teamLeadId',
    {
      schema: {
        params: teamLeadPairParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      currentManager(request, TEAM_LEAD_MESSAGES.managersOnly);
      const { clientId, teamLeadId } = request.params;
      if (!(await deleteTeamLeadAssignment(db, clientId, teamLeadId))) {
        throw new HttpError(404, TEAM_LEAD_MESSAGES.notFound);
      }
      return { message: TEAM_LEAD_MESSAGES.removed };
    },
  );
};
