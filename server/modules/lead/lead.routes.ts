import { aliasedTable, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isManager } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { videos } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { overdueWhere } from '../videos/videos.repository';

const summaryQuery = z.object({
  clientId: z.uuid({ error: 'Unknown client' }).optional(),
  q: z.string().trim().max(200).optional(),
});

const summarySchema = z.object({
  counts: z.object({
    needsReview: z.number(),
    total: z.number(),
    inProgress: z.number(),
    overdue: z.number(),
    readyToPost: z.number(),
    posted: z.number(),
    teamMembers: z.number(),
  }),
  /** Videos whose name matches the search (null without one): every tab's count while searching. */
  matches: z.number().nullable(),
});

/** The query's `v`: the overdue rule's SQL names its columns through it. */
const v = aliasedTable(videos, 'v');

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The lead dashboard's tiles (SPEC.md section 2): the seven counts in one aggregate query over
 * the videos (narrowed to the picked client), so they stay one scan at any size.
 */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/lead/summary',
    {
      // Kept in the per-instance read cache until the data changes (server/plugins/auth.ts).
      config: { cacheable: true },
      schema: { querystring: summaryQuery, response: { 200: summarySchema } },
    },
    async (request) => {
      if (!isManager(currentUser(request))) {
        throw new HttpError(403, 'Only lead editors and the king can see the lead dashboard');
      }
      const { clientId, q } = request.query;
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const result = await db.execute(sql`
        select
          count(*) filter (where v.status = 'review')::int as "needsReview",
          count(v.id)::int as "total",
          count(*) filter (where v.status = 'in_progress')::int as "inProgress",
          count(*) filter (where ${overdueWhere(v)})::int as "overdue",
          count(*) filter (where v.status = 'ready_to_post')::int as "readyToPost",
          count(*) filter (where v.status = 'posted')::int as "posted",
          (select count(*) from users)::int as "teamMembers",
          ${pattern ? sql`count(*) filter (where v.name ilike ${pattern})::int` : sql`0`} as "matches"
        from videos v
        ${clientId ? sql`where v.user_id = ${clientId}` : sql``}`);
      const [row] = rowsOf<Record<string, number>>(result);
      const { matches, ...counts } = row as z.infer<typeof summarySchema>['counts'] & {
        matches: number;
      };
      return { counts, matches: pattern ? matches : null };
    },
  );
};
