import { z } from 'zod';
import { drawingSchema, drawingViewSchema } from './drawing';
import { displayName } from './people';
import {
  findTimecodes,
  frameToTimecode,
  parseTime,
  TIMECODE_MESSAGES,
  type FrameRate,
} from './timecode';
import { isManager, type Actor } from './roles';
import { avatarUrlSchema } from './user';
import { workflowSide } from './workflow';

/** Comments on a video (docs/product.md#data and #validation-and-messages): the contract shared by server and web. */
export const COMMENT_MAX_LENGTH = 5000;

export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment is too long (at most ${COMMENT_MAX_LENGTH} characters)`,
  notFound: 'Comment not found',
  forbiddenDelete: 'You can only delete your own comments',
  forbiddenDone: 'Only the agency and the note’s author can mark a note done',
  noSuchVersion: (version: number) => `This video has no version v${version}`,
  versionInvalid: 'Version must be a version number, or null for the source',
  versionFilterInvalid: 'Version must be a version number or “source”',
  doneInvalid: 'done must be true or false',
  markedDone: 'Marked done',
  markedOpen: 'Marked open again',
  added: 'Comment added',
  deleted: 'Comment deleted',
  /** Threads (issue 45 part 4). */
  replyAdded: 'Reply added',
  parentNotFound:
    'The comment you are replying to is not on this video any more: it may have been deleted',
  parentVersion: 'A reply is on its comment’s version',
  replyNoTime: 'A reply has no time or drawing of its own: it is about its comment’s moment',
  parentInvalid: 'parentId must be the id of the comment you reply to',
  replyDone: 'A reply is done with its thread: mark the first comment done',
} as const;

/** A thread shows its newest replies up to this many; the older ones behind "Show N more replies". */
export const THREAD_REPLIES_SHOWN = 3;

/** A version's number (v1 is 1); null: the client's source (domain/versions.ts). */
const commentVersion = z
  .number({ error: COMMENT_MESSAGES.versionInvalid })
  .int(COMMENT_MESSAGES.versionInvalid)
  .min(1, COMMENT_MESSAGES.versionInvalid)
  .max(1_000_000, COMMENT_MESSAGES.versionInvalid)
  .nullable();

/**
 * POST /api/videos/{id}/comments: content is trimmed, then must be non-empty and bounded; the
 * comment is on `version` (null: the source), by default on the video's current version (the
 * source while there is none).
 */
export const commentBody = z.object({
  content: z
    .string({ error: COMMENT_MESSAGES.empty })
    .trim()
    .min(1, COMMENT_MESSAGES.empty)
    .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong),
  version: commentVersion.optional(),
  /**
   * The note's time (issue 43): a frame number at its version's rate, or the time as typed
   * ('1:23', '1:23.5', '01:02:03', '00:01:23;12'); neither: the first timecode in the text.
   */
  frame: z
    .number({ error: TIMECODE_MESSAGES.frame })
    .int(TIMECODE_MESSAGES.frame)
    .min(0, TIMECODE_MESSAGES.frame)
    .max(2_000_000_000, TIMECODE_MESSAGES.frame)
    .nullable()
    .optional(),
  time: z.string({ error: TIMECODE_MESSAGES.time }).max(40, TIMECODE_MESSAGES.time).optional(),
  /** Shapes drawn on the paused frame (issue 43, domain/drawing.ts); null or absent: none. */
  drawing: drawingSchema.nullable().optional(),
  /**
   * A reply (issue 45 part 4): the comment it answers. A reply to a reply joins that reply's
   * thread (it hangs under the first comment); it is on its comment's version and has no time
   * or drawing of its own (replyBody refuses them).
   */
  parentId: z.uuid({ error: COMMENT_MESSAGES.parentInvalid }).nullable().optional(),
});
export type CommentInput = z.infer<typeof commentBody>;

export const commentAuthorSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string(),
  avatarUrl: avatarUrlSchema,
  role: z.string(),
});

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** Null, as is `author`, for a review link's guest, who has `guestName` (issue 19). */
  userId: z.string().nullable(),
  videoId: z.string(),
  author: commentAuthorSchema.nullable(),
  guestName: z.string().nullable(),
  /** The version it is about; null: the source. */
  version: z.number().int().nullable(),
  /** Marked done (when, by whom); both null while the note is open. */
  doneAt: z.string().nullable(),
  doneBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Carried over from this version when the next was added ("from v2"); 0: from the source. */
  carriedFrom: z.number().int().nullable(),
  /** The note's time as a frame at its version's (or the source's) rate; null: no time. */
  frame: z.number().int().nullable(),
  /** That frame as SMPTE timecode at the rate ('00:01:23;12' at a drop-frame rate), or null. */
  timecode: z.string().nullable(),
  /** Shapes drawn on the frame at the comment's moment (issue 43); null: none. */
  drawing: drawingViewSchema.nullable(),
  /** A reply's first comment (its thread, issue 45 part 4); null: a first comment. */
  parentId: z.string().nullable(),
});
export type CommentView = z.infer<typeof commentSchema>;

/**
 * GET /api/videos/{id}/comments: `version` a number, or 'source'; without it, every comment of
 * the video. The markers export takes the same (its default: the current version).
 */
export const commentVersionQuery = z
  .string({ error: COMMENT_MESSAGES.versionFilterInvalid })
  .regex(/^(source|[1-9]\d{0,5})$/, COMMENT_MESSAGES.versionFilterInvalid)
  .transform((v) => (v === 'source' ? null : Number(v)));
export const commentListQuery = z.object({ version: commentVersionQuery.optional() });
export type CommentListQuery = z.input<typeof commentListQuery>;

/** PUT /api/comments/{id}/done: mark the note done, or open again. */
export const commentDoneBody = z.object({
  done: z.boolean({ error: COMMENT_MESSAGES.doneInvalid }),
});
export type CommentDoneBody = z.input<typeof commentDoneBody>;

/**
 * A reply names no moment and draws nothing of its own (issue 45 part 4): the body's error, or
 * null. The server answers it as a 400 with this message.
 */
export const replyBodyError = (
  body: Pick<CommentInput, 'parentId' | 'frame' | 'time' | 'drawing'>,
) =>
  body.parentId && (body.frame != null || Boolean(body.time?.trim()) || body.drawing != null)
    ? COMMENT_MESSAGES.replyNoTime
    : null;

/** A first comment with its replies, oldest first. */
export interface Thread<C> {
  comment: C;
  replies: C[];
}

/**
 * The threads of a list of comments (issue 45 part 4): each first comment in the list's order
 * with its replies in theirs. A reply whose first comment is not in the list is left out (the
 * list is of another version, or the comment was just deleted).
 */
export function threadsOf<C extends { id: string; parentId: string | null }>(
  list: readonly C[],
): Thread<C>[] {
  const threads = new Map<string, Thread<C>>();
  for (const c of list) if (c.parentId === null) threads.set(c.id, { comment: c, replies: [] });
  for (const c of list) if (c.parentId !== null) threads.get(c.parentId)?.replies.push(c);
  return [...threads.values()];
}

/** An open note: a first comment not marked done (replies are done with their thread). */
export const isOpenNote = (c: Pick<CommentView, 'doneAt' | 'parentId'>) =>
  c.parentId === null && c.doneAt === null;

/** How a review link's guest appears wherever people are named: "Alex (guest)" (issue 19). */
export const guestLabel = (name: string) => `${name} (guest)`;

/** Who wrote a comment, as every screen names them: a guest as "Alex (guest)". */
export const commentAuthorLabel = (comment: Pick<CommentView, 'author' | 'guestName'>): string =>
  comment.author ? displayName(comment.author) : guestLabel(comment.guestName ?? 'Someone');

/** GET /api/videos/{id}/comments: oldest first. */
export const commentListSchema = z.array(commentSchema);

/**
 * Who may delete a comment (docs/rules.md#who-may-do-what): its author, lead editors, the king and admins.
 * The server enforces it; the web uses it to offer the Delete button only to them.
 */
export const canDeleteComment = (
  viewer: Pick<Actor, 'id' | 'role' | 'isAdmin'>,
  comment: Pick<CommentView, 'userId'>,
): boolean => viewer.id === comment.userId || isManager(viewer);

/**
 * Who may mark a note done or open again (docs/rules.md#who-may-do-what): the agency side of a
 * video they may read and managers, and the note's own author; a client side's reader may not
 * tick off others' notes. The server enforces it; the web offers the checkbox by it.
 */
export const canMarkCommentDone = (
  viewer: Pick<Actor, 'id' | 'role' | 'isAdmin'>,
  comment: Pick<CommentView, 'userId'>,
): boolean => viewer.id === comment.userId || workflowSide(viewer) !== 'client';

/**
 * A new note's frame at its rate (issue 43): `frame` as given, else the typed `time`, else the
 * first timecode its text names, else null (no time). Undefined: the typed time names no frame.
 */
export function noteFrame(
  input: { content: string; frame?: number | null; time?: string },
  rate: FrameRate,
): number | null | undefined {
  if (input.frame !== undefined) return input.frame;
  if (input.time !== undefined && input.time.trim() !== '') {
    return parseTime(input.time, rate) ?? undefined;
  }
  return findTimecodes(input.content, rate)[0]?.frame ?? null;
}

/** A note's timecode as every screen and export shows it, or null without a time. */
export const noteTimecode = (frame: number | null, rate: FrameRate): string | null =>
  frame === null ? null : frameToTimecode(frame, rate);
