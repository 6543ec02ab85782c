import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEAD_MESSAGES, leadSummaryQuery, leadSummarySchema } from '@domain/lead-dashboard';
import { isManager } from '@domain/roles';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { leadSummary } from './lead.repository';

/** The lead dashboard's tiles (SPEC.md section 2), for lead editors, the king and admins. */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/lead/summary',
    {
      // Kept in the per-instance read cache until the data changes (server/plugins/read-cache.ts).
      config: { cacheable: true },
      schema: { querystring: leadSummaryQuery, response: { 200: leadSummarySchema } },
    },
    async (request) => {
      if (!isManager(currentUser(request))) throw new HttpError(403, LEAD_MESSAGES.managersOnly);
      const { clientId, q } = request.query;
      return leadSummary(db, { clientId, q: q || undefined });
    },
  );
};
