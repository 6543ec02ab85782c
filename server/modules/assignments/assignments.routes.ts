import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNMENT_MESSAGES,
  assignmentStatistics,
  createAssignmentBody,
} from '../../../domain/assignments';
import {
  CLIENT_ROLE_TEXTS,
  isManager,
  normalizeRole,
  seesWholeDirectory,
  type Actor,
} from '../../../domain/roles';
import { directoryUserSchema, publicUserSchema } from '../../../domain/user';
import type { Db } from '../../db/client';
import { clientEditorAssignments, users, videos } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { directoryIds } from '../users/directory';
import { findUserById, hasClientRole, toPublicUser } from '../users/users.repository';
import { loadViewerScope } from '../videos/scope';

const counted = directoryUserSchema.extend({ videoCount: z.number(), editorCount: z.number() });
const withClientCount = directoryUserSchema.extend({ clientCount: z.number() });

/** Lists of people for a viewer outside the staff carry no admin flag (DESIGN.md section 4). */
function forViewer<T extends { isAdmin?: string }>(viewer: Actor, people: T[]): T[] {
  if (seesWholeDirectory(viewer)) return people;
  return people.map(({ isAdmin: _isAdmin, ...rest }) => rest as T);
}
const assignmentSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  editorId: z.string(),
  createdAt: z.string(),
  client: publicUserSchema,
  editor: publicUserSchema,
});

export const assignmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Clients with their video and editor counts, optionally narrowed to some ids. */
  async function clientsWithCounts(ids?: string[]) {
    if (ids && ids.length === 0) return [];
    const videoCounts = db
      .select({ userId: videos.userId, n: count().as('video_n') })
      .from(videos)
      .groupBy(videos.userId)
      .as('vc');
    const editorCounts = db
      .select({ clientId: clientEditorAssignments.clientId, n: count().as('editor_n') })
      .from(clientEditorAssignments)
      .groupBy(clientEditorAssignments.clientId)
      .as('ec');
    const rows = await db
      .select({
        user: users,
        videoCount: sql<number>`coalesce(${videoCounts.n}, 0)`,
        editorCount: sql<number>`coalesce(${editorCounts.n}, 0)`,
      })
      .from(users)
      .leftJoin(videoCounts, eq(videoCounts.userId, users.id))
      .leftJoin(editorCounts, eq(editorCounts.clientId, users.id))
      .where(and(hasClientRole(), ids ? inArray(users.id, ids) : undefined))
      .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
    return rows.map((r) => ({
      ...toPublicUser(r.user),
      videoCount: Number(r.videoCount),
      editorCount: Number(r.editorCount),
    }));
  }

  async function editorsWithCounts(ids?: string[]) {
    if (ids && ids.length === 0) return [];
    const clientCounts = db
      .select({ editorId: clientEditorAssignments.editorId, n: count().as('client_n') })
      .from(clientEditorAssignments)
      .groupBy(clientEditorAssignments.editorId)
      .as('cc');
    const rows = await db
      .select({ user: users, clientCount: sql<number>`coalesce(${clientCounts.n}, 0)` })
      .from(users)
      .leftJoin(clientCounts, eq(clientCounts.editorId, users.id))
      .where(and(eq(users.role, 'editor'), ids ? inArray(users.id, ids) : undefined))
      .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
    return rows.map((r) => ({ ...toPublicUser(r.user), clientCount: Number(r.clientCount) }));
  }

  async function editorIdsOf(clientId: string) {
    const rows = await db
      .select({ id: clientEditorAssignments.editorId })
      .from(clientEditorAssignments)
      .where(eq(clientEditorAssignments.clientId, clientId));
    return rows.map((r) => r.id);
  }

  app.get('/api/clients', { schema: { response: { 200: z.array(counted) } } }, async (request) => {
    const viewer = currentUser(request);
    // Staff see every client; a client itself, a team lead its clients (the directory).
    const visible = await directoryIds(db, viewer);
    return forViewer(viewer, await clientsWithCounts(visible ? [...visible] : undefined));
  });

  app.get(
    '/api/editors',
    { schema: { response: { 200: z.array(withClientCount) } } },
    async (request) => {
      const viewer = currentUser(request);
      // Staff see every editor; a client or team lead those it works with (the directory).
      const visible = await directoryIds(db, viewer);
      return forViewer(viewer, await editorsWithCounts(visible ? [...visible] : undefined));
    },
  );

  app.get(
    '/api/clients/:clientId/editors',
    {
      schema: {
        params: z.object({ clientId: z.uuid({ error: 'Client not found' }) }),
        response: { 200: z.object({ assignedEditors: z.array(withClientCount) }) },
      },
    },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const { clientId } = request.params;
      const allowed =
        clientId === scope.id || isManager(scope) || scope.teamClientIds.has(clientId);
      if (!allowed) throw new HttpError(404, 'Client not found');
      const editors = await editorsWithCounts(await editorIdsOf(clientId));
      return { assignedEditors: forViewer(scope, editors) };
    },
  );

  app.get(
    '/api/assignments/my-clients',
    { schema: { response: { 200: z.object({ assignedClients: z.array(counted) }) } } },
    async (request) => {
      const viewer = currentUser(request);
      const rows = await db
        .select({ id: clientEditorAssignments.clientId })
        .from(clientEditorAssignments)
        .where(eq(clientEditorAssignments.editorId, viewer.id));
      return { assignedClients: await clientsWithCounts(rows.map((r) => r.id)) };
    },
  );

  app.get(
    '/api/assignments/my-editors',
    { schema: { response: { 200: z.object({ assignedEditors: z.array(withClientCount) }) } } },
    async (request) => {
      const viewer = currentUser(request);
      const editors = await editorsWithCounts(await editorIdsOf(viewer.id));
      return { assignedEditors: forViewer(viewer, editors) };
    },
  );

  app.get(
    '/api/assignments',
    {
      schema: {
        response: {
          200: z.object({
            assignments: z.array(assignmentSchema),
            statistics: z.object({
              totalAssignments: z.number(),
              unassignedClients: z.number(),
              assignmentHealthScore: z.number(),
              averageAssignmentsPerEditor: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (!isManager(viewer)) throw new HttpError(403, 'Only managers can view all assignments');
      const pairs = await db.select().from(clientEditorAssignments);
      const people = await db
        .select()
        .from(users)
        .where(or(hasClientRole(), eq(users.role, 'editor')));
      const byId = new Map(people.map((u) => [u.id, toPublicUser(u)]));
      const assignments = pairs.flatMap((p) => {
        const client = byId.get(p.clientId);
        const editor = byId.get(p.editorId);
        return client && editor
          ? [{ ...p, createdAt: p.createdAt.toISOString(), client, editor }]
          : [];
      });
      return {
        assignments,
        statistics: assignmentStatistics({
          clientIds: people.filter((u) => CLIENT_ROLE_TEXTS.includes(u.role)).map((u) => u.id),
          editorCount: people.filter((u) => u.role === 'editor').length,
          pairs: assignments,
        }),
      };
    },
  );

  app.post(
    '/api/assignments',
    { schema: { body: createAssignmentBody, response: { 201: assignmentSchema } } },
    async (request, reply) => {
      const viewer = currentUser(request);
      if (!isManager(viewer)) throw new HttpError(403, 'Only managers can assign editors');
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
        const [created] = await tx
          .insert(clientEditorAssignments)
          .values({ clientId, editorId })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new HttpError(409, ASSIGNMENT_MESSAGES.duplicate);
        await notify.clientAssigned(viewer, client, editor);
        return created;
      });
      return reply.status(201).send({
        ...row,
        createdAt: row.createdAt.toISOString(),
        client: toPublicUser(client),
        editor: toPublicUser(editor),
      });
    },
  );

  app.delete(
    '/api/assignments/:clientId/:editorId',
    {
      schema: {
        params: z.object({
          clientId: z.uuid({ error: ASSIGNMENT_MESSAGES.notFound }),
          editorId: z.uuid({ error: ASSIGNMENT_MESSAGES.notFound }),
        }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (!isManager(viewer)) throw new HttpError(403, 'Only managers can unassign editors');
      const { clientId, editorId } = request.params;
      const [client, editor] = await Promise.all([
        findUserById(db, clientId),
        findUserById(db, editorId),
      ]);
      // One transaction: the moment the editor leaves the client's team they also stop being the
      // editor of its videos, so no read or edit path is left open (DESIGN.md section 5); the
      // notice to them commits with it.
      await app.notifier.transaction(async (tx, notify) => {
        const deleted = await tx
          .delete(clientEditorAssignments)
          .where(
            and(
              eq(clientEditorAssignments.clientId, clientId),
              eq(clientEditorAssignments.editorId, editorId),
            ),
          )
          .returning({ id: clientEditorAssignments.id });
        if (!deleted.length) throw new HttpError(404, ASSIGNMENT_MESSAGES.notFound);
        const unassigned = await tx
          .update(videos)
          .set({ assignedEditorId: null, updatedAt: new Date() })
          .where(and(eq(videos.userId, clientId), eq(videos.assignedEditorId, editorId)))
          .returning({ id: videos.id });
        if (client && editor) {
          await notify.clientUnassigned(viewer, client, editor, unassigned.length);
        }
      });
      return { message: 'Editor unassigned successfully' };
    },
  );
};
