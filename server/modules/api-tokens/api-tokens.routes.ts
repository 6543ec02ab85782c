import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@domain/api';
import {
  API_TOKEN_MESSAGES,
  API_TOKENS_MAX,
  apiTokenListSchema,
  createApiTokenBody,
  createdApiTokenSchema,
} from '@domain/api-tokens';
import type { Db } from '../../db/client';
import { paramOf, subjectFrom } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  countLiveApiTokens,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  toApiTokenView,
} from './api-tokens.repository';

const tokenParams = z.object({ id: z.uuid({ error: API_TOKEN_MESSAGES.notFound }) });

/**
 * One's own API tokens (issue 46, item 4; docs/rules.md#api-tokens-and-the-calendar-feed): list,
 * create (the secret is answered once), revoke. Only a signed-in session may call them
 * (`sessionOnly`: a token gets 403), so a leaked token cannot mint others or keep itself alive.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/me/api-tokens',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'List your API tokens',
        description: 'Your tokens that are not revoked, newest first; never their secrets.',
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => {
      const rows = await listApiTokens(db, currentUser(request).id);
      const now = Date.now();
      return rows.map((row) => toApiTokenView(row, now));
    },
  );

  app.post(
    '/api/me/api-tokens',
    {
      config: {
        sessionOnly: true,
        limited: 'writes',
        audit: { kind: 'tokens', action: 'token.create', subject: subjectFrom('name') },
      },
      schema: {
        summary: 'Create an API token',
        description:
          'A token that acts as you, with your permissions, until it expires or is revoked. The ' +
          'secret is in this answer only: send it as `Authorization: Bearer <token>`.',
        body: createApiTokenBody,
        response: { 201: createdApiTokenSchema, 409: messageAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if ((await countLiveApiTokens(db, user.id)) >= API_TOKENS_MAX) {
        throw new HttpError(409, API_TOKEN_MESSAGES.tooMany);
      }
      const { row, secret } = await createApiToken(db, { userId: user.id, ...request.body });
      return reply.status(201).send({ ...toApiTokenView(row), token: secret });
    },
  );

  app.delete(
    '/api/me/api-tokens/:id',
    {
      config: {
        sessionOnly: true,
        audit: { kind: 'tokens', action: 'token.revoke', subject: (r) => paramOf(r, 'id') },
      },
      schema: {
        summary: 'Revoke an API token',
        description: 'The token stops working at once. Another user’s token is not found (404).',
        params: tokenParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const row = await revokeApiToken(db, currentUser(request).id, request.params.id);
      if (!row) throw new HttpError(404, API_TOKEN_MESSAGES.notFound);
      return { message: API_TOKEN_MESSAGES.revoked(row.name) };
    },
  );
};
