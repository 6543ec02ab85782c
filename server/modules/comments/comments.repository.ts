import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CommentView } from '@domain/comments';
import { normalizeRole } from '@domain/roles';
import { avatarUrl } from '@domain/user';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { comments, users, videos, type UserRow } from '../../db/schema';
import { noticeCtes } from '../notifications/notifications.repository';

type CommentRow = typeof comments.$inferSelect;
type Author = Pick<UserRow, 'id' | 'name' | 'username' | 'avatarVersion' | 'role'>;

const authorColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarVersion: users.avatarVersion,
  role: users.role,
};

/** `author` is null for a review link's guest, who is named by the row's guest_name. */
export function toCommentView(row: CommentRow, author: Author | null): CommentView {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    videoId: row.videoId,
    author: author?.id
      ? {
          id: author.id,
          name: author.name,
          username: author.username,
          // A URL, never the image: a long thread stays small (issue 15).
          avatarUrl: avatarUrl(author.id, author.avatarVersion),
          role: normalizeRole(author.role),
        }
      : null,
    guestName: author?.id ? null : row.guestName,
  };
}

/** A video's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(db: Db, videoId: string): Promise<CommentView[]> {
  return (await commentsOfVideos(db, [videoId])).get(videoId) ?? [];
}

/** Several videos' comments in one query (the several-videos marker export), by video id. */
export async function commentsOfVideos(
  db: Db,
  videoIds: readonly string[],
): Promise<Map<string, CommentView[]>> {
  const byVideo = new Map<string, CommentView[]>();
  if (videoIds.length === 0) return byVideo;
  const rows = await db
    .select({ comment: comments, author: authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.videoId, [...videoIds]))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  for (const r of rows) {
    const list = byVideo.get(r.comment.videoId) ?? [];
    list.push(toCommentView(r.comment, r.author));
    byVideo.set(r.comment.videoId, list);
  }
  return byVideo;
}

/**
 * The insert of a comment, prepared (server/db/prepared.ts) with and without the notifications
 * of it (noticeCtes, whose JSON is the placeholder `notices`).
 */
const insertStatement = (noticed: boolean) =>
  preparedStatement(noticed ? 'insert_comment_noticed' : 'insert_comment', (db) =>
    db
      .with(...(noticed ? noticeCtes(db, sql.placeholder('notices')) : []))
      .insert(comments)
      .values({
        id: sql.placeholder('id'),
        videoId: sql.placeholder('videoId'),
        userId: sql.placeholder('userId'),
        guestName: sql.placeholder('guestName'),
        content: sql.placeholder('content'),
        version: sql.placeholder('version'),
      })
      .returning(),
  );
const insertPlain = insertStatement(false);
const insertNoticed = insertStatement(true);

/**
 * Inserts a comment (its id made here unless given); with `notices` (Notifier.oneStatement's
 * notifications of it, whose `values.id` the caller made), in the same statement.
 */
export async function insertComment(
  db: Db,
  values: {
    id?: string;
    videoId: string;
    content: string;
    /** The version the note is about; null or absent: the source. */
    version?: number | null;
  } & ({ userId: string } | { userId?: null; guestName: string }),
  notices: string | null = null,
) {
  const [row] = await (notices ? insertNoticed : insertPlain)(db).execute({
    id: values.id ?? randomUUID(),
    videoId: values.videoId,
    userId: values.userId ?? null,
    guestName: 'guestName' in values ? values.guestName : null,
    content: values.content,
    version: values.version ?? null,
    notices,
  });
  return row!;
}

/** The comment with the facts the permission rules need about its video. */
export async function findComment(db: Db, id: string) {
  const [row] = await db
    .select({
      comment: comments,
      video: { userId: videos.userId, assignedEditorId: videos.assignedEditorId },
    })
    .from(comments)
    .innerJoin(videos, eq(videos.id, comments.videoId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}
