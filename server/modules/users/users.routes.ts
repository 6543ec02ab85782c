import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarUploadBody, profileUpdateBody } from '../../../domain/auth';
import { isStaff, isStaffRole } from '../../../domain/roles';
import { publicUserSchema } from '../../../domain/user';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { AVATAR_BODY_LIMIT } from '../auth/auth.routes';
import { findUserById, listVisibleUsers, toPublicUser, updateUser } from './users.repository';

const idParams = z.object({ id: z.uuid({ error: 'User not found' }) });

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: z.array(publicUserSchema) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      return listVisibleUsers(db, { id: viewer.id, staff: isStaff(viewer) }, request.query.q);
    },
  );

  app.get(
    '/api/users/:id',
    { schema: { params: idParams, response: { 200: publicUserSchema } } },
    async (request) => {
      const viewer = currentUser(request);
      const row = await findUserById(db, request.params.id);
      // A client sees staff and themselves; anyone else is "not found", never "forbidden".
      const visible = row && (row.id === viewer.id || isStaff(viewer) || isStaffRole(row.role));
      if (!row || !visible) throw new HttpError(404, 'User not found');
      return toPublicUser(row);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: { params: idParams, body: profileUpdateBody, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (request.params.id !== viewer.id) {
        throw new HttpError(403, 'You can only update your own profile');
      }
      const { name, avatar } = request.body;
      const changes: { name?: string | null; avatar?: string | null } = {};
      if (name !== undefined) changes.name = name || null;
      if (avatar !== undefined) changes.avatar = avatar || null;
      if (Object.keys(changes).length === 0) {
        const row = await findUserById(db, viewer.id);
        if (!row) throw new HttpError(404, 'User not found');
        return toPublicUser(row);
      }
      const row = await updateUser(db, viewer.id, changes);
      if (!row) throw new HttpError(404, 'User not found');
      return toPublicUser(row);
    },
  );

  app.post(
    '/api/users/avatar',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: { body: avatarUploadBody, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const viewer = currentUser(request);
      const row = await updateUser(db, viewer.id, { avatar: request.body.imageData });
      if (!row) throw new HttpError(404, 'User not found');
      return toPublicUser(row);
    },
  );
};
