import { and, asc, count, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_TEXT } from '../../../domain/notifications';
import type { NotificationView } from '../../../domain/notifications';
import type { ViewerScope } from '../../../domain/permissions';
import type { TtlCache } from '../../db/cache-bus';
import type { Db } from '../../db/client';
import { notifications, videos } from '../../db/schema';
import { readableBy } from '../videos/videos.repository';

type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    recipientId: row.recipientId,
    type: row.type,
    title: row.title,
    message: row.message,
    videoId: row.videoId,
    commentId: row.commentId,
    isRead: row.isRead,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertNotifications(
  db: Db,
  values: NewNotification[],
): Promise<NotificationView[]> {
  if (!values.length) return [];
  const rows = await db.insert(notifications).values(values).returning();
  forgetCounts(db, new Set(rows.map((r) => r.recipientId)));
  return rows.map(toNotificationView);
}

export async function findNotification(db: Db, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row && toNotificationView(row);
}

/** Newest first, unread only unless asked, at most NOTIFICATION_LIST_LIMIT. */
export async function listNotifications(
  db: Db,
  recipientId: string,
  { includeRead }: { includeRead: boolean },
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        includeRead ? undefined : eq(notifications.isRead, false),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map(toNotificationView);
}

/**
 * The unread-count cache of this instance, set by the auth plugin (which owns the cache bus);
 * keyed by the drizzle instance so apps sharing a process (tests) keep theirs apart.
 */
const countCaches = new WeakMap<Db, TtlCache<number>>();

export function useCountCache(db: Db, cache: TtlCache<number> | undefined) {
  if (cache) countCaches.set(db, cache);
  else countCaches.delete(db);
}

/**
 * The unread count the bell shows, from the cache when it holds it. The cache drops a
 * recipient's entry when the triggers report a change to their notifications, and the writes
 * below drop it at once on this instance.
 */
export async function countUnreadCached(db: Db, recipientId: string): Promise<number> {
  const cache = countCaches.get(db);
  if (!cache) return countUnread(db, recipientId);
  return cache.load(recipientId, () => countUnread(db, recipientId));
}

export function forgetCounts(db: Db, recipientIds: Iterable<string>) {
  const cache = countCaches.get(db);
  if (cache) for (const id of recipientIds) cache.delete(id);
}

/** Unread count, always from the database; served by the partial index notifications_unread_idx. */
export async function countUnread(db: Db, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Marks one notification read if it is the recipient's; undefined otherwise. */
export async function markRead(db: Db, id: string, recipientId: string) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning();
  forgetCounts(db, [recipientId]);
  return row && toNotificationView(row);
}

export async function markAllRead(db: Db, recipientId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  forgetCounts(db, [recipientId]);
  return rows.length;
}

export async function clearAll(db: Db, recipientId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.recipientId, recipientId))
    .returning({ id: notifications.id });
  forgetCounts(db, [recipientId]);
  return rows.length;
}

/** Recipients still holding an unread notice of a comment (their counts drop when it goes). */
export async function unreadRecipientsOfComment(db: Db, commentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: notifications.recipientId })
    .from(notifications)
    .where(and(eq(notifications.commentId, commentId), eq(notifications.isRead, false)));
  return rows.map((r) => r.id);
}

const COMPLETE = ['ready_to_post', 'posted'];
/** At most this many overdue notices are written by one call; the rest come with the next. */
const OVERDUE_BATCH = 100;

/**
 * One 'video_overdue' notice per video and recipient per (UTC) day, for the videos the viewer may
 * read that are past due and not ready_to_post or posted. The advisory lock serialises the calls
 * of one recipient, and each statement after it sees what an earlier call committed, so two
 * concurrent calls never both insert.
 */
export async function createOverdueNotices(db: Db, viewer: ViewerScope) {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`overdue:${viewer.id}`}))`);
    const dayStart = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
    const due = await tx
      .select({ id: videos.id, name: videos.name })
      .from(videos)
      .where(
        and(
          readableBy(viewer),
          lt(videos.dueDate, sql`now()`),
          notInArray(videos.status, COMPLETE),
          sql`not exists (select 1 from ${notifications} n
                where n.recipient_id = ${viewer.id} and n.video_id = ${videos.id}
                  and n.type = 'video_overdue' and n.created_at >= ${dayStart})`,
        ),
      )
      .orderBy(asc(videos.dueDate), asc(videos.id))
      .limit(OVERDUE_BATCH);
    if (!due.length) return [];
    const rows = await tx
      .insert(notifications)
      .values(
        due.map((v) => {
          const { type, title, message, priority } = NOTIFICATION_TEXT.overdue(v.name);
          return { recipientId: viewer.id, videoId: v.id, type, title, message, priority };
        }),
      )
      .returning();
    return rows.map(toNotificationView);
  });
  if (created.length) forgetCounts(db, [viewer.id]);
  return created;
}
