import { and, eq, getTableName, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { readingRelations, type VideoRelation } from '@domain/video-access';
import { DEFAULT_REVIEW_REMINDER_DAYS } from '@domain/client-turn';
import { COMPLETED_STATUSES } from '@domain/video-status';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  agencySettings,
  clientEditorAssignments,
  clientTeamLeadAssignments,
  videoCounts,
  videos,
} from '../../db/schema';
import type { ViewerScope } from './scope';

interface RelationRows {
  every?: true;
  column?: AnyPgColumn;
  pairs?: PgTable;
  client?: AnyPgColumn;
  member?: AnyPgColumn;
}

/**
 * Where the database stores each relation of domain/video-access.ts: a column of the video that
 * names the user, or an assignment (`pairs`) of the user (`member`) to the video's client
 * (`client`). readableBy and readableCount are made from it; video-access.test.ts holds the
 * scope triggers to it (a change to any of these rows must move the user's scope).
 */
export const RELATION_ROWS: Record<VideoRelation, RelationRows> = {
  everyVideo: { every: true },
  owner: { column: videos.userId },
  assignedEditor: { column: videos.assignedEditorId },
  clientsEditor: {
    pairs: clientEditorAssignments,
    client: clientEditorAssignments.clientId,
    member: clientEditorAssignments.editorId,
  },
  clientsTeamLead: {
    pairs: clientTeamLeadAssignments,
    client: clientTeamLeadAssignments.clientId,
    member: clientTeamLeadAssignments.teamLeadId,
  },
};

/** The tables a viewer's scope is loaded from (loadViewerScope): what a route that uses it reads. */
export const SCOPE_TABLES = Object.values(RELATION_ROWS).flatMap((rows) =>
  rows.pairs ? [getTableName(rows.pairs)] : [],
);

/**
 * The columns of a video that name a reader (`owner`, `assignedEditor`) and whether the viewer
 * reads through its team (its team's clients are loaded: ViewerScope's `teamClientIds`).
 */
function readersOf(viewer: ViewerScope) {
  const relations = readingRelations(viewer);
  const columns: AnyPgColumn[] = [];
  let team = false;
  for (const relation of relations) {
    const rows = RELATION_ROWS[relation];
    if (rows.every) return undefined;
    if (rows.column) columns.push(rows.column);
    if (rows.pairs) team = true;
  }
  return { columns, team: team ? [...viewer.teamClientIds] : [] };
}

/** SQL for "the viewer may read this video" (domain/video-access.ts); undefined: every video. */
export function readableBy(viewer: ViewerScope): SQL | undefined {
  const readers = readersOf(viewer);
  if (!readers) return undefined;
  return or(
    ...readers.columns.map((column) => eq(column, viewer.id)),
    readers.team.length ? inArray(videos.userId, readers.team) : undefined,
  );
}

/**
 * How many videos the client `clientId` has (a user id column of the outer query), from the
 * clients' kept counts (migration 0018): one row read, whatever the number of videos.
 */
export const videoCountOf = (clientId: AnyPgColumn) =>
  // Named in full, as countWhere (db/rows.ts) does: in a query of one table the builder writes
  // the outer column bare, which inside the subquery would name a column of video_counts.
  sql<number>`coalesce((select kept.${sql.identifier(videoCounts.total.name)} from ${videoCounts} kept
    where kept.${sql.identifier(videoCounts.userId.name)} = ${sql.identifier(getTableName(clientId.table))}.${sql.identifier(clientId.name)}), 0)`.mapWith(
    Number,
  );

/**
 * How many videos a viewer may read (readableBy), from the clients' kept counts (migration
 * 0018), one row a client rather than a count of every video: for a manager every client's; for
 * anyone else the clients it reads whole (its own, its team's: `userId` in that set), plus the
 * videos of other clients it reads through another column (assigned to it), counted through the
 * editor index (the two sets are apart).
 */
export async function readableCount(db: Db, viewer: ViewerScope): Promise<number> {
  const readers = readersOf(viewer);
  if (!readers) {
    const [row] = await db
      .select({ n: sql`coalesce(sum(${videoCounts.total}), 0)` })
      .from(videoCounts);
    return Number(row?.n ?? 0);
  }
  const owners = [...(readers.columns.includes(videos.userId) ? [viewer.id] : []), ...readers.team];
  const elsewhere = readers.columns.filter((column) => column !== videos.userId);
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select
      (select coalesce(sum(${videoCounts.total}), 0) from ${videoCounts}
        where ${owners.length ? inArray(videoCounts.userId, owners) : sql`false`})
      ${sql.join(
        elsewhere.map(
          (column) => sql`+ (select count(*) from ${videos}
        where ${and(eq(column, viewer.id), owners.length ? notInArray(videos.userId, owners) : undefined)})`,
        ),
      )} as n`),
  );
  return Number(row?.n ?? 0);
}

/**
 * SQL for "the video is overdue", the twin of isOverdue in domain/workflow.ts: the due date has
 * passed and the status is not one of COMPLETED_STATUSES. `t` may be an alias of videos.
 */
export function overdueWhere(t: typeof videos = videos): SQL {
  return and(lt(t.dueDate, sql`now()`), notInArray(t.status, [...COMPLETED_STATUSES]))!;
}

/**
 * SQL for "Needs My Review", the twin of needsLead in domain/lead-dashboard.ts: in review for
 * longer than the agency's last reminder day (agency_settings; the default's without one).
 */
export function needsLeadWhere(t: typeof videos = videos): SQL {
  const last = DEFAULT_REVIEW_REMINDER_DAYS.at(-1)!;
  return and(
    eq(t.status, 'review'),
    sql`${t.statusChangedAt} <= now() - make_interval(days => coalesce(
      (select max(d) from ${agencySettings}, unnest(${agencySettings.reviewReminderDays}) d), ${sql.raw(String(last))}))`,
  )!;
}
