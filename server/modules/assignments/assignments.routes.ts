import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { isManager, seesWholeDirectory, type Actor } from '@domain/roles';
import type { Db } from '../../db/client';
import { currentManager, currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { directoryIds } from '../users/directory';
import { findUserById } from '../users/users.repository';
import { SCOPE_TABLES } from '../scope/readable';
import { loadViewerScope } from '../scope/scope';
import {
  clientListVersion,
  clientsOfEditor,
  editorIdsOf,
  editorsOfClient,
  insertAssignment,
  listAssignments,
  listClientsWithCounts,
  listEditorsWithCounts,
  removeAssignment,
  toAssignment,
} from './assignments.repository';
import { addClientPair, newPairRoute } from './client-pairs';

/**
 * For whom the list of clients is kept in the read cache: the viewers whose label holds the scope
 * of every client the list shows them (video-access.test.ts holds it to the labels).
 */
export const clientListKeptFor = (user: Actor) => isManager(user) || !seesWholeDirectory(user);

/** Clients, editors and the pairs between them (docs/product.md#validation-and-messages, docs/rules.md#who-may-do-what). */
export const assignmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Whom the viewer's lists of people may hold (docs/rules.md#who-may-do-what, user lists): staff everyone
   * with the admin flag; a client itself and the people it works with, a team lead its clients
   * and theirs, without it.
   */
  async function directoryOf(viewer: Actor) {
    const visible = await directoryIds(db, viewer);
    return shownTo(viewer, visible ? [...visible] : undefined);
  }

  /** A list of the people `ids` (every one when undefined) as `viewer` may see them. */
  const shownTo = (viewer: Actor, ids: Parameters<typeof listClientsWithCounts>[1]['ids']) => ({
    ids,
    withAdminFlag: seesWholeDirectory(viewer),
  });

  /**
   * The other side of the signed-in user's own pairs (`idsOf`: their clients or editors), read
   * in the statement that lists them.
   */
  function ownPairs(request: FastifyRequest, idsOf: typeof clientsOfEditor) {
    const viewer = currentUser(request);
    return shownTo(viewer, idsOf(db, viewer.id));
  }

  /**
   * The whole list of clients as last made, by whether it shows the admin flag, with the version
   * of the rows it was made from (clientListVersion). A manager's answer depends on every
   * client, so any write anywhere moves its label (ADR 0007) while the list seldom changes: a
   * status change moves no count of it. Then one statement that hashes the rows in the database
   * stands for reading and serializing a row a client. Row versions (xmin) repeat only across a
   * database put back from a backup, reached after the cache feed was down: emptied then, and
   * a list read while it was is not kept (the generation).
   */
  const wholeClientList = new Map<boolean, { version: string; body: Buffer }>();
  let clientListGeneration = 0;
  app.cacheBus.subscribe((message) => {
    if (message !== null) return;
    wholeClientList.clear();
    clientListGeneration += 1;
  });

  // Kept in the read cache, but not for an editor: staff see every client, and an editor's label
  // holds only their own clients' scopes. A manager's holds everyone's; a client's and a team
  // lead's hold every client they may see.
  app.get(
    '/api/clients',
    {
      config: {
        cacheable: clientListKeptFor,
        timeless: true,
        reads: ['users', 'video_counts', 'videos', ...SCOPE_TABLES],
      },
      schema: { response: { 200: clientListSchema } },
    },
    async (request, reply) => {
      const directory = await directoryOf(currentUser(request));
      if (directory.ids) return (await listClientsWithCounts(db, directory)).clients;
      // Every client (staff): made again only when a client, or a count, changed (its version).
      const generation = clientListGeneration;
      const kept = wholeClientList.get(directory.withAdminFlag);
      // Sent as made: bytes the response schema's serializer wrote (reply.serialize).
      const json: FastifyReply = reply.type('application/json; charset=utf-8');
      const same = kept && kept.version === (await clientListVersion(db));
      if (same && generation === clientListGeneration) return json.send(kept.body);
      const { clients, version } = await listClientsWithCounts(db, directory);
      const body = Buffer.from(reply.serialize(clients) as string);
      // Not kept with the caches off (READ_CACHE=off): then `kept` is never there.
      if (version && app.cacheBus.keeps && generation === clientListGeneration) {
        wholeClientList.set(directory.withAdminFlag, { version, body });
      }
      return json.send(body);
    },
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
      const assignedEditors = await listEditorsWithCounts(
        db,
        shownTo(scope, await editorIdsOf(db, clientId)),
      );
      return { assignedEditors };
    },
  );

  // Kept in the read cache: an editor's label holds their own scope and each assigned client's,
  // which every row of this answer moves (the pair, the client's videos, editors and name).
  app.get(
    '/api/assignments/my-clients',
    {
      config: {
        cacheable: true,
        timeless: true,
        reads: ['users', 'video_counts', 'client_editor_assignments'],
      },
      schema: { response: { 200: assignedClientsSchema } },
    },
    async (request) => ({
      assignedClients: (await listClientsWithCounts(db, ownPairs(request, clientsOfEditor)))
        .clients,
    }),
  );

  // Kept in the read cache: a client's label holds its own scope (its pairs, the editors' names
  // are 'global') and each of its editors' pairs (their client counts; migration 0017).
  app.get(
    '/api/assignments/my-editors',
    {
      config: { cacheable: true, timeless: true, reads: ['users', 'client_editor_assignments'] },
      schema: { response: { 200: assignedEditorsSchema } },
    },
    async (request) => ({
      assignedEditors: await listEditorsWithCounts(db, ownPairs(request, editorsOfClient)),
    }),
  );

  app.get(
    '/api/assignments',
    { schema: { response: { 200: assignmentListSchema } } },
    async (request) => {
      currentManager(request, ASSIGNMENT_MESSAGES.managersOnlyList);
      const { assignments, clientIds, editorCount } = await listAssignments(db);
      return {
        assignments,
        statistics: assignmentStatistics({ clientIds, editorCount, pairs: assignments }),
      };
    },
  );

  app.post(
    '/api/assignments',
    newPairRoute(createAssignmentBody, assignmentSchema, messageAnswer),
    async (request, reply) => {
      const manager = currentManager(request, ASSIGNMENT_MESSAGES.managersOnlyAssign);
      const { clientId, editorId } = request.body;
      const { row, client, other } = await addClientPair(
        { db, notifier: app.notifier, manager },
        clientId,
        { id: editorId, role: 'editor', refusal: ASSIGNMENT_MESSAGES.editorRole },
        ASSIGNMENT_MESSAGES,
        (tx) => insertAssignment(tx, clientId, editorId),
      );
      return reply.status(201).send(toAssignment(row, client, other));
    },
  );

  app.delete(
    '/api/assignments/:clientId/:editorId',
    { schema: { params: assignmentParams, response: { 200: messageAnswer } } },
    async (request) => {
      const viewer = currentManager(request, ASSIGNMENT_MESSAGES.managersOnlyUnassign);
      const { clientId, editorId } = request.params;
      const [client, editor] = await Promise.all([
        findUserById(db, clientId),
        findUserById(db, editorId),
      ]);
      // One transaction: the moment the editor leaves the client's team they also stop being the
      // editor of its videos, so no read or edit path is left open (docs/rules.md#rules-the-product-leaves-open); the
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
