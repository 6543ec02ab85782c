import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@domain/api';
import { INVOICING_MESSAGES } from '@domain/invoicing';
import {
  monthOfDate,
  myRetainerSchema,
  RETAINER_MESSAGES,
  retainerAnswerSchema,
  retainerBody,
  retainerCloseSchema,
  retainerRowsSchema,
  retainersQuery,
} from '@domain/retainers';
import { normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import { paramOf, type AuditSpec } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { findClient } from '../invoicing/pricing.repository';
import {
  closeRetainerMonths,
  endRetainer,
  myRetainer,
  retainerRows,
  retainerView,
  saveRetainer,
} from './retainers.repository';

const clientParams = z.object({ id: z.uuid({ error: INVOICING_MESSAGES.clientNotFound }) });

/**
 * Retainers (docs/rules.md "Money", docs/product.md "The API"): the king and admins set a client's
 * retainer and see the month's table (the admin guard covers /api/admin/); a client reads its own
 * month. Months close by themselves (retainers.loop.ts) or through POST /api/admin/retainers/close.
 */
export const retainersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, adminRefusal: INVOICING_MESSAGES.forbidden };
  });

  async function clientOr404(id: string) {
    if (!(await findClient(db, id))) throw new HttpError(404, INVOICING_MESSAGES.clientNotFound);
  }

  app.get(
    '/api/admin/clients/:id/retainer',
    { schema: { params: clientParams, response: { 200: retainerAnswerSchema } } },
    async (request) => {
      await clientOr404(request.params.id);
      return retainerView(db, request.params.id, new Date());
    },
  );

  /** A client's retainer changed (docs/rules.md "Audit log"): the retainer before it. */
  const retainerChange = (action: string): AuditSpec => ({
    kind: 'retainers',
    action,
    before: (request) => retainerView(db, paramOf(request, 'id'), new Date()),
    subject: (request) => `client ${paramOf(request, 'id')}`,
  });

  app.put(
    '/api/admin/clients/:id/retainer',
    {
      config: { audit: retainerChange('retainer.set') },
      schema: {
        params: clientParams,
        body: retainerBody,
        response: { 200: retainerAnswerSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      await clientOr404(id);
      const now = new Date();
      const { refused } = await saveRetainer(db, id, request.body, currentUser(request).id, now);
      if (refused) throw new HttpError(refused.status, refused.message);
      return retainerView(db, id, now);
    },
  );

  app.delete(
    '/api/admin/clients/:id/retainer',
    {
      config: { audit: retainerChange('retainer.end') },
      schema: { params: clientParams, response: { 200: retainerAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      await clientOr404(id);
      const now = new Date();
      if (!(await endRetainer(db, id, now))) throw new HttpError(404, RETAINER_MESSAGES.notFound);
      return retainerView(db, id, now);
    },
  );

  app.get(
    '/api/admin/retainers',
    { schema: { querystring: retainersQuery, response: { 200: retainerRowsSchema } } },
    async (request) => retainerRows(db, request.query.month ?? monthOfDate(new Date())),
  );

  app.post(
    '/api/admin/retainers/close',
    {
      config: { audit: { kind: 'retainers', action: 'retainers.close' } },
      schema: { response: { 200: retainerCloseSchema } },
    },
    async () => {
      const closed = await closeRetainerMonths(db, new Date());
      return { message: RETAINER_MESSAGES.closed(closed), closed };
    },
  );

  app.get(
    '/api/me/retainer',
    { schema: { response: { 200: myRetainerSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (normalizeRole(user.role, 'admin-helper') !== 'client') {
        throw new HttpError(403, RETAINER_MESSAGES.clientOnly);
      }
      return myRetainer(db, user.id, new Date());
    },
  );
};
