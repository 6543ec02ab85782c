import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  canDeleteUser,
  canManageUser,
  createUserBody,
  creatableRoles,
  editUserBody,
  resetPasswordBody,
  vipBody,
} from '../../../domain/admin';
import { MESSAGES } from '../../../domain/auth';
import { isAdmin, normalizeRole } from '../../../domain/roles';
import { publicUserSchema } from '../../../domain/user';
import type { Db } from '../../db/client';
import { sessions, users, videos, type SessionUser, type UserRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { AVATAR_BODY_LIMIT } from '../auth/auth.routes';
import { findUserById, insertUser, toPublicUser } from '../users/users.repository';

const idParams = z.object({ id: z.uuid({ error: ADMIN_MESSAGES.userNotFound }) });
const message = z.object({ message: z.string() });

export interface AdminRoutesOptions {
  db: Db;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  /** Every route here is for admins (the king always counts as one). */
  app.addHook('onRequest', async (request) => {
    if (!isAdmin(currentUser(request))) throw new HttpError(403, ADMIN_MESSAGES.adminRequired);
  });

  async function manageable(actor: SessionUser, id: string): Promise<UserRow> {
    const target = await findUserById(db, id);
    if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    if (!canManageUser(actor, target)) throw new HttpError(403, ADMIN_MESSAGES.cannotManage);
    return target;
  }

  app.get(
    '/api/admin/stats',
    {
      schema: {
        response: {
          200: z.object({ userCount: z.number(), adminCount: z.number(), videoCount: z.number() }),
        },
      },
    },
    async () => {
      const [[u], [v]] = await Promise.all([
        db
          .select({
            userCount: count(),
            adminCount: sql<number>`count(*) filter (where ${users.isAdmin} = 'true' or ${users.role} = 'king')`,
          })
          .from(users),
        db.select({ videoCount: count() }).from(videos),
      ]);
      return {
        userCount: Number(u!.userCount),
        adminCount: Number(u!.adminCount),
        videoCount: Number(v!.videoCount),
      };
    },
  );

  app.get(
    '/api/admin/users',
    { schema: { response: { 200: z.array(publicUserSchema.extend({ createdAt: z.string() })) } } },
    async () => {
      const rows = await db
        .select()
        .from(users)
        .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
      return rows.map((r) => ({ ...toPublicUser(r), createdAt: r.createdAt.toISOString() }));
    },
  );

  app.post(
    '/api/admin/users',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: { body: createUserBody, response: { 201: publicUserSchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { username, name, password, role, avatar } = request.body;
      if (!creatableRoles(actor).includes(role)) {
        throw new HttpError(403, ADMIN_MESSAGES.cannotCreateRole);
      }
      const row = await insertUser(db, {
        username,
        name,
        avatar,
        role,
        passwordHash: await hashPassword(password),
      });
      if (!row) throw new HttpError(409, MESSAGES.usernameTaken);
      return reply.status(201).send(toPublicUser(row));
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { schema: { params: idParams, body: editUserBody, response: { 200: publicUserSchema } } },
    async (request) => {
      const actor = currentUser(request);
      const target = await manageable(actor, request.params.id);
      const { name, isAdmin: newIsAdmin, role } = request.body;
      const king = normalizeRole(actor.role) === 'king';
      const targetRole = normalizeRole(target.role);
      const changes: Partial<UserRow> = { name };

      if (role !== undefined && role !== targetRole) {
        if (!king) throw new HttpError(403, ADMIN_MESSAGES.kingOnly);
        if (targetRole === 'king') throw new HttpError(400, ADMIN_MESSAGES.kingRoleFixed);
        if (role === 'king') throw new HttpError(400, ADMIN_MESSAGES.roleInvalid);
        changes.role = role;
      }
      if (newIsAdmin !== undefined && newIsAdmin !== target.isAdmin) {
        if (!king) throw new HttpError(403, ADMIN_MESSAGES.kingOnly);
        if (target.id === actor.id) throw new HttpError(400, ADMIN_MESSAGES.ownAdmin);
        changes.isAdmin = newIsAdmin;
      }
      const [row] = await db.update(users).set(changes).where(eq(users.id, target.id)).returning();
      return toPublicUser(row!);
    },
  );

  app.patch(
    '/api/admin/users/:id/reset-password',
    { schema: { params: idParams, body: resetPasswordBody, response: { 200: message } } },
    async (request) => {
      const actor = currentUser(request);
      const target = await manageable(actor, request.params.id);
      // A reset password ends the user's sessions: whoever had them must sign in again. The king
      // resetting their own keeps the session that did it, as a password change does.
      const keep = target.id === actor.id ? request.sessionId : null;
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password: passwordHash }).where(eq(users.id, target.id));
        await tx
          .delete(sessions)
          .where(
            keep
              ? and(eq(sessions.userId, target.id), ne(sessions.id, keep))
              : eq(sessions.userId, target.id),
          );
      });
      await app.realtime.closeUser(target.id, { exceptSession: keep });
      return { message: `Password reset for ${target.username}` };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { params: idParams, response: { 200: message } } },
    async (request) => {
      const actor = currentUser(request);
      if (request.params.id === actor.id) throw new HttpError(403, ADMIN_MESSAGES.deleteSelf);
      const target = await manageable(actor, request.params.id);
      if (!canDeleteUser(actor, target)) throw new HttpError(403, ADMIN_MESSAGES.cannotManage);
      // One statement: the foreign keys remove their videos, comments, notifications,
      // assignments and sessions, and unassign them from others' videos (DESIGN.md section 5).
      await db.delete(users).where(eq(users.id, target.id));
      // Their sockets close now, on every instance, not at the next heartbeat.
      await app.realtime.closeUser(target.id);
      return { message: `${target.username} has been successfully deleted` };
    },
  );

  app.patch(
    '/api/admin/users/:id/vip',
    { schema: { params: idParams, body: vipBody, response: { 200: publicUserSchema } } },
    async (request) => {
      const target = await findUserById(db, request.params.id);
      if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      if (normalizeRole(target.role) !== 'client') {
        throw new HttpError(400, ADMIN_MESSAGES.vipClientsOnly);
      }
      const [row] = await db
        .update(users)
        .set({ isVip: request.body.isVip })
        .where(eq(users.id, target.id))
        .returning();
      return toPublicUser(row!);
    },
  );
};
