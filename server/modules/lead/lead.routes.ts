import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEAD_MESSAGES, leadSummaryQuery, leadSummarySchema } from '@domain/lead-dashboard';
import { isManager } from '@domain/roles';
import {
  TURNAROUND_MESSAGES,
  turnaroundFigures,
  turnaroundQuery,
  turnaroundRange,
  turnaroundSchema,
} from '@domain/turnaround';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { leadSummary, turnaroundVideos } from './lead.repository';

/** The lead dashboard's tiles (docs/product.md#screens), for lead editors, the king and admins. */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/lead/summary',
    {
      // Kept in the per-instance read cache until the data changes (server/plugins/read-cache.ts).
      config: { cacheable: true, reads: ['video_counts', 'videos', 'users', 'agency_settings'] },
      schema: { querystring: leadSummaryQuery, response: { 200: leadSummarySchema } },
    },
    async (request) => {
      if (!isManager(currentUser(request))) throw new HttpError(403, LEAD_MESSAGES.managersOnly);
      const { clientId, q } = request.query;
      return leadSummary(db, { clientId, q: q || undefined });
    },
  );

  /**
   * Turnaround figures (issue 18): median and 90th percentile of start to ready and of the time
   * waiting on clients, overall and per editor, client and type, over the videos that became
   * ready within the range (whole UTC days; the last 30 by default).
   */
  app.get(
    '/api/lead/turnaround',
    { schema: { querystring: turnaroundQuery, response: { 200: turnaroundSchema } } },
    async (request) => {
      if (!isManager(currentUser(request))) throw new HttpError(403, LEAD_MESSAGES.managersOnly);
      const range = turnaroundRange(request.query, new Date());
      if (!range) throw new HttpError(400, TURNAROUND_MESSAGES.tooLong);
      return turnaroundFigures(await turnaroundVideos(db, range), range);
    },
  );
};
