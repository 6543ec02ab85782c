import {
  aliasedTable,
  and,
  asc,
  count,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LeadSummary } from '@domain/lead-dashboard';
import type { TurnaroundVideo } from '@domain/turnaround';
import { COMPLETED_STATUSES } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import type { Db } from '../../db/client';
import { users, videoCounts, videos, videoStatusHistory as history } from '../../db/schema';
import { needsLeadWhere, overdueWhere } from '../scope/readable';

/** A search matches a name containing it, literally: % and _ are letters here, not wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Videos meeting a condition, among the rows the query reads. */
const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The lead dashboard's tiles (docs/product.md#screens), of every video or of the picked client's: the
 * status counts from each client's kept counts (migration 0018: a row a client, not a scan of
 * every video), the overdue count through the open videos' due-date index, both in one
 * statement. With a search, how many names match it (the count every tab shows while searching),
 * which only a scan of the names can say: then all seven come from that one scan.
 */
export async function leadSummary(
  db: Db,
  { clientId, q }: { clientId?: string; q?: string },
): Promise<LeadSummary> {
  if (q) return searchedSummary(db, { clientId, q });
  const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const ofClient = (column: AnyPgColumn) => (clientId ? eq(column, clientId) : undefined);
  const [counts] = await db
    .select({
      needsReview: sql<number>`(${db
        .select({ n: count() })
        .from(videos)
        .where(and(needsLeadWhere(), ofClient(videos.userId)))})`.mapWith(Number),
      total: sumOf(videoCounts.total),
      inProgress: sumOf(videoCounts.inProgress),
      overdue: sql<number>`(${db
        .select({ n: count() })
        .from(videos)
        .where(and(overdueWhere(), ofClient(videos.userId)))})`.mapWith(Number),
      readyToPost: sumOf(videoCounts.readyToPost),
      posted: sumOf(videoCounts.posted),
      teamMembers: sql<number>`(select count(*) from ${users})`.mapWith(Number),
    })
    .from(videoCounts)
    .where(ofClient(videoCounts.userId));
  return { counts: counts!, matches: null };
}

/** The tiles and the number of names matching `q`, in one aggregate scan of the videos. */
async function searchedSummary(
  db: Db,
  { clientId, q }: { clientId?: string; q: string },
): Promise<LeadSummary> {
  const [row] = await db
    .select({
      needsReview: countWhere(needsLeadWhere()),
      total: count(videos.id),
      inProgress: countWhere(eq(videos.status, 'in_progress')),
      overdue: countWhere(overdueWhere()),
      readyToPost: countWhere(eq(videos.status, 'ready_to_post')),
      posted: countWhere(eq(videos.status, 'posted')),
      teamMembers: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      matches: countWhere(ilike(videos.name, containing(q))),
    })
    .from(videos)
    .where(clientId ? eq(videos.userId, clientId) : undefined);
  const { matches, ...counts } = row!;
  return { counts, matches };
}

const owner = aliasedTable(users, 'owner');
const editor = aliasedTable(users, 'editor');

/** docs/product.md's placeholder for a video with no editor. */
const UNASSIGNED = 'Unassigned';

/**
 * The videos that first became ready to post (or posted) within [start, end), with their whole
 * status history, oldest first, for the turnaround figures (domain/turnaround.ts computes them).
 * A video's first completed row is its "ready" (every completed status is past draft, so it comes
 * after its start). Grouped by the video's client, type and editor as they are now.
 */
export async function turnaroundVideos(
  db: Db,
  { start, end }: { start: Date; end: Date },
): Promise<TurnaroundVideo[]> {
  // A video's first completed row is in the range when one is in it and none came before it:
  // read through the (to_status, changed_at) index for the range and the (video_id, changed_at)
  // one for each candidate, not a scan of every completed row of the agency's history.
  const completed = [...COMPLETED_STATUSES];
  const earlier = aliasedTable(history, 'earlier');
  const readyInRange = db
    .selectDistinct({ videoId: history.videoId })
    .from(history)
    .where(
      and(
        inArray(history.toStatus, completed),
        gte(history.changedAt, start),
        lt(history.changedAt, end),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.videoId, history.videoId),
                inArray(earlier.toStatus, completed),
                lt(earlier.changedAt, start),
              ),
            ),
        ),
      ),
    );
  const rows = await db
    .select({
      id: videos.id,
      type: videos.type,
      clientId: owner.id,
      clientName: owner.name,
      clientUsername: owner.username,
      editorId: editor.id,
      editorName: editor.name,
      editorUsername: editor.username,
    })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(inArray(videos.id, readyInRange));
  if (rows.length === 0) return [];
  // (Typed here: the union of the two drivers' Db leaves the joined row's type unnamed.)
  type Row = {
    id: string;
    type: string;
    clientId: string;
    clientName: string | null;
    clientUsername: string;
    editorId: string | null;
    editorName: string | null;
    editorUsername: string | null;
  };
  const steps = await db
    .select({ videoId: history.videoId, toStatus: history.toStatus, changedAt: history.changedAt })
    .from(history)
    .where(inArray(history.videoId, readyInRange))
    .orderBy(asc(history.videoId), asc(history.changedAt), asc(history.id));
  const byVideo = new Map<string, { toStatus: string; changedAt: Date }[]>();
  for (const { videoId, ...step } of steps) {
    const list = byVideo.get(videoId) ?? [];
    list.push(step);
    byVideo.set(videoId, list);
  }
  return (rows as Row[]).map((r) => ({
    editor: r.editorId
      ? { key: r.editorId, label: r.editorName || r.editorUsername! }
      : { key: null, label: UNASSIGNED },
    client: { key: r.clientId, label: r.clientName || r.clientUsername },
    type: { key: r.type, label: typeLabel(r.type) },
    history: byVideo.get(r.id) ?? [],
  }));
}
