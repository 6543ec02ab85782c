import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  lt,
  or,
  type Placeholder,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TEXT,
  NOTIFICATION_UNDO_KEEP_MS,
} from '@domain/notifications';
import type { NotificationView } from '@domain/notifications';
import type { EmailKind } from '@domain/email';
import { type CacheBus, SHORT_CACHE_MS, TtlCache } from '../../db/cache-bus';
import { cacheMessage, parseCacheMessage } from '../../db/cache-messages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  clearedNotifications,
  comments,
  notifications,
  overdueNotices,
  videos,
} from '../../db/schema';
import { emailEventRow, emailEventsFrom, enqueueEmailEvents } from '../email/email.repository';
import type { ViewerScope } from '../scope/scope';
import { overdueWhere, readableBy } from '../scope/readable';

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

/** A notification to store, with the email kind it is left for the email worker as. */
export type NotificationDraft = NewNotification & { recipientId: string; emailKind: EmailKind };

/** The views of new notifications (ids and times made here) and the JSON rows stored of them. */
export function noticeRows(drafts: NotificationDraft[]) {
  const createdAt = new Date();
  const views = drafts.map((d) =>
    toNotificationView({
      ...d,
      id: randomUUID(),
      videoId: d.videoId ?? null,
      commentId: d.commentId ?? null,
      isRead: false,
      priority: d.priority ?? 'normal',
      createdAt,
    }),
  );
  const rows = JSON.stringify(
    views.map((v, i) => ({
      ...emailEventRow({ ...v, kind: drafts[i]!.emailKind }),
      id: v.id,
      type: v.type,
      priority: v.priority,
      created_at: v.createdAt,
    })),
  );
  return { views, rows };
}

/**
 * The common table expressions that store notifications and leave them for the email worker:
 * `notice_rows` (the rows; none unless `guard`, another expression of the statement, has a
 * row), then the two inserts. They send no NOTIFY (which would hold PostgreSQL's
 * notification-queue lock through the commit): the caller tells the other instances after the
 * commit (`Notifier`), and the rows mark their transaction so that the count trigger does not
 * (vw.notices_told, migration 0016).
 */
function noticeParts(rows: string | Placeholder, guard?: string) {
  const guarded = guard ? sql`and exists (select 1 from ${sql.identifier(guard)})` : sql``;
  return [
    [
      'notice_rows',
      sql`select * from jsonb_to_recordset(${rows}::jsonb) as e(id uuid, recipient_id uuid,
          type text, title text, message text, video_id uuid, comment_id uuid, priority text,
          created_at timestamptz, kind text)
        where set_config('vw.notices_told', 'on', true) = 'on' ${guarded}`,
    ],
    [
      'notices_stored',
      sql`insert into notifications
          (id, recipient_id, type, title, message, video_id, comment_id, priority, created_at)
        select id, recipient_id, type, title, message, video_id, comment_id, priority, created_at
        from notice_rows`,
    ],
    ['notices_mailed', emailEventsFrom(sql`notice_rows e`)],
  ] as const;
}

/**
 * Stores new notifications and leaves them for the email worker, in one statement of the
 * caller's transaction (noticeParts). Their ids and times are made here, so the views are known
 * before the statement runs.
 */
export async function storeNotifications(
  db: Db,
  drafts: NotificationDraft[],
): Promise<NotificationView[]> {
  if (!drafts.length) return [];
  const { views, rows } = noticeRows(drafts);
  const ctes = noticeParts(rows).map(([name, body]) => sql`${sql.identifier(name)} as (${body})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
  return views;
}

/**
 * The same, as common table expressions for the caller's own statement (a status change, a
 * comment): stored only if `guard`, an expression of that statement, has a row (the change was
 * made), or with the statement when there is no guard. `rows` is noticeRows' JSON, or the
 * placeholder a prepared statement takes it as (server/db/prepared.ts).
 */
export function noticeCtes(db: Db, rows: string | Placeholder, guard?: string): WithSubquery[] {
  return noticeParts(rows, guard).map(([name, body]) => db.$with(name, {}).as(body));
}

export async function findNotification(db: Db, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row && toNotificationView(row);
}

/** Newest first, unread only unless asked, at most NOTIFICATION_LIST_LIMIT. */
/** The bell's list, from the cache when it holds it (see NoticeCache). */
export function listNotificationsCached(
  db: Db,
  notices: NoticeCache,
  recipientId: string,
  options: { includeRead: boolean },
) {
  return notices.lists.load(NoticeCache.listKey(recipientId, options.includeRead), () =>
    listNotifications(db, recipientId, options),
  );
}

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

/** The cache bus's message that a recipient's notifications changed (migrations 0004, 0016). */
const countMessage = (recipientId: string) => cacheMessage('notices', recipientId);

/**
 * An app instance's unread counts by recipient id, and with them the bell's lists (the notifier
 * decorates the app with it): forgetting a recipient drops both, so the lists go exactly when
 * the counts do. The list's key is the recipient's id and whether read ones are in it.
 */
export class NoticeCache extends TtlCache<number> {
  readonly lists: TtlCache<NotificationView[]>;

  constructor(bus: CacheBus) {
    super(bus, SHORT_CACHE_MS);
    this.lists = new TtlCache<NotificationView[]>(bus, SHORT_CACHE_MS);
  }

  static listKey(recipientId: string, includeRead: boolean) {
    return `${recipientId}|${includeRead}`;
  }

  override delete(recipientId: string) {
    super.delete(recipientId);
    this.lists.delete(NoticeCache.listKey(recipientId, true));
    this.lists.delete(NoticeCache.listKey(recipientId, false));
  }

  override clear() {
    super.clear();
    this.lists.clear();
  }
}

/**
 * The unread counts and bell lists of one app instance, kept for SHORT_CACHE_MS while the cache
 * bus listens (docs/decisions/0004-session-and-count-cache.md): a recipient's entries go when the
 * triggers (or `countsAdded`) report a change to their notifications ('n'), all of them when
 * anything may be stale. The writes below also drop their recipients' entries at once.
 */
export function createNoticeCache(bus: CacheBus): NoticeCache {
  const cache = new NoticeCache(bus);
  bus.subscribe((message) => {
    const said = message === null ? null : parseCacheMessage(message);
    if (said === null) cache.clear();
    else if (said?.kind === 'notices') cache.delete(said.id);
  });
  return cache;
}

/**
 * After the commit of notifications stored by `storeNotifications` (whose trigger says nothing):
 * drops their recipients' counts here; the NOTIFYs that tell every instance to drop them.
 */
export function countsAdded(bus: CacheBus, counts: NoticeCache, recipientIds: Set<string>) {
  forgetCounts(counts, recipientIds);
  return bus.notices([...recipientIds].map(countMessage));
}

/** The unread count the bell shows, from the cache when it holds it. */
export async function countUnreadCached(
  db: Db,
  counts: NoticeCache,
  recipientId: string,
): Promise<number> {
  return counts.load(recipientId, () => countUnread(db, recipientId));
}

export function forgetCounts(counts: NoticeCache, recipientIds: Iterable<string>) {
  for (const id of recipientIds) counts.delete(id);
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
export async function markRead(db: Db, counts: NoticeCache, id: string, recipientId: string) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning();
  forgetCounts(counts, [recipientId]);
  return row && toNotificationView(row);
}

export async function markAllRead(
  db: Db,
  counts: NoticeCache,
  recipientId: string,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  forgetCounts(counts, [recipientId]);
  return rows.length;
}

/** Rows cleared before this long ago can no longer be restored. */
const undoCutoff = () => sql`now() - ${`${NOTIFICATION_UNDO_KEEP_MS} milliseconds`}::interval`;

/**
 * Clears the recipient's bell: its rows move to cleared_notifications under a new undo id, in one
 * statement, so a restore brings back exactly these and nothing that came after. Rows any clear
 * kept past the undo window are dropped on the way. How many went, and the undo id.
 */
export async function clearAll(
  db: Db,
  counts: NoticeCache,
  recipientId: string,
): Promise<{ deleted: number; undoId: string }> {
  const undoId = randomUUID();
  const deleted = await db.transaction(async (tx) => {
    await tx.delete(clearedNotifications).where(lt(clearedNotifications.clearedAt, undoCutoff()));
    const moved = await tx.execute(sql`
      with gone as (
        delete from ${notifications} where ${notifications.recipientId} = ${recipientId}
        returning *
      )
      insert into ${clearedNotifications}
        (id, undo_id, recipient_id, type, title, message, video_id, comment_id, is_read,
         priority, created_at)
      select id, ${undoId}::uuid, recipient_id, type, title, message, video_id, comment_id,
        is_read, priority, created_at
      from gone
      returning id`);
    return rowsOf(moved).length;
  });
  forgetCounts(counts, [recipientId]);
  return { deleted, undoId };
}

/**
 * Undoes the clear `undoId` of `recipientId` within the undo window: its rows move back to
 * notifications as they were (read or not, same ids and times). How many came back; 0 when the
 * clear is someone else's, unknown, already undone or too old.
 */
export async function restoreCleared(
  db: Db,
  counts: NoticeCache,
  recipientId: string,
  undoId: string,
): Promise<number> {
  const moved = await db.execute(sql`
    with back as (
      delete from ${clearedNotifications}
      where ${clearedNotifications.undoId} = ${undoId}
        and ${clearedNotifications.recipientId} = ${recipientId}
        and ${clearedNotifications.clearedAt} >= ${undoCutoff()}
      returning *
    )
    insert into ${notifications}
      (id, recipient_id, type, title, message, video_id, comment_id, is_read, priority, created_at)
    select id, recipient_id, type, title, message, video_id, comment_id, is_read, priority,
      created_at
    from back
    returning id`);
  forgetCounts(counts, [recipientId]);
  return rowsOf(moved).length;
}

/** Recipients still holding an unread notice of a comment (their counts drop when it goes). */
export async function unreadRecipientsOfComment(db: Db, commentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: notifications.recipientId })
    .from(notifications)
    .where(
      and(
        // A first comment's replies, and so their notices, go with it (issue 45 part 4).
        inArray(
          notifications.commentId,
          db
            .select({ id: comments.id })
            .from(comments)
            .where(or(eq(comments.id, commentId), eq(comments.parentId, commentId))),
        ),
        eq(notifications.isRead, false),
      ),
    );
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
export async function createOverdueNotices(db: Db, counts: NoticeCache, viewer: ViewerScope) {
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
    await enqueueEmailEvents(
      tx,
      rows.map((r) => ({ ...r, kind: 'video_overdue' })),
    );
    return rows.map(toNotificationView);
  });
  if (created.length) forgetCounts(counts, [viewer.id]);
  return created;
}
