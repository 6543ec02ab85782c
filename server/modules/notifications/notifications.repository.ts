import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_TEXT } from '../../../domain/notifications';
import type { NotificationView } from '../../../domain/notifications';
import type { ViewerScope } from '../../../domain/permissions';
import type { TtlCache } from '../../db/cache-bus';
import type { Db } from '../../db/client';
import { notifications, overdueNotices, videos } from '../../db/schema';
import { overdueWhere, readableBy } from '../videos/videos.repository';

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

/** At most this many overdue notices are written by one call; the rest come with the next. */
const OVERDUE_BATCH = 500;

/**
 * One 'video_overdue' notice per video, due date and recipient, ever, for the overdue videos
 * (overdueWhere: past due, not ready to post or posted) the viewer may read. What was sent is kept
 * in overdue_notices, whose key makes a concurrent call wait for the first and then skip what
 * it wrote; clearing the bell does not bring a notice back, a new due date that passes does.
 */
export async function createOverdueNotices(db: Db, viewer: ViewerScope) {
  const created = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: videos.id, name: videos.name, dueDate: videos.dueDate })
      .from(videos)
      .where(
        and(
          readableBy(viewer),
          overdueWhere(),
          sql`not exists (select 1 from ${overdueNotices} o
                where o.video_id = ${videos.id} and o.recipient_id = ${viewer.id}
                  and o.due_date = ${videos.dueDate})`,
        ),
      )
      .orderBy(asc(videos.dueDate), asc(videos.id))
      .limit(OVERDUE_BATCH);
    if (!due.length) return [];
    const claimed = await tx
      .insert(overdueNotices)
      .values(due.map((v) => ({ videoId: v.id, recipientId: viewer.id, dueDate: v.dueDate! })))
      .onConflictDoNothing()
      .returning({ videoId: overdueNotices.videoId });
    const mine = new Set(claimed.map((c) => c.videoId));
    const fresh = due.filter((v) => mine.has(v.id));
    if (!fresh.length) return [];
    const rows = await tx
      .insert(notifications)
      .values(
        fresh.map((v) => {
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
