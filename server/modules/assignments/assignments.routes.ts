import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import {
  ASSIGNMENT_MESSAGES,
  assignedClientsSchema,
  assignedEditorsSchema,
  assignmentListSchema,
  assignmentParams,
  assignmentSchema,
  assignmentStatistics,
  clientEditorsParams,
  clientListSchema,
  createAssignmentBody,
  editorListSchema,
} from '@domain/assignments';
import { isManager, normalizeRole, seesWholeDirectory, type Actor } from '@domain/roles';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { directoryIds } from '../users/directory';
import { findUserById } from '../users/users.repository';
import { loadViewerScope } from '../videos/scope';
import {
  clientIdsOf,
  editorIdsOf,
  insertAssignment,
  listAssignments,
  listClientsWithCounts,
  listEditorsWithCounts,
  removeAssignment,
  toAssignment,
} from './assignments.repository';

/** Clients, editors and the pairs between them (SPEC.md section 5, DESIGN.md section 4). */
export const assignmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Whom the viewer's lists of people may hold (DESIGN.md section 4, user lists): staff everyone
   * with the admin flag; a client itself and the people it works with, a team lead its clients
   * and theirs, without it.
   */
  async function directoryOf(viewer: Actor) {
    const visible = await directoryIds(db, viewer);
    return { ids: visible ? [...visible] : undefined, withAdminFlag: seesWholeDirectory(viewer) };
  }

  app.get('/api/clients', { schema: { response: { 200: clientListSchema } } }, async (request) =>
    listClientsWithCounts(db, await directoryOf(currentUser(request))),
  );

  app.get('/api/editors', { schema: { response: { 200: editorListSchema } } }, async (request) =>
    listEditorsWithCounts(db, await directoryOf(currentUser(request))),
  );

  app.get(
    '/api/clients/:clientId/editors',
    { schema: { params: clientEditorsParams, response: { 200: assignedEditorsSchema } } },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const { clientId } = request.params;
      const allowed =
        clientId === scope.id || isManager(scope) || scope.teamClientIds.has(clientId);
      if (!allowed) throw new HttpError(404, ASSIGNMENT_MESSAGES.clientNotFound);
      const assignedEditors = await listEditorsWithCounts(db, {
        ids: await editorIdsOf(db, clientId),
        withAdminFlag: seesWholeDirectory(scope),
      });
      return { assignedEditors };
    },
  );

  app.get(
    '/api/assignments/my-clients',
    { schema: { response: { 200: assignedClientsSchema } } },
    async (request) => {
      const viewer = currentUser(request);
      const assignedClients = await listClientsWithCounts(db, {
        ids: await clientIdsOf(db, viewer.id),
        withAdminFlag: seesWholeDirectory(viewer),
      });
      return { assignedClients };
    },
  );

  app.get(
    '/api/assignments/my-editors',
    { schema: { response: { 200: assignedEditorsSchema } } },
    async (request) => {
      const viewer = currentUser(request);
      const assignedEditors = await listEditorsWithCounts(db, {
        ids: await editorIdsOf(db, viewer.id),
        withAdminFlag: seesWholeDirectory(viewer),
      });
      return { assignedEditors };
    },
  );

  app.get(
    '/api/assignments',
    { schema: { response: { 200: assignmentListSchema } } },
    async (request) => {
      if (!isManager(currentUser(request))) {
        throw new HttpError(403, ASSIGNMENT_MESSAGES.managersOnlyList);
      }
      const { assignments, clientIds, editorCount } = await listAssignments(db);
      return {
        assignments,
        statistics: assignmentStatistics({ clientIds, editorCount, pairs: assignments }),
      };
    },
  );

  app.post(
    '/api/assignments',
    {
      schema: {
        body: createAssignmentBody,
        response: { 201: assignmentSchema, 409: messageAnswer },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      if (!isManager(viewer)) throw new HttpError(403, ASSIGNMENT_MESSAGES.managersOnlyAssign);
      const { clientId, editorId } = request.body;
      const [client, editor] = await Promise.all([
        findUserById(db, clientId),
        findUserById(db, editorId),
      ]);
      if (!client || normalizeRole(client.role) !== 'client') {
        throw new HttpError(400, ASSIGNMENT_MESSAGES.clientRole);
      }
      if (!editor || normalizeRole(editor.role) !== 'editor') {
        throw new HttpError(400, ASSIGNMENT_MESSAGES.editorRole);
      }
      // The assignment and the editor's notification commit together (pushed after the commit).
      const row = await app.notifier.transaction(async (tx, notify) => {
        const created = await insertAssignment(tx, clientId, editorId);
        if (!created) throw new HttpError(409, ASSIGNMENT_MESSAGES.duplicate);
        await notify.clientAssigned(viewer, client, editor);
        return created;
      });
      return reply.status(201).send(toAssignment(row, client, editor));
    },
  );

  app.delete(
    '/api/assignments/:clientId/:editorId',
    { schema: { params: assignmentParams, response: { 200: messageAnswer } } },
    async (request) => {
      const viewer = currentUser(request);
      if (!isManager(viewer)) throw new HttpError(403, ASSIGNMENT_MESSAGES.managersOnlyUnassign);
      const { clientId, editorId } = request.params;
      const [client, editor] = await Promise.all([
        findUserById(db, clientId),
        findUserById(db, editorId),
      ]);
      // One transaction: the moment the editor leaves the client's team they also stop being the
      // editor of its videos, so no read or edit path is left open (DESIGN.md section 5); the
      // notice to them commits with it.
      await app.notifier.transaction(async (tx, notify) => {
        const unassigned = await removeAssignment(tx, clientId, editorId);
        if (unassigned === null) throw new HttpError(404, ASSIGNMENT_MESSAGES.notFound);
        if (client && editor) await notify.clientUnassigned(viewer, client, editor, unassigned);
      });
      return { message: ASSIGNMENT_MESSAGES.unassigned };
    },
  );
};
