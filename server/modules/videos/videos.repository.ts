import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { canSeeInternalNotes, canSeePayment, type ViewerScope } from '@domain/permissions';
import { isManager } from '@domain/roles';
import { utcDay } from '@domain/publishing';
import { COMPLETED_STATUSES, type VideoStatus } from '@domain/video-status';
import { avatarUrl } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { type Db, inTransaction } from '../../db/client';
import { users, videos, videoStatusHistory, videoTypes, type VideoRow } from '../../db/schema';

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
}

/** SQL for "the viewer may read this video" (DESIGN.md section 4), mirroring canReadVideo. */
export function readableBy(viewer: ViewerScope): SQL | undefined {
  if (isManager(viewer)) return undefined;
  const team = [...viewer.teamClientIds];
  return or(
    eq(videos.userId, viewer.id),
    eq(videos.assignedEditorId, viewer.id),
    team.length ? inArray(videos.userId, team) : undefined,
  );
}

/**
 * SQL for "the video is overdue", the twin of isOverdue in domain/workflow.ts: the due date has
 * passed and the status is not one of COMPLETED_STATUSES. `t` may be an alias of videos.
 */
export function overdueWhere(t: typeof videos = videos): SQL {
  return and(lt(t.dueDate, sql`now()`), notInArray(t.status, [...COMPLETED_STATUSES]))!;
}

export interface VideoFilters {
  status?: VideoStatus;
  clientId?: string;
  type?: string;
  q?: string;
  overdue?: boolean;
  assignedEditorId?: string;
  limit?: number;
  cursor?: { createdAt: Date; id: string };
}

export async function listVideos(db: Db, where: SQL | undefined, f: VideoFilters = {}) {
  const conditions = [
    where,
    f.status ? eq(videos.status, f.status) : undefined,
    f.clientId ? eq(videos.userId, f.clientId) : undefined,
    f.type ? eq(videos.type, f.type) : undefined,
    f.q ? ilike(videos.name, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.overdue ? overdueWhere() : undefined,
    f.assignedEditorId ? eq(videos.assignedEditorId, f.assignedEditorId) : undefined,
    f.cursor
      ? or(
          lt(videos.createdAt, f.cursor.createdAt),
          and(eq(videos.createdAt, f.cursor.createdAt), lt(videos.id, f.cursor.id)),
        )
      : undefined,
  ];
  const query = db
    .select({ video: videos, owner: listSummary(owner), editor: listSummary(editor) })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(and(...conditions))
    .orderBy(desc(videos.createdAt), desc(videos.id));
  const rows = await (f.limit ? query.limit(f.limit) : query);
  return rows as VideoWithPeople[];
}

export async function findVideo(db: Db, id: string): Promise<VideoWithPeople | undefined> {
  const [row] = await db
    .select({ video: videos, owner: summary(owner), editor: summary(editor) })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(eq(videos.id, id))
    .limit(1);
  return row;
}

/** Several videos with their people, in one query; the ones not found are left out. */
export async function findVideos(db: Db, ids: readonly string[]): Promise<VideoWithPeople[]> {
  if (ids.length === 0) return [];
  return db
    .select({ video: videos, owner: summary(owner), editor: summary(editor) })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId))
    .where(inArray(videos.id, [...ids]));
}

export async function statusHistory(db: Db, videoId: string) {
  const changedBy = aliasedTable(users, 'changed_by');
  const rows = await db
    .select({
      fromStatus: videoStatusHistory.fromStatus,
      toStatus: videoStatusHistory.toStatus,
      changedAt: videoStatusHistory.changedAt,
      guestName: videoStatusHistory.guestName,
      changedBy: { id: changedBy.id, username: changedBy.username, name: changedBy.name },
    })
    .from(videoStatusHistory)
    .leftJoin(changedBy, eq(changedBy.id, videoStatusHistory.changedById))
    .where(eq(videoStatusHistory.videoId, videoId))
    .orderBy(asc(videoStatusHistory.changedAt), asc(videoStatusHistory.id));
  return rows.map((r) => ({
    ...r,
    changedAt: r.changedAt.toISOString(),
    changedBy: r.changedBy?.id ? r.changedBy : null,
  }));
}

/** The video as the viewer may see it: hidden fields are absent, not empty. */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toVideoView(
  viewer: ViewerScope,
  { video, owner: o, editor: e }: VideoWithPeople,
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
  if (canSeeInternalNotes(viewer)) view.internalNotes = video.internalNotes ?? '';
  if (canSeePayment(viewer, video)) {
    view.paymentAmount = video.paymentAmount;
    view.paymentStatus = video.paymentStatus;
    view.lockedPrice = video.lockedPrice;
    view.paidDate = iso(video.paidDate);
  }
  view.paid = video.paymentStatus === 'paid';
  return view;
}

/**
 * Adds a custom type to video_types (price 0.00) so the king can price it, owned by `ownerId`.
 * A name that exists already is used as it is: one row per name (prices are by name), keeping
 * its first owner; another client using it sees it through its own videos (listVideoTypesFor).
 */
export async function ensureVideoType(db: Db, name: string, ownerId: string | null) {
  const displayName = name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  await db.insert(videoTypes).values({ name, displayName, ownerId }).onConflictDoNothing();
}

/**
 * Inserts a video with the next ordinal of its client. The advisory lock serialises creates for
 * one client, so concurrent creates never collide on (user_id, ordinal).
 */
export async function insertVideo(
  db: Db,
  values: Omit<typeof videos.$inferInsert, 'ordinal'>,
  changedById: string,
) {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${values.userId}))`);
    // The next ordinal is read by the insert itself, in a snapshot taken after the lock.
    const next = sql<number>`(select coalesce(max(${videos.ordinal}), 0) + 1 from ${videos}
      where ${videos.userId} = ${values.userId})`;
    const [row] = await tx
      .insert(videos)
      .values({ ...values, ordinal: next })
      .returning();
    await tx.insert(videoStatusHistory).values({
      videoId: row!.id,
      changedById,
      fromStatus: null,
      toStatus: row!.status,
    });
    return row!;
  });
}

const COMPLETE = new Set(['ready_to_post', 'posted']);

/**
 * Applies changes; a status change is recorded in the history and moves finishDate: set when
 * the video first enters ready_to_post or posted, cleared when it goes back; a move to posted
 * without a published day records today's (kept when the video leaves posted). A status change
 * applies only if the video still has the status the caller checked the move against: when
 * someone else moved it meanwhile, nothing is written and the answer is null.
 */
export async function updateVideo(
  db: Db,
  current: VideoRow,
  changes: Partial<typeof videos.$inferInsert>,
  changedById: string | null,
  /** A review link's guest, who moves it without an account (changedById null). */
  guestName?: string,
): Promise<VideoRow | null> {
  return inTransaction(db, async (tx) => {
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
    const [row] = await tx
      .update(videos)
      .set(values)
      .where(and(eq(videos.id, current.id), moves ? eq(videos.status, current.status) : undefined))
      .returning();
    if (!row) return null;
    if (moves) {
      await tx.insert(videoStatusHistory).values({
        videoId: current.id,
        changedById,
        guestName,
        fromStatus: current.status,
        toStatus: newStatus,
        changedAt: movedAt,
      });
    }
    return row;
  });
}

export async function deleteVideos(db: Db, ids: string[]) {
  const rows = await db.delete(videos).where(inArray(videos.id, ids)).returning({ id: videos.id });
  return rows.length;
}
