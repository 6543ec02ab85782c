import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer, openApiDocumentSchema, referencePageAnswer } from '@domain/api';
import { isStaff } from '@domain/roles';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { renderReference } from './reference-page';

/**
 * GET /api/openapi.json and GET /api/docs (the readable reference). Open to anyone in
 * development; in production only signed-in staff may read them, since the document maps
 * every call, including the administrative ones.
 */
export const docsRoutes: FastifyPluginAsyncZod<{ production: boolean }> = async (
  app,
  { production },
) => {
  const staffOnly = async (request: FastifyRequest) => {
    if (!production) return;
    if (!isStaff(currentUser(request))) {
      throw new HttpError(403, 'The API reference is for staff');
    }
  };
  const document = () => app.swagger() as unknown as Parameters<typeof renderReference>[0];
  /** A reference route: who may read it, what it is and what it answers. */
  const reference = <Answer>(summary: string, answer: Answer) => ({
    config: { public: !production },
    preHandler: staffOnly,
    schema: {
      summary,
      description: 'Open in development; signed-in staff only in production.',
      response: {
        200: answer,
        401: messageAnswer.describe('In production: not signed in'),
        403: messageAnswer.describe('In production: signed in, but not staff'),
      },
    },
  });

  app.get(
    '/api/openapi.json',
    reference('This API as an OpenAPI 3.1 document', openApiDocumentSchema),
    async () => app.swagger() as unknown as { openapi: string; info: Record<string, unknown> },
  );

  app.get(
    '/api/docs',
    reference('A readable reference of every call (HTML)', referencePageAnswer),
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(renderReference(document())),
  );
};
