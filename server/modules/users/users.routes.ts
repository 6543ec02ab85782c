import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarUploadBody, profileUpdateBody } from '@domain/auth';
import { seesWholeDirectory } from '@domain/roles';
import { messageAnswer } from '@domain/api';
import {
  avatarImageAnswer,
  avatarNotModified,
  avatarQuery,
  directoryUserListSchema,
  directoryUserSchema,
  publicUserSchema,
  userSearchQuery,
} from '@domain/user';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { namesTag } from '../../lib/http';
import { AVATAR_BODY_LIMIT } from '../auth/auth.routes';
import { directoryIds } from './directory';
import {
  findAvatar,
  findUserById,
  listVisibleUsers,
  setAvatar,
  toDirectoryUser,
  toPublicUser,
  updateUser,
} from './users.repository';

const idParams = z.object({ id: z.uuid({ error: 'User not found' }) });
const AVATAR_NOT_FOUND = 'Avatar not found';
/** A versioned avatar URL never changes what it names: browsers may keep it for a year. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        querystring: userSearchQuery,
        response: { 200: directoryUserListSchema },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const rows = await listVisibleUsers(db, await directoryIds(db, viewer), request.query.q);
      const withAdminFlag = seesWholeDirectory(viewer);
      return rows.map((row) => toDirectoryUser(row, withAdminFlag));
    },
  );

  app.get(
    '/api/users/:id',
    { schema: { params: idParams, response: { 200: directoryUserSchema } } },
    async (request) => {
      const viewer = currentUser(request);
      const row = await findUserById(db, request.params.id);
      // Whom the viewer's lists may show (docs/rules.md#who-may-do-what); anyone else is "not found".
      const visible = await directoryIds(db, viewer);
      if (!row || (visible && !visible.has(row.id))) throw new HttpError(404, 'User not found');
      return toDirectoryUser(row, seesWholeDirectory(viewer) || row.id === viewer.id);
    },
  );

  app.get(
    '/api/users/:id/avatar',
    {
      schema: {
        summary: "A user's avatar image",
        description:
          'The image bytes with their own content type (PNG, JPEG or WebP), for any signed-in ' +
          'user: the URL is the `avatarUrl` of a user in an answer. With `v` equal to the ' +
          'current version the answer may be cached for a year; otherwise it must be revalidated ' +
          '(strong ETag, 304 when unchanged).',
        params: idParams,
        querystring: avatarQuery,
        response: {
          200: avatarImageAnswer,
          304: avatarNotModified,
        },
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(db, request.params.id);
      if (!avatar?.version) throw new HttpError(404, AVATAR_NOT_FOUND);
      const etag = `"${avatar.version}"`;
      reply
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          request.query.v === avatar.version ? IMMUTABLE : 'private, no-cache',
        );
      if (namesTag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send(null);
      }
      return reply.type(avatar.contentType).send(avatar.bytes);
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
      const row = await db.transaction(async (tx) => {
        if (name !== undefined) await updateUser(tx, viewer.id, { name: name || null });
        if (avatar !== undefined) await setAvatar(tx, viewer.id, avatar);
        return findUserById(tx, viewer.id);
      });
      if (!row) throw new HttpError(404, 'User not found');
      return toPublicUser(row);
    },
  );

  app.post(
    '/api/users/avatar',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: {
        body: avatarUploadBody,
        response: {
          200: publicUserSchema,
          404: messageAnswer.describe('The signed-in user no longer exists'),
        },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const row = await setAvatar(db, viewer.id, request.body.imageData);
      if (!row) throw new HttpError(404, 'User not found');
      return toPublicUser(row);
    },
  );
};
