import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  adminStatsSchema,
  adminUserListSchema,
  canDeleteUser,
  canManageUser,
  createUserBody,
  creatableRoles,
  editUserBody,
  planUserEdit,
  resetPasswordBody,
  userIdParams,
  vipBody,
} from '@domain/admin';
import { messageAnswer } from '@domain/api';
import { MESSAGES } from '@domain/auth';
import { normalizeRole } from '@domain/roles';
import { publicUserSchema } from '@domain/user';
import type { Db } from '../../db/client';
import type { SessionUser, UserRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { paramOf, subjectFrom, type AuditSpec } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { AVATAR_BODY_LIMIT } from '../auth/auth.routes';
import { findUserById, insertUser, toPublicUser } from '../users/users.repository';
import {
  adminStats,
  deleteUser,
  listUsersByName,
  resetPassword,
  setVip,
  updateUser,
} from './admin.repository';

export interface AdminRoutesOptions {
  db: Db;
}

/**
 * The admin dashboard's calls (docs/product.md#roles, docs/rules.md#who-may-do-what). Only admins reach them:
 * the admin guard (admin.guard.ts) refuses everyone else before any of this runs.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  /**
   * The signed-in admin and the target of their edit, reset or delete (the path's id): 404 when
   * missing, 403 when not the actor's to manage.
   */
  /** An audited change of one person (docs/rules.md "Audit log"): them before it, as listed. */
  const personChange = (action: string): AuditSpec => ({
    kind: 'people',
    action,
    before: async (request) => {
      const user = await findUserById(db, paramOf(request, 'id'));
      return user ? toPublicUser(user) : null;
    },
    subject: subjectFrom('username'),
  });

  async function manageable(
    request: FastifyRequest & { params: { id: string } },
  ): Promise<{ actor: SessionUser; target: UserRow }> {
    const actor = currentUser(request);
    const target = await findUserById(db, request.params.id);
    if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    if (!canManageUser(actor, target)) throw new HttpError(403, ADMIN_MESSAGES.cannotManage);
    return { actor, target };
  }

  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () =>
    adminStats(db),
  );

  app.get('/api/admin/users', { schema: { response: { 200: adminUserListSchema } } }, async () =>
    listUsersByName(db),
  );

  app.post(
    '/api/admin/users',
    {
      config: {
        idempotent: true,
        audit: { kind: 'people', action: 'user.create', subject: subjectFrom('username') },
      },
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: { body: createUserBody, response: { 201: publicUserSchema, 409: messageAnswer } },
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
    {
      config: { audit: personChange('user.edit') },
      schema: { params: userIdParams, body: editUserBody, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const { actor, target } = await manageable(request);
      const edit = planUserEdit(actor, target, request.body);
      if (!edit.ok) throw new HttpError(edit.status, edit.message);
      return toPublicUser(await updateUser(db, target.id, edit.changes));
    },
  );

  app.patch(
    '/api/admin/users/:id/reset-password',
    {
      config: { audit: personChange('user.reset-password') },
      schema: { params: userIdParams, body: resetPasswordBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      const { actor, target } = await manageable(request);
      // The king resetting their own password keeps the session that did it, as a password
      // change does; every other session of the user ends.
      const keep = target.id === actor.id ? request.sessionId : null;
      await resetPassword(db, target.id, await hashPassword(request.body.newPassword), keep);
      await app.realtime.closeUser(target.id, { exceptSession: keep });
      return { message: `Password reset for ${target.username}` };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: { audit: personChange('user.delete') },
      schema: { params: userIdParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      if (request.params.id === currentUser(request).id) {
        throw new HttpError(403, ADMIN_MESSAGES.deleteSelf);
      }
      const { actor, target } = await manageable(request);
      if (!canDeleteUser(actor, target)) throw new HttpError(403, ADMIN_MESSAGES.cannotManage);
      await deleteUser(db, target.id);
      // Their sockets close now, on every instance, not at the next heartbeat.
      await app.realtime.closeUser(target.id);
      return { message: `${target.username} has been successfully deleted` };
    },
  );

  app.patch(
    '/api/admin/users/:id/vip',
    {
      config: { audit: personChange('user.vip') },
      schema: { params: userIdParams, body: vipBody, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const target = await findUserById(db, request.params.id);
      if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      if (normalizeRole(target.role) !== 'client') {
        throw new HttpError(400, ADMIN_MESSAGES.vipClientsOnly);
      }
      return toPublicUser(await setVip(db, target.id, request.body.isVip));
    },
  );
};
