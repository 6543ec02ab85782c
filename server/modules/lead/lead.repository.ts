import { count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { LeadSummary } from '@domain/lead-dashboard';
import type { Db } from '../../db/client';
import { users, videos } from '../../db/schema';
import { overdueWhere } from '../videos/videos.repository';

/** A search matches a name containing it, literally: % and _ are letters here, not wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Videos meeting a condition, among the rows the query reads. */
const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The lead dashboard's tiles (SPEC.md section 2): the seven counts in one aggregate query over
 * the videos (narrowed to the picked client), so they stay one scan at any size; with a search,
 * how many names match it (the count every tab shows while searching).
 */
export async function leadSummary(
  db: Db,
  { clientId, q }: { clientId?: string; q?: string },
): Promise<LeadSummary> {
  const [row] = await db
    .select({
      needsReview: countWhere(eq(videos.status, 'review')),
      total: count(videos.id),
      inProgress: countWhere(eq(videos.status, 'in_progress')),
      overdue: countWhere(overdueWhere()),
      readyToPost: countWhere(eq(videos.status, 'ready_to_post')),
      posted: countWhere(eq(videos.status, 'posted')),
      teamMembers: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      matches: q ? countWhere(ilike(videos.name, containing(q))) : sql<null>`null`,
    })
    .from(videos)
    .where(clientId ? eq(videos.userId, clientId) : undefined);
  const { matches, ...counts } = row!;
  return { counts, matches };
}
