import {
  aliasedTable,
  and,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  canReadVideo,
  canSeeInternalNotes,
  canSeePayment,
  type TeamScope,
} from '@domain/permissions';
import { deliveryFor, deliverySideOf, DELIVERY_MODES, type DeliveryMode } from '@domain/delivery';
import { invoiceLabel } from '@domain/invoices';
import { utcDay } from '@domain/publishing';
import type { CalendarWindow } from '@domain/calendar';
import type { FrameRate } from '@domain/timecode';
import type { VideoListOrder } from '@domain/video-list';
import type { Actor } from '@domain/roles';
import { roundChange, roundDecision, type RoundChange } from '@domain/versions';
import { COMPLETED_STATUSES, type VideoStatus } from '@domain/video-status';
import type { VideoPriority } from '@domain/video-priority';
import { avatarUrl } from '@domain/user';
import type { VideoView } from '@domain/videos';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import { type Db, isTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { driverValues, placeholderFor, preparedFamily, preparedStatement } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import {
  agencySettings,
  clientBilling,
  clientEditorAssignments,
  clientTeamLeadAssignments,
  type FrameRateId,
  invoiceLines,
  invoices,
  reviewRounds,
  users,
  videos,
  videoStatusHistory,
  videoTypes,
  VIDEO_ORDINAL_INDEX,
  type SessionUser,
  type VideoRow,
} from '../../db/schema';
import { noticeCtes } from '../notifications/notifications.repository';
import { payoutLockOf } from '../payouts/payouts.repository';
import { currentFrameRateSql } from '../versions/frame-rates.repository';
import { needsLeadWhere, overdueWhere } from '../scope/readable';
import { videoScopeOf, type VideoScope } from '../scope/scope';

const owner = aliasedTable(users, 'owner');
const editor = aliasedTable(users, 'editor');

const listSummary = (t: typeof owner) => ({
  id: t.id,
  username: t.username,
  name: t.name,
  role: t.role,
  isVip: t.isVip,
  avatarVersion: t.avatarVersion,
});
const summary = listSummary;

export interface UserSummary {
  id: string;
  username: string;
  name: string | null;
  /** Versions the avatar's URL; the image itself is never in a video (issue 15). */
  avatarVersion: string | null;
  role: string;
  isVip: boolean;
}

export interface VideoWithPeople {
  video: VideoRow;
  owner: UserSummary;
  editor: UserSummary | null;
  /** What its delivery's view needs beyond the row (heldSql); null: it has no delivery link. */
  held: string | null;
}

/** A video's own column, spelled with its table (a query of one table names columns bare). */
const videoColumn = (column: keyof VideoRow) =>
  sql`${videos}.${sql.identifier(videos[column].name)}`;

/**
 * What a video's delivery (domain/delivery.ts deliveryFor) reads beyond its row, as one text:
 * its client's delivery mode (no client_billing row: the default) and, after a colon, the
 * number of the issued invoice holding it ('' when none). Null for a video with no delivery
 * link, which has nothing to show (and costs no read). Part of rowVersion by its value: a change
 * of the mode or a new invoice gives the video a new version.
 */
const heldSql = () => sql<string | null>`case when ${videoColumn('deliveryLink')} is null then null
  else coalesce((select ${clientBilling.deliveryMode} from ${clientBilling}
      where ${clientBilling.clientId} = ${videoColumn('userId')}), ${DELIVERY_MODES[0]})
    || ':' || coalesce((select max(${invoices.number})::text from ${invoiceLines}
      join ${invoices} on ${invoices.id} = ${invoiceLines.invoiceId}
      where ${invoiceLines.videoId} = ${videoColumn('id')}), '') end`;

/** heldSql's text as deliveryFor's facts about the client and the invoice. */
function heldFacts(held: string | null): { mode: DeliveryMode; invoice: string | null } {
  const [mode, number] = (held ?? '').split(':');
  return {
    mode: mode === 'when_paid' ? 'when_paid' : 'on_approval',
    invoice: number ? invoiceLabel(Number(number)) : null,
  };
}

export interface VideoFilters {
  status?: VideoStatus;
  clientId?: string;
  /** Owned by or assigned to this user (a user's video page). */
  person?: string;
  type?: string;
  priority?: VideoPriority;
  q?: string;
  overdue?: boolean;
  /** Needs My Review (needsLeadWhere): in review past the last reminder day. */
  needsLead?: boolean;
  assignedEditorId?: string;
  /** Only videos with more than this many review rounds (hasMoreRoundsThan). */
  roundsOver?: number;
  /**
   * The calendar's window (domain/calendar.ts): due in it, or posted (status posted) on one of
   * its days.
   */
  window?: CalendarWindow;
  /** The list's order (listOrder); newest first by default. */
  sort?: VideoListOrder;
  limit?: number;
  /** The last video of the page before, in the list's order (`rounds` with sort 'rounds'). */
  cursor?: ListCursor;
}

/** Where a page ends: the order's values of its last video (listOrder). */
export interface ListCursor {
  createdAt: Date;
  id: string;
  rounds?: number;
}

/**
 * A list's order, written once for the queries (listVideos, listVideoVersions) and the cursor
 * (listWhere): newest first, then the greater id; with sort 'rounds', most review rounds first
 * and then the same. Every order ends with the id, so a keyset cursor names one place exactly.
 */
function listOrder(
  f: Pick<VideoFilters, 'sort'>,
  of: Record<'rounds' | 'createdAt' | 'id', SQLWrapper> = videos,
) {
  const newest = [desc(of.createdAt), desc(of.id)];
  return f.sort === 'rounds' ? [desc(of.rounds), ...newest] : newest;
}

/** The videos after `cursor` in the list's order (listOrder). */
function afterCursor(f: Pick<VideoFilters, 'sort'>, cursor: ListCursor) {
  const newer = or(
    lt(videos.createdAt, cursor.createdAt),
    and(eq(videos.createdAt, cursor.createdAt), lt(videos.id, cursor.id)),
  );
  if (f.sort !== 'rounds') return newer;
  const rounds = cursor.rounds ?? 0;
  return or(lt(videos.rounds, rounds), and(eq(videos.rounds, rounds), newer));
}

/**
 * What a video's JSON (toVideoView) is made of, declared once. The rows: one for each part of
 * VideoWithPeople (the type fails to check if a part has no row here), each versioned by
 * rowVersion. The facts of the viewer: toVideoView sees the viewer only through them, and
 * video-list.ts's keyOf keys the kept JSON by each.
 */
const VIDEO_VIEW_ROWS = { video: videos, owner, editor } satisfies Record<
  Exclude<keyof VideoWithPeople, 'held'>,
  PgTable
>;
const VIEWER_FACTS = {
  internalNotes: (viewer: TeamScope) => canSeeInternalNotes(viewer),
  payment: (viewer: TeamScope, video: Pick<VideoRow, 'userId'>) => canSeePayment(viewer, video),
  deliveryAlways: (viewer: TeamScope) => deliverySideOf(viewer) === 'agency',
} as const;
type ViewerFacts = { [F in keyof typeof VIEWER_FACTS]: boolean };
const FACTS = Object.entries(VIEWER_FACTS) as [
  keyof ViewerFacts,
  (typeof VIEWER_FACTS)[keyof ViewerFacts],
][];

/** The facts of `viewer` about `video` (VIEWER_FACTS), as '1' and '0' joined: keyOf's part. */
export const viewerFactsKey = (viewer: TeamScope, video: Pick<VideoRow, 'userId'>) =>
  FACTS.map(([, fact]) => (fact(viewer, video) ? '1' : '0')).join('|');

/**
 * The version of a listed video's row and of its people's rows (VIDEO_VIEW_ROWS): the
 * transactions that wrote the row versions read (`xmin`), so any change to what toVideoView reads
 * gives a new one. Two committed versions of a row never share it (a transaction's own earlier
 * versions are never seen by others); server/modules/videos/video-list.ts keys each video's JSON
 * by it. A left-joined person (no editor) gives ''.
 */
const rowVersion = sql<string>`${sql.join(
  [
    ...Object.values(VIDEO_VIEW_ROWS).map((row) => sql`coalesce(${row}.xmin::text, '')`),
    sql`coalesce(${heldSql()}, '')`,
  ],
  sql` || '.' || `,
)}`;

/** What a list's query narrows to: the viewer's `where` and the query's filters. */
function listWhere(where: SQL | undefined, f: VideoFilters) {
  return and(
    where,
    f.status ? eq(videos.status, f.status) : undefined,
    f.clientId ? eq(videos.userId, f.clientId) : undefined,
    f.person ? or(eq(videos.userId, f.person), eq(videos.assignedEditorId, f.person)) : undefined,
    f.type ? eq(videos.type, f.type) : undefined,
    f.priority ? eq(videos.priority, f.priority) : undefined,
    f.q ? ilike(videos.name, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.overdue ? overdueWhere() : undefined,
    f.needsLead ? needsLeadWhere() : undefined,
    f.assignedEditorId ? eq(videos.assignedEditorId, f.assignedEditorId) : undefined,
    f.roundsOver !== undefined ? gt(videos.rounds, f.roundsOver) : undefined,
    f.window ? inWindow(f.window) : undefined,
    f.cursor ? afterCursor(f, f.cursor) : undefined,
  );
}

/** The calendar's videos (calendarEntries in domain/calendar.ts says where each one falls). */
const inWindow = (w: CalendarWindow) =>
  or(
    and(gte(videos.dueDate, w.from), lt(videos.dueDate, w.to)),
    and(
      eq(videos.status, 'posted'),
      gte(videos.publishedAt, w.fromDay),
      lt(videos.publishedAt, w.toDay),
    ),
  );

export type VersionedVideo = VideoWithPeople & { version: string };

/** Videos with their people and version (rowVersion), for `where` to narrow. */
const versionedVideos = (db: Db) =>
  db
    .select({
      video: videos,
      owner: listSummary(owner),
      editor: listSummary(editor),
      held: heldSql(),
      version: rowVersion,
    })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId));

/**
 * The videos `where` and the filters allow, in the list's order (listOrder), with their people
 * and version.
 */
export async function listVideos(db: Db, where: SQL | undefined, f: VideoFilters = {}) {
  const query = versionedVideos(db)
    .where(listWhere(where, f))
    .orderBy(...listOrder(f));
  const rows = await (f.limit ? query.limit(f.limit) : query);
  return rows as VersionedVideo[];
}

export interface ListedVersion {
  id: string;
  userId: string;
  assignedEditorId: string | null;
  /** Its creation time in microseconds, as the list's order has it. */
  createdMicros: number;
  /** Its review rounds (the order by rounds, a page's cursor). */
  rounds: number;
  version: string;
}

/**
 * The same list as listVideos, in the same order, but only what tells its videos apart and
 * places them: each one's id, client, assigned editor, creation time, rounds and version
 * (rowVersion). In one row, each video's six joined by spaces and the videos by commas (none of them holds
 * either): an editor's list is ~1,700 videos, and a row each cost the server more to receive and
 * map than the text.
 */
export async function listVideoVersions(
  db: Db,
  where: SQL | undefined,
  f: VideoFilters = {},
  /**
   * Two conditions of which a video meets at most one, each read on its own (union all), for a
   * whole list: an `or` of conditions on two indexes reads every row either index names before
   * it filters them.
   */
  apart?: [SQL, SQL],
): Promise<ListedVersion[]> {
  const select = (condition: SQL | undefined) =>
    db
      .select({
        id: videos.id,
        createdAt: videos.createdAt,
        rounds: videos.rounds,
        listed: sql<string>`${videos.id}::text || ' ' || ${videos.userId}::text || ' ' ||
        coalesce(${videos.assignedEditorId}::text, '-') || ' ' ||
        (extract(epoch from ${videos.createdAt}) * 1000000)::bigint || ' ' || ${videos.rounds}
        || ' ' || ${rowVersion}`.as('listed'),
      })
      .from(videos)
      .innerJoin(owner, eq(owner.id, videos.userId))
      .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
      .where(and(listWhere(where, f), condition));
  const ordered = () => select(undefined).orderBy(...listOrder(f));
  const list = (
    apart
      ? // Typed as never by drizzle for a selection with a joined alias; the two are one select.
        unionAll(select(apart[0]), select(apart[1]) as never)
      : f.limit
        ? ordered().limit(f.limit)
        : ordered()
  ).as('list');
  const order = sql.join(listOrder(f, list), sql`, `);
  const [row] = await db
    .select({ all: sql<string>`coalesce(string_agg(${list.listed}, ',' order by ${order}), '')` })
    .from(list);
  if (!row?.all) return [];
  return row.all.split(',').map((video) => {
    const [id, userId, editorId, micros, rounds, version] = video.split(' ') as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const assignedEditorId = editorId === '-' ? null : editorId;
    return {
      id,
      userId,
      assignedEditorId,
      createdMicros: Number(micros),
      rounds: Number(rounds),
      version,
    };
  });
}

/** A time in microseconds (ListedVersion) as the milliseconds of a Date, as PostgreSQL rounds. */
export const microsToDate = (micros: number) => new Date(Math.round(micros / 1000));

/** Videos by id with their people and version (rowVersion); the ones not found are left out. */
export async function findVersionedVideos(db: Db, ids: readonly string[]) {
  const rows = await versionedVideos(db).where(
    sql`${videos.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return rows as VersionedVideo[];
}

export async function findVideo(db: Db, id: string): Promise<VideoWithPeople | undefined> {
  const [row] = await db
    .select({ video: videos, owner: summary(owner), editor: summary(editor), held: heldSql() })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(eq(videos.id, id))
    .limit(1);
  return row;
}

/** A video's status history as the answers show it, oldest first. */
export type StatusHistory = {
  fromStatus: string | null;
  toStatus: string;
  changedAt: string;
  guestName: string | null;
  changedBy: { id: string; username: string; name: string | null } | null;
}[];

/**
 * The history of the row of `videos` the query is at, as one JSON array, oldest first. Spelled
 * with its table: a query of one table names its columns bare, and `id` is the history's too.
 */
const historyJson = () => sql<StatusHistory>`(
  select coalesce(json_agg(json_build_object(
    'fromStatus', h.from_status, 'toStatus', h.to_status, 'changedAt', h.changed_at,
    'guestName', h.guest_name,
    'changedBy', case when u.id is null then null
      else json_build_object('id', u.id, 'username', u.username, 'name', u.name) end
  ) order by h.changed_at, h.id), '[]'::json)
  from ${videoStatusHistory} h left join ${users} u on u.id = h.changed_by_id
  where h.video_id = ${videos}.${sql.identifier(videos.id.name)})`;

/** JSON gives the times as PostgreSQL prints them; the answers give them as ISO strings. */
const isoHistory = (history: StatusHistory): StatusHistory =>
  history.map((h) => ({ ...h, changedAt: new Date(h.changedAt).toISOString() }));

export interface ReadableVideo {
  /** The viewer's scope as far as this video goes (VideoScope: not for a list query). */
  scope: VideoScope;
  found: VideoWithPeople;
  /** The team leads of the video's client, who hear what the client hears. */
  teamLeadIds: string[];
  /** The rate of its current version (the source's without one): a new note's (issue 43). */
  currentFrameRate: FrameRate;
  /** With `{ history: true }` only. */
  history?: StatusHistory;
}

/**
 * The video if `viewer` may read it (docs/rules.md#who-may-do-what), with its people, whether the viewer
 * is on its client's team, its client's team leads and (if asked) its status history, all in
 * one statement, so in one snapshot; undefined when it does not exist or may not be read.
 */
/**
 * findReadableVideo's statement, prepared (server/db/prepared.ts) with and without the history;
 * the viewer is a placeholder.
 */
const readableVideoStatement = (history: boolean) =>
  preparedStatement(history ? 'readable_video_with_history' : 'readable_video', (db) => {
    const editors = clientEditorAssignments;
    const leads = clientTeamLeadAssignments;
    return db
      .select({
        video: videos,
        owner: summary(owner),
        editor: summary(editor),
        held: heldSql(),
        onTeamAsEditor: sql<boolean>`exists (select 1 from ${editors}
          where ${editors.clientId} = ${videos.userId}
            and ${editors.editorId} = ${sql.placeholder('viewerId')}::uuid)`,
        teamLeadIds: sql<string[]>`array(select ${leads.teamLeadId}::text from ${leads}
          where ${leads.clientId} = ${videos.userId})`,
        history: history ? historyJson() : sql<StatusHistory | null>`null`,
        currentFrameRate: currentFrameRateSql(),
      })
      .from(videos)
      .innerJoin(owner, eq(owner.id, videos.userId))
      .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
      .where(eq(videos.id, sql.placeholder('id')))
      .limit(1);
  });
const readableVideo = readableVideoStatement(false);
const readableVideoWithHistory = readableVideoStatement(true);

export async function findReadableVideo(
  db: Db,
  viewer: Pick<SessionUser, 'id' | 'role' | 'isAdmin'>,
  id: string,
  opts: { history?: boolean } = {},
): Promise<ReadableVideo | undefined> {
  const statement = opts.history ? readableVideoWithHistory : readableVideo;
  const rows = await statement(db).execute({ id, viewerId: viewer.id });
  // Spelled out: drizzle types a selection of these aliased joins as never.
  const [row] = rows as (VideoWithPeople & {
    onTeamAsEditor: boolean;
    teamLeadIds: string[];
    history: StatusHistory | null;
    currentFrameRate: FrameRate;
  })[];
  if (!row) return undefined;
  const scope = videoScopeOf(viewer, row.video.userId, {
    asEditor: row.onTeamAsEditor,
    asLead: row.teamLeadIds.includes(viewer.id),
  });
  if (!canReadVideo(scope, row.video)) return undefined;
  return {
    scope,
    found: { video: row.video, owner: row.owner, editor: row.editor, held: row.held },
    teamLeadIds: row.teamLeadIds,
    currentFrameRate: row.currentFrameRate,
    ...(row.history && { history: isoHistory(row.history) }),
  };
}

/** Several videos with their people, in one query; the ones not found are left out. */
export async function findVideos(db: Db, ids: readonly string[]): Promise<VideoWithPeople[]> {
  if (ids.length === 0) return [];
  return db
    .select({ video: videos, owner: summary(owner), editor: summary(editor), held: heldSql() })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(inArray(videos.id, [...ids]));
}

export async function statusHistory(db: Db, videoId: string): Promise<StatusHistory> {
  const [row] = await db
    .select({ history: historyJson() })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row ? isoHistory(row.history) : [];
}

/** A time as the answers give it. */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The video as the viewer may see it: hidden fields are absent, not empty. It depends on the
 * viewer only through VIEWER_FACTS, which video-list.ts keys the kept JSON by (viewOf below
 * does not see the viewer).
 */
export function toVideoView(viewer: TeamScope, found: VideoWithPeople): VideoView {
  const facts = Object.fromEntries(
    FACTS.map(([name, fact]) => [name, fact(viewer, found.video)]),
  ) as ViewerFacts;
  return viewOf(facts, found);
}

function viewOf(
  sees: ViewerFacts,
  { video, owner: o, editor: e, held }: VideoWithPeople,
): VideoView {
  const view: VideoView = {
    id: video.id,
    ordinal: String(video.ordinal),
    name: video.name,
    type: video.type,
    status: video.status,
    link: video.link,
    description: video.description ?? '',
    userId: video.userId,
    assignedEditorId: video.assignedEditorId ?? null,
    startDate: iso(video.startDate),
    dueDate: iso(video.dueDate),
    finishDate: iso(video.finishDate),
    duration: video.duration,
    statusSince: video.statusChangedAt.toISOString(),
    currentVersion: video.currentVersion,
    frameRate: video.frameRate,
    priority: video.priority,
    rounds: video.rounds,
    publishedUrl: video.publishedUrl,
    publishedAt: video.publishedAt,
    clientIsVip: o.isVip,
    createdAt: video.createdAt.toISOString(),
    updatedAt: video.updatedAt.toISOString(),
    owner: {
      id: o.id,
      username: o.username,
      name: o.name,
      avatarUrl: avatarUrl(o.id, o.avatarVersion),
      isVip: o.isVip,
    },
    assignedEditor: e?.id
      ? {
          id: e.id,
          username: e.username,
          name: e.name,
          avatarUrl: avatarUrl(e.id, e.avatarVersion),
          role: e.role,
        }
      : null,
  };
  if (sees.internalNotes) view.internalNotes = video.internalNotes ?? '';
  if (sees.payment) {
    view.paymentAmount = video.paymentAmount;
    view.paymentStatus = video.paymentStatus;
    view.lockedPrice = video.lockedPrice;
    view.paidDate = iso(video.paidDate);
  }
  view.paid = video.paymentStatus === 'paid';
  const delivery = deliveryFor(sees.deliveryAlways ? 'agency' : 'client', {
    link: video.deliveryLink,
    status: video.status,
    paid: view.paid,
    ...heldFacts(held),
  });
  if (delivery) view.delivery = delivery;
  return view;
}

/**
 * The video_types row of a custom type (price 0.00, so the king can price it), owned by
 * `ownerId`. A name that exists already is used as it is: one row per name (prices are by
 * name), keeping its first owner; another client using it sees it through its own videos
 * (listVideoTypesFor).
 */
function newVideoType(db: Db, name: string, ownerId: string | null) {
  return db
    .insert(videoTypes)
    .values({ name, displayName: typeDisplayName(name), ownerId })
    .onConflictDoNothing();
}

/** A custom type's name as shown: 'behind-the-scenes' is 'Behind The Scenes'. */
const typeDisplayName = (name: string) =>
  name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/** Adds a custom type unless one of that name exists (newVideoType). */
export async function ensureVideoType(db: Db, name: string, ownerId: string | null) {
  await newVideoType(db, name, ownerId);
}

/**
 * The insert of the status history row of the video that the CTE `cte` (videos' columns, one
 * row or none) returns, moved from the placeholder `fromStatus` at its status_changed_at, by the
 * placeholders `changedById` and `guestName`; an insert from a select, since an insert's values
 * cannot come from a CTE. Each value is named by its column (the table's own names), so a column
 * added to video_status_history takes its default here.
 */
const historyOf = (cte: string) => {
  const video = (column: keyof typeof videos.$inferSelect) => sql.identifier(videos[column].name);
  const values: { [K in keyof typeof videoStatusHistory.$inferInsert]?: SQL } = {
    videoId: sql`${video('id')}`,
    changedById: sql`${sql.placeholder('changedById')}::uuid`,
    fromStatus: sql`${sql.placeholder('fromStatus')}::text`,
    toStatus: sql`${video('status')}`,
    changedAt: sql`${video('statusChangedAt')}`,
    guestName: sql`${sql.placeholder('guestName')}::text`,
  };
  const named = Object.entries(values) as [keyof typeof values, SQL][];
  const columns = named.map(([key]) => sql.identifier(videoStatusHistory[key].name));
  return sql`insert into ${videoStatusHistory} (${sql.join(columns, sql`, `)})
    select ${sql.join(
      named.map(([, value]) => value),
      sql`, `,
    )} from ${sql.identifier(cte)}`;
};

/**
 * What the statement does to the review rounds (docs/rules.md#versions-and-review-rounds) of the
 * video the CTE `cte` returns, after its move (roundChange): `open` inserts round number
 * `rounds` (the statement already counted it) on its current version; `close` decides the open
 * round (the placeholders `decision`, `forClient`, `roundNote`, with the mover's `changedById`
 * or `guestName`); `unsend` removes the open round the undone move began (the statement already
 * took it off `rounds`); `reopen` opens the last round again. One CTE, in the move's statement:
 * a move and its round commit together.
 */
const roundOf = (cte: string, change: RoundChange) => {
  const moved = sql.identifier(cte);
  const col = (column: keyof typeof videos.$inferSelect) =>
    sql`${moved}.${sql.identifier(videos[column].name)}`;
  const r = reviewRounds;
  const ofVideo = sql`${r}.${sql.identifier(r.videoId.name)} = ${col('id')}`;
  const column = (c: keyof typeof r.$inferSelect) => sql.identifier(r[c].name);
  switch (change) {
    case 'open':
      return sql`insert into ${r} (${column('videoId')}, ${column('number')}, ${column('version')},
          ${column('sentById')}, ${column('sentAt')})
        select ${col('id')}, ${col('rounds')}, nullif(${col('currentVersion')}, 0),
          ${sql.placeholder('changedById')}::uuid, ${col('statusChangedAt')} from ${moved}`;
    case 'close':
      return sql`update ${r} set ${column('decision')} = ${sql.placeholder('decision')}::text,
          ${column('decidedById')} = ${sql.placeholder('changedById')}::uuid,
          ${column('decidedByGuest')} = ${sql.placeholder('guestName')}::text,
          ${column('decidedForClient')} = ${sql.placeholder('forClient')}::boolean,
          ${column('decidedAt')} = ${col('statusChangedAt')},
          ${column('note')} = ${sql.placeholder('roundNote')}::text
        from ${moved} where ${ofVideo} and ${r}.${column('decidedAt')} is null`;
    case 'unsend':
      return sql`delete from ${r} using ${moved} where ${ofVideo}
        and ${r}.${column('decidedAt')} is null and ${r}.${column('number')} = ${col('rounds')} + 1`;
    case 'reopen':
      return sql`update ${r} set ${column('decision')} = null, ${column('decidedById')} = null,
          ${column('decidedByGuest')} = null, ${column('decidedForClient')} = false,
          ${column('decidedAt')} = null, ${column('note')} = null
        from ${moved} where ${ofVideo} and ${r}.${column('number')} = ${col('rounds')}`;
  }
};

/** How a round change counts the video's rounds, in the move's own update. */
const ROUND_COUNT: Partial<Record<RoundChange, SQL>> = {
  open: sql`${videos.rounds} + 1`,
  unsend: sql`greatest(${videos.rounds} - 1, 0)`,
};

/** The placeholders of insertVideo's and updateVideo's statements besides the video's columns. */
const HISTORY_PLACEHOLDERS = [
  'changedById',
  'fromStatus',
  'guestName',
  'notices',
  'decision',
  'forClient',
  'roundNote',
];
const INSERT_PLACEHOLDERS = [
  ...HISTORY_PLACEHOLDERS,
  'clientId',
  'typeName',
  'typeDisplayName',
  'typeOwnerId',
];
const UPDATE_PLACEHOLDERS = [...HISTORY_PLACEHOLDERS, 'videoId'];

/** Each of `columns` set to the placeholder of its name (prepared.ts's placeholderFor). */
const placeholders = (columns: readonly string[]) =>
  Object.fromEntries(columns.map((column) => [column, placeholderFor(column)]));

/** The defined keys of `values`, sorted: a prepared statement's shape. */
const definedKeys = (values: Record<string, unknown>) =>
  Object.keys(values)
    .filter((key) => values[key] !== undefined)
    .sort();

/** The history entry historyOf wrote for `video`, as statusHistory reads it. */
export const historyEntry = (
  video: VideoRow,
  fromStatus: string | null,
  by: { id: string; username: string; name: string | null },
): StatusHistory[number] => ({
  fromStatus,
  toStatus: video.status,
  changedAt: video.statusChangedAt.toISOString(),
  guestName: null,
  changedBy: { id: by.id, username: by.username, name: by.name },
});

const COMPLETE = new Set<string>(COMPLETED_STATUSES);

/**
 * Takes the lock that orders the creates of one client's videos until the transaction ends (an
 * advisory lock, which insertVideo's statement takes too), and answers the client's editors (who
 * hear of the new video). A create whose one statement found its ordinal taken runs again in a
 * transaction that starts with this, so that its insert reads the ordinal after the lock.
 */
export async function lockClientVideos(tx: Db, clientId: string): Promise<string[]> {
  if (!isTransaction(tx)) throw new Error('lockClientVideos needs a transaction');
  const editors = clientEditorAssignments;
  const [locked] = rowsOf<{ editors: string[] }>(
    await tx.execute(sql`select ${clientLock(sql`${clientId}::uuid`)},
      array(select ${editors.editorId}::text from ${editors}
        where ${editors.clientId} = ${clientId}) as editors`),
  );
  return locked!.editors;
}

/**
 * The advisory lock of the creates of the client `clientId` (a uuid), until the transaction
 * ends; keyed by the id's canonical text, so that every statement that takes it names one lock.
 */
const clientLock = (clientId: SQL) => sql`pg_advisory_xact_lock(hashtext(${clientId}::text))`;

/**
 * insertVideo's statement for the video columns `columns`, with or without the notices (the
 * placeholder `notices`); prepared (server/db/prepared.ts).
 */
/** The agency's default frame rate (agency_settings has one row; '30' should it have none). */
const agencyFrameRateSql = sql<FrameRateId>`coalesce((select ${agencySettings.frameRate} from ${agencySettings} limit 1), '30')`;

const insertVideoStatement = preparedFamily(
  'insert_video',
  (shape: { columns: string[]; noticed: boolean; opensRound: boolean; locksPayout: boolean }) =>
    `${shape.columns.join(',')} ${shape.noticed} ${shape.opensRound} ${shape.locksPayout}`,
  (db, { columns, noticed, opensRound, locksPayout }) => {
    const clientId = sql`${sql.placeholder('clientId')}::uuid`;
    // The ordinal is read after the client's lock is taken (the left operand first), but in the
    // statement's snapshot, taken before: a create that committed meanwhile makes it a taken one
    // (the unique index refuses it; see insertVideo). The custom type's insert, which nothing
    // references, runs after the main query, so after the lock: two creates of one client with
    // the same new type never wait for each other in opposite orders.
    const next = sql<number>`(select 0 from (select ${clientLock(clientId)}) as locked)
      + (select coalesce(max(${videos.ordinal}), 0) + 1 from ${videos}
        where ${videos.userId} = ${clientId})`;
    const type = db.$with('new_type').as(
      db
        .insert(videoTypes)
        .values({
          name: placeholderFor('typeName'),
          displayName: placeholderFor('typeDisplayName'),
          ownerId: placeholderFor('typeOwnerId'),
        })
        .onConflictDoNothing(),
    );
    const created = db.$with('created').as(
      db
        .insert(videos)
        .values({
          ...(placeholders(columns) as PgInsertValue<typeof videos>),
          ordinal: next,
          // No rate chosen: the agency's, read in this statement (issue 43).
          ...(!columns.includes('frameRate') && { frameRate: agencyFrameRateSql }),
        })
        .returning(),
    );
    const history = db.$with('created_history', {}).as(historyOf('created'));
    const round = db.$with('created_round', {}).as(roundOf('created', 'open'));
    const payout = db.$with('created_payout', {}).as(payoutLockOf('created'));
    const notices = noticed ? noticeCtes(db, sql.placeholder('notices'), 'created') : [];
    return db
      .with(
        type,
        created,
        history,
        ...(opensRound ? [round] : []),
        ...(locksPayout ? [payout] : []),
        ...notices,
      )
      .select()
      .from(created);
  },
);

/** A video whose ordinal another create of its client took first (insertVideo). */
export const isOrdinalTaken = (error: unknown) => isUniqueViolation(error, VIDEO_ORDINAL_INDEX);

/**
 * Inserts a video (its id drawn by the caller, so that its notifications can name it) with the
 * next ordinal of its client, its first status history row, its custom type `typeOwnerId` owns
 * (if it is new) and `notices` (Notifier's StatementNotices rows, stored only with the video), in
 * one statement, which takes the client's lock before it reads the ordinal. Alone, its snapshot
 * may miss a create of the same client that committed while it waited for the lock: it then fails
 * (isOrdinalTaken) and nothing of it is kept. In the transaction of lockClientVideos it cannot, as
 * long as that transaction is READ COMMITTED (each statement's snapshot is taken when it starts;
 * the app's transactions are).
 */
export async function insertVideo(
  db: Db,
  values: Omit<typeof videos.$inferInsert, 'ordinal' | 'type' | 'rounds'> & {
    id: string;
    type: string;
  },
  changedById: string,
  typeOwnerId: string | null,
  notices: string | null = null,
): Promise<VideoRow> {
  // Created in review: its first round begins with it (as a move into review would).
  const opensRound = roundChange(null, values.status ?? 'draft') === 'open';
  const withRounds = { ...values, ...(opensRound && { rounds: 1 }) };
  const columns = definedKeys(withRounds);
  // Created completed with an editor: its payout locks with it (docs/rules.md "Payouts").
  const locksPayout = COMPLETE.has(values.status ?? 'draft') && Boolean(values.assignedEditorId);
  const statement = insertVideoStatement(db, {
    columns,
    noticed: notices !== null,
    opensRound,
    locksPayout,
  });
  const [row] = await statement.execute({
    ...driverValues(videos, withRounds, INSERT_PLACEHOLDERS),
    clientId: values.userId,
    typeName: values.type,
    typeDisplayName: typeDisplayName(values.type),
    typeOwnerId,
    changedById,
    fromStatus: null,
    guestName: null,
    decision: null,
    forClient: false,
    roundNote: null,
    notices,
  });
  return row!;
}

/**
 * Applies changes; a status change is recorded in the history and moves finishDate: set when
 * the video first enters ready_to_post or posted, cleared when it goes back; a move to posted
 * without a published day records today's (kept when the video leaves posted). A status change
 * applies only if the video still has the status the caller checked the move against: when
 * someone else moved it meanwhile, nothing is written and the answer is null. Every status move
 * of a video comes through here (or insertVideo for its first status), and so does its review
 * round (roundOf): entering review opens one, leaving it decides it.
 */
export async function updateVideo(
  db: Db,
  current: VideoRow,
  changes: Partial<Omit<typeof videos.$inferInsert, 'rounds'>>,
  /** Who changes it: a person, or null for a review link's guest. */
  changedBy: Pick<Actor, 'id' | 'role' | 'isAdmin'> | null,
  opts: {
    /** A review link's guest, who moves it without an account (changedBy null). */
    guestName?: string;
    /**
     * Notifier's StatementNotices rows, stored only if the video was changed (the statement's
     * expression `moved` has the row).
     */
    notices?: string | null;
    /** The move's note (what needs to change): the note of the round it decides. */
    note?: string;
    /** The move is the undo of the mover's own last move (domain/workflow.ts, mayUndo). */
    undo?: boolean;
    /**
     * A manager's decision in the client's place (`forClient`, domain/workflow.ts
     * forClientRefusal, which allows it only then): the round records it.
     */
    forClient?: boolean;
  } = {},
): Promise<VideoRow | null> {
  const { guestName, notices = null } = opts;
  const changedById = changedBy?.id ?? null;
  const values: Partial<typeof videos.$inferInsert> = { ...changes, updatedAt: new Date() };
  const newStatus = changes.status;
  const moves = newStatus !== undefined && newStatus !== current.status;
  // The moment of the move: the history row's and the video's status_changed_at alike.
  const movedAt = new Date();
  if (moves) {
    if (COMPLETE.has(newStatus)) values.finishDate = current.finishDate ?? new Date();
    else values.finishDate = null;
    values.statusChangedAt = movedAt;
    // Posted on a day: today's unless one is given or kept (domain/publishing.ts).
    if (newStatus === 'posted' && !current.publishedAt && changes.publishedAt === undefined) {
      values.publishedAt = utcDay(new Date());
    }
  }
  const round = moves ? roundChange(current.status, newStatus, opts.undo) : null;
  const decision = round === 'close' ? roundDecision(newStatus!) : null;
  // Entering a completed status locks the payout of its editor (docs/rules.md "Payouts").
  const locksPayout = moves && COMPLETE.has(newStatus) && !COMPLETE.has(current.status);
  const columns = definedKeys(values);
  const statement = updateVideoStatement(db, {
    columns,
    moves,
    noticed: notices !== null,
    round,
    locksPayout,
  });
  const [row] = await statement.execute({
    ...driverValues(videos, values, UPDATE_PLACEHOLDERS),
    videoId: current.id,
    fromStatus: current.status,
    changedById,
    guestName: guestName ?? null,
    decision,
    forClient: decision !== null && decision !== 'withdrawn' && opts.forClient === true,
    roundNote: decision === null ? null : (opts.note ?? null),
    notices,
  });
  return row ?? null;
}

/**
 * updateVideo's statement for the columns it sets, whether it moves the video (then only from
 * the placeholder `fromStatus`, with its history row) and whether notices come with it: the
 * change, its history row and its notifications are one statement, all or none without a
 * transaction; prepared (server/db/prepared.ts).
 */
const updateVideoStatement = preparedFamily(
  'update_video',
  (shape: {
    columns: string[];
    moves: boolean;
    noticed: boolean;
    round: RoundChange | null;
    locksPayout: boolean;
  }) =>
    `${shape.columns.join(',')} ${shape.moves} ${shape.noticed} ${shape.round} ${shape.locksPayout}`,
  (db, { columns, moves, noticed, round, locksPayout }) => {
    const counted = round ? ROUND_COUNT[round] : undefined;
    const moved = db.$with('moved').as(
      db
        .update(videos)
        .set({ ...placeholders(columns), ...(counted && { rounds: counted }) })
        .where(
          and(
            eq(videos.id, sql.placeholder('videoId')),
            moves ? eq(videos.status, sql.placeholder('fromStatus')) : undefined,
          ),
        )
        .returning(),
    );
    const history = db.$with('moved_history', {}).as(historyOf('moved'));
    const rounds = round ? [db.$with('moved_round', {}).as(roundOf('moved', round))] : [];
    const payout = locksPayout ? [db.$with('moved_payout', {}).as(payoutLockOf('moved'))] : [];
    const notices = noticed ? noticeCtes(db, sql.placeholder('notices'), 'moved') : [];
    return db
      .with(...(moves ? [moved, history, ...rounds, ...payout] : [moved]), ...notices)
      .select()
      .from(moved);
  },
);

export async function deleteVideos(db: Db, ids: string[]) {
  const rows = await db.delete(videos).where(inArray(videos.id, ids)).returning({ id: videos.id });
  return rows.length;
}

/** A video a bulk change may touch, locked for it (findVideosForChange). */
export interface VideoForChange extends VideoWithPeople {
  onTeamAsEditor: boolean;
  teamLeadIds: string[];
  /** Its latest status history entry: what an undo of the caller's own move checks. */
  latest: StatusHistory[number] | null;
}

/**
 * The videos `ids` names that exist, with what findReadableVideo reads of each (its people,
 * whether the viewer edits for its client, its client's team leads) and its latest history
 * entry, in one statement that locks them until the transaction ends (a bulk change checks and
 * changes them in it, so nothing moves them between the check and the change; `no key update`,
 * as the update itself takes: a comment or a version added meanwhile, which only checks that its
 * video exists, is not held up). The caller decides who may read each (videoScopeOf,
 * canReadVideo). Without `latest` (only an undo reads it) the history is not read and `latest`
 * is null.
 */
export async function findVideosForChange(
  tx: Db,
  viewerId: string,
  ids: readonly string[],
  { latest: withLatest }: { latest: boolean },
): Promise<VideoForChange[]> {
  if (!isTransaction(tx)) throw new Error('findVideosForChange needs a transaction');
  const editors = clientEditorAssignments;
  const leads = clientTeamLeadAssignments;
  const h = videoStatusHistory;
  const rows = await tx
    .select({
      video: videos,
      owner: summary(owner),
      editor: summary(editor),
      onTeamAsEditor: sql<boolean>`exists (select 1 from ${editors}
        where ${editors.clientId} = ${videos.userId} and ${editors.editorId} = ${viewerId}::uuid)`,
      teamLeadIds: sql<string[]>`array(select ${leads.teamLeadId}::text from ${leads}
        where ${leads.clientId} = ${videos.userId})`,
      latest: sql<{
        fromStatus: string | null;
        toStatus: string;
        changedAt: string;
        changedById: string | null;
      } | null>`(select json_build_object('fromStatus', ${h.fromStatus}, 'toStatus', ${h.toStatus},
          'changedAt', ${h.changedAt}, 'changedById', ${h.changedById})
        from ${h} where ${withLatest} and ${h.videoId} = ${videos.id}
        order by ${h.changedAt} desc, ${h.id} desc limit 1)`,
    })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(sql`${videos.id} = any(${`{${ids.join(',')}}`}::uuid[])`)
    .for('no key update', { of: videos });
  return (
    rows as (Omit<VideoForChange, 'latest'> & {
      latest: {
        fromStatus: string | null;
        toStatus: string;
        changedAt: string;
        changedById: string | null;
      } | null;
    })[]
  ).map(({ latest, ...row }) => ({
    ...row,
    latest: latest && {
      fromStatus: latest.fromStatus,
      toStatus: latest.toStatus,
      changedAt: new Date(latest.changedAt).toISOString(),
      guestName: null,
      changedBy: latest.changedById ? { id: latest.changedById, username: '', name: null } : null,
    },
  }));
}

/** The columns a bulk change sets without moving a video (setVideos). */
export type SetValues = Partial<
  Pick<typeof videos.$inferInsert, 'assignedEditorId' | 'dueDate' | 'type' | 'priority'>
>;

const SET_COLUMNS = ['assignedEditorId', 'dueDate', 'type', 'priority'] as const;
const SET_TYPES: Record<(typeof SET_COLUMNS)[number], string> = {
  assignedEditorId: 'uuid',
  dueDate: 'timestamptz',
  type: 'text',
  priority: 'text',
};

/**
 * Sets each video's own values, set-based: one update a shape (the columns given), whatever the
 * number of videos (a bulk change's changes that move no video; moves go through updateVideo,
 * one a video, for their history, rounds and what completing a video does). Answers the ids
 * updated.
 */
export async function setVideos(
  db: Db,
  changes: readonly { id: string; values: SetValues }[],
): Promise<string[]> {
  const shapes = new Map<string, { id: string; values: SetValues }[]>();
  for (const change of changes) {
    const key = SET_COLUMNS.filter((c) => change.values[c] !== undefined).join(',');
    if (!key) continue;
    shapes.set(key, [...(shapes.get(key) ?? []), change]);
  }
  const done: string[] = [];
  for (const [key, group] of shapes) {
    const columns = key.split(',') as (typeof SET_COLUMNS)[number][];
    const records = group.map(({ id, values }) => ({
      id,
      ...Object.fromEntries(
        columns.map((c) => {
          const value = values[c];
          return [c, value instanceof Date ? value.toISOString() : value];
        }),
      ),
    }));
    const x = sql.identifier('x');
    const assignments = columns.map(
      (c) => sql`${sql.identifier(videos[c].name)} = ${x}.${sql.identifier(c)}`,
    );
    const recordType = sql.join(
      [sql`id uuid`, ...columns.map((c) => sql`${sql.identifier(c)} ${sql.raw(SET_TYPES[c])}`)],
      sql`, `,
    );
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`update ${videos}
        set ${sql.join(assignments, sql`, `)}, ${sql.identifier(videos.updatedAt.name)} = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as ${x}(${recordType})
        where ${videos.id} = ${x}.id
        returning ${videos.id}`),
    );
    done.push(...rows.map((r) => r.id));
  }
  return done;
}

/** The first `max` ids of a list (listVideos' order and filters) and how many it has. */
export async function listVideoIds(
  db: Db,
  where: SQL | undefined,
  f: VideoFilters,
  max: number,
): Promise<{ ids: string[]; total: number }> {
  const narrowed = listWhere(where, f);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: videos.id })
      .from(videos)
      .where(narrowed)
      .orderBy(...listOrder(f))
      .limit(max),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(videos)
      .where(narrowed),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.total ?? 0 };
}

/** Sets or clears (null) a video's delivery link; false when the video is gone. */
export async function setDeliveryLink(db: Db, id: string, link: string | null): Promise<boolean> {
  const updated = await db
    .update(videos)
    .set({ deliveryLink: link, updatedAt: new Date() })
    .where(eq(videos.id, id))
    .returning({ id: videos.id });
  return updated.length > 0;
}

/**
 * Of `ids`, the videos whose delivery the client side sees now and did not before being paid:
 * paid, completed, with a delivery link, of a "deliver when paid" client (domain/delivery.ts).
 * What their unlock notices name.
 */
export async function unlockedDeliveries(
  db: Db,
  ids: readonly string[],
): Promise<Pick<VideoRow, 'id' | 'name' | 'userId'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: videos.id, name: videos.name, userId: videos.userId })
    .from(videos)
    .innerJoin(clientBilling, eq(clientBilling.clientId, videos.userId))
    .where(
      and(
        inArray(videos.id, [...ids]),
        eq(videos.paymentStatus, 'paid'),
        inArray(videos.status, [...COMPLETED_STATUSES]),
        sql`${videos.deliveryLink} is not null`,
        eq(clientBilling.deliveryMode, 'when_paid'),
      ),
    );
}
