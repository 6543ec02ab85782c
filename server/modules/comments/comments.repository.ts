import { randomUUID } from 'node:crypto';
import { aliasedTable, and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { noteFrame, noteTimecode, type CommentView } from '@domain/comments';
import { DEFAULT_FRAME_RATE, type FrameRate } from '@domain/timecode';
import type { Drawing } from '@domain/drawing';
import { displayName } from '@domain/people';
import { normalizeRole } from '@domain/roles';
import { avatarUrl } from '@domain/user';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  comments,
  users,
  videos,
  type UserRow,
} from '../../db/schema';
import { noticeCtes } from '../notifications/notifications.repository';
import { commentFrameRateSql, frameRateOf } from '../versions/frame-rates.repository';

type CommentRow = typeof comments.$inferSelect;
type Author = Pick<UserRow, 'id' | 'name' | 'username' | 'avatarVersion' | 'role'>;

const authorColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  avatarVersion: users.avatarVersion,
  role: users.role,
};

/** Who marked a comment done. */
const doneBy = aliasedTable(users, 'done_by');
type DoneBy = { id: string; name: string | null; username: string } | null;

/**
 * `author` is null for a review link's guest, who is named by the row's guest_name; `marker` is
 * who marked it done (null while open, or once that person was deleted).
 */
export function toCommentView(
  row: CommentRow,
  author: Author | null,
  marker: DoneBy = null,
  /** The rate of the version it is on (its frame's and timecode's). */
  frameRate: FrameRate = DEFAULT_FRAME_RATE,
): CommentView {
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
    version: row.version,
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    doneBy: row.doneAt && marker?.id ? { id: marker.id, name: displayName(marker) } : null,
    carriedFrom: row.carriedFrom,
    frame: row.frame,
    timecode: noteTimecode(row.frame, frameRate),
    // Checked by drawingSchema before it was stored.
    drawing: (row.drawing as Drawing | null) ?? null,
    parentId: row.parentId,
  };
}

/** Which version's comments: a number, null for the source; undefined for all of them. */
export type VersionFilter = number | null | undefined;

const onVersion = (version: VersionFilter): SQL | undefined =>
  version === undefined
    ? undefined
    : version === null
      ? isNull(comments.version)
      : eq(comments.version, version);

/** A video's comments (of one version, if asked), oldest first (a conversation reads down). */
export async function listComments(
  db: Db,
  videoId: string,
  version?: VersionFilter,
): Promise<CommentView[]> {
  return (await commentsOfVideos(db, [videoId], version)).get(videoId) ?? [];
}

/** Several videos' comments in one query (the several-videos marker export), by video id. */
export async function commentsOfVideos(
  db: Db,
  videoIds: readonly string[],
  version?: VersionFilter,
): Promise<Map<string, CommentView[]>> {
  const byVideo = new Map<string, CommentView[]>();
  if (videoIds.length === 0) return byVideo;
  const rows = await db
    .select({
      comment: comments,
      author: authorColumns,
      doneBy: { id: doneBy.id, name: doneBy.name, username: doneBy.username },
      frameRate: commentFrameRateSql,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(doneBy, eq(doneBy.id, comments.doneById))
    .where(and(inArray(comments.videoId, [...videoIds]), onVersion(version)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  for (const r of rows) {
    const list = byVideo.get(r.comment.videoId) ?? [];
    list.push(toCommentView(r.comment, r.author, r.doneBy, r.frameRate));
    byVideo.set(r.comment.videoId, list);
  }
  return byVideo;
}

/** One comment as the answers show it, or undefined. */
export async function commentView(db: Db, id: string): Promise<CommentView | undefined> {
  const [r] = await db
    .select({
      comment: comments,
      author: authorColumns,
      doneBy: { id: doneBy.id, name: doneBy.name, username: doneBy.username },
      frameRate: commentFrameRateSql,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(doneBy, eq(doneBy.id, comments.doneById))
    .where(eq(comments.id, id))
    .limit(1);
  return r && toCommentView(r.comment, r.author, r.doneBy, r.frameRate);
}

/** Marks a comment done by `byId` now, or open again; the row, or undefined when it is gone. */
export async function setCommentDone(db: Db, id: string, done: boolean, byId: string) {
  const [row] = await db
    .update(comments)
    .set(done ? { doneAt: sql`now()`, doneById: byId } : { doneAt: null, doneById: null })
    .where(eq(comments.id, id))
    .returning({ id: comments.id });
  return row;
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
        frame: sql`${sql.placeholder('frame')}::integer`,
        drawing: sql`${sql.placeholder('drawing')}::jsonb`,
        parentId: sql`${sql.placeholder('parentId')}::uuid`,
        // The version asked for (null: the source), else the video's current one.
        version: sql`case when ${sql.placeholder('versionGiven')}::boolean
          then ${sql.placeholder('version')}::integer
          else (select nullif(${videos.currentVersion}, 0) from ${videos}
            where ${videos.id} = ${sql.placeholder('videoId')}::uuid) end`,
      })
      .returning(),
  );
const insertPlain = insertStatement(false);
const insertNoticed = insertStatement(true);

/**
 * Inserts a comment (its id made here unless given) on `version` (null: the source; not given:
 * the video's current version, read in the same statement); with `notices` (Notifier.oneStatement's
 * notifications of it, whose `values.id` the caller made), in the same statement.
 */
export async function insertComment(
  db: Db,
  values: {
    id?: string;
    videoId: string;
    content: string;
    version?: number | null;
    /** The note's frame at its version's rate (noteTime); null or absent: no time. */
    frame?: number | null;
    /** Shapes drawn on the frame (domain/drawing.ts, already checked); null or absent: none. */
    drawing?: Drawing | null;
    /** A reply's first comment (findThread); null or absent: a first comment. */
    parentId?: string | null;
  } & ({ userId: string } | { userId?: null; guestName: string }),
  notices: string | null = null,
) {
  const [row] = await (notices ? insertNoticed : insertPlain)(db).execute({
    id: values.id ?? randomUUID(),
    videoId: values.videoId,
    userId: values.userId ?? null,
    guestName: 'guestName' in values ? values.guestName : null,
    content: values.content,
    drawing: values.drawing ? JSON.stringify(values.drawing) : null,
    versionGiven: values.version !== undefined,
    version: values.version ?? null,
    frame: values.frame ?? null,
    parentId: values.parentId ?? null,
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

const firstComment = aliasedTable(comments, 'first_comment');
const inThread = aliasedTable(comments, 'in_thread');

/**
 * The thread a reply to `id` joins (issue 45 part 4): its first comment (`id`'s own, or `id`
 * itself when it is one) with its video, version and client, and the people in it (the first
 * comment's author and every reply's, each once, guests aside) with whether their editor and
 * team-lead assignments name the video's client (videoScopeOf), in one statement. Undefined
 * when `id` names no comment.
 */
export async function findThread(db: Db, id: string) {
  const editors = clientEditorAssignments;
  const leads = clientTeamLeadAssignments;
  const found = await db
    .select({
      id: firstComment.id,
      videoId: firstComment.videoId,
      version: firstComment.version,
      clientId: videos.userId,
      person: { id: users.id, role: users.role, isAdmin: users.isAdmin },
      asEditor: sql<boolean>`exists (select 1 from ${editors}
        where ${editors.clientId} = ${videos.userId} and ${editors.editorId} = ${users.id})`,
      asLead: sql<boolean>`exists (select 1 from ${leads}
        where ${leads.clientId} = ${videos.userId} and ${leads.teamLeadId} = ${users.id})`,
    })
    .from(firstComment)
    .innerJoin(videos, eq(videos.id, firstComment.videoId))
    .leftJoin(
      inThread,
      or(eq(inThread.id, firstComment.id), eq(inThread.parentId, firstComment.id)),
    )
    .leftJoin(users, eq(users.id, inThread.userId))
    .where(
      eq(
        firstComment.id,
        sql`(select coalesce(${comments.parentId}, ${comments.id}) from ${comments}
          where ${comments.id} = ${id})`,
      ),
    );
  // Spelled out: drizzle types a selection of these aliased joins as never.
  const rows = found as {
    id: string;
    videoId: string;
    version: number | null;
    clientId: string;
    person: { id: string; role: string; isAdmin: string } | null;
    asEditor: boolean;
    asLead: boolean;
  }[];
  const [first] = rows;
  if (!first) return undefined;
  const people = new Map<string, ThreadPerson>();
  for (const r of rows) {
    if (r.person?.id) {
      people.set(r.person.id, {
        ...r.person,
        assigned: { asEditor: r.asEditor, asLead: r.asLead },
      });
    }
  }
  const { id: firstId, videoId, version, clientId } = first;
  return { id: firstId, videoId, version, clientId, people: [...people.values()] };
}

/** Someone in a thread, with what their assignments say of the video's client (findThread). */
export interface ThreadPerson {
  id: string;
  role: string;
  isAdmin: string;
  assigned: { asEditor: boolean; asLead: boolean };
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

/**
 * A new note's frame (noteFrame) at the rate of the version it goes on (null: the source), with
 * that rate; null when its typed time names no frame (a 400).
 */
export async function noteTime(
  db: Db,
  videoId: string,
  version: number | null,
  input: { content: string; frame?: number | null; time?: string },
  /** The version's rate when the caller has read it already (the current one's, with the video). */
  known?: FrameRate,
): Promise<{ frame: number | null; frameRate: FrameRate } | null> {
  // A note with no time at all (none given, nothing like one in its words) needs no rate: the
  // comment then costs no read more than before frame rates (write-statements.test.ts).
  const timeless = input.frame == null && !input.time?.trim() && !/\d[:;]\d/.test(input.content);
  if (timeless) return { frame: null, frameRate: DEFAULT_FRAME_RATE };
  const frameRate = known ?? (await frameRateOf(db, videoId, version));
  const frame = noteFrame(input, frameRate);
  return frame === undefined ? null : { frame, frameRate };
}
