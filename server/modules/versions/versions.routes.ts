import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addVersionBody,
  canAddVersion,
  roundListSchema,
  VERSION_MESSAGES,
  versionListSchema,
  versionSchema,
} from '@domain/versions';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { findReadableVideo } from '../videos/videos.repository';
import { addVersion, listRounds, listVersions, NotOpenNote } from './versions.repository';

const VIDEO_NOT_FOUND = 'Video not found';
const videoParams = z.object({ id: z.uuid({ error: VIDEO_NOT_FOUND }) });

/**
 * A video's versions and review rounds (issue 41; docs/rules.md#who-may-do-what): whoever may
 * read the video reads them (404 otherwise); the agency side and managers add a version (403 for
 * the client side). Not kept by the read cache: they are read when a video's dialog opens.
 */
export const versionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function readableVideo(request: Parameters<typeof currentUser>[0], id: string) {
    const readable = await findReadableVideo(db, currentUser(request), id);
    if (!readable) throw new HttpError(404, VIDEO_NOT_FOUND);
    return readable;
  }

  app.get(
    '/api/videos/:id/versions',
    { schema: { params: videoParams, response: { 200: versionListSchema } } },
    async (request) => {
      const { found } = await readableVideo(request, request.params.id);
      return listVersions(db, found.video);
    },
  );

  app.post(
    '/api/videos/:id/versions',
    {
      config: { limited: 'writes', idempotent: true },
      schema: { params: videoParams, body: addVersionBody, response: { 201: versionSchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { found, scope } = await readableVideo(request, request.params.id);
      if (!canAddVersion(scope)) throw new HttpError(403, VERSION_MESSAGES.agencyOnly);
      const { link, note = '', carry = [], close = [], frameRate } = request.body;
      try {
        const version = await db.transaction((tx) =>
          addVersion(tx, found.video.id, { link, note, carry, close, frameRate }, actor),
        );
        if (!version) throw new HttpError(404, VIDEO_NOT_FOUND);
        return reply.status(201).send(version);
      } catch (error) {
        if (error instanceof NotOpenNote) throw new HttpError(400, VERSION_MESSAGES.notOpenNote);
        throw error;
      }
    },
  );

  app.get(
    '/api/videos/:id/rounds',
    { schema: { params: videoParams, response: { 200: roundListSchema } } },
    async (request) => {
      const { found } = await readableVideo(request, request.params.id);
      return listRounds(db, found.video.id);
    },
  );
};
