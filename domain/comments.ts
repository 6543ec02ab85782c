import { z } from 'zod';
import { displayName } from './people';
import { isManager, type Actor } from './roles';
import { avatarUrlSchema } from './user';

/** Comments on a video (docs/product.md#data and #validation-and-messages): the contract shared by server and web. */
export const COMMENT_MAX_LENGTH = 5000;

export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment is too long (at most ${COMMENT_MAX_LENGTH} characters)`,
  notFound: 'Comment not found',
  forbiddenDelete: 'You can only delete your own comments',
  added: 'Comment added',
  deleted: 'Comment deleted',
} as const;

/** POST /api/videos/{id}/comments: content is trimmed, then must be non-empty and bounded. */
export const commentBody = z.object({
  content: z
    .string({ error: COMMENT_MESSAGES.empty })
    .trim()
    .min(1, COMMENT_MESSAGES.empty)
    .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong),
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
  /** The version (cut) it is about; null: the client's source (issue 41). */
  version: z.number().int().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The version a carried note came from. */
  carriedFrom: z.number().int().nullable(),
});
export type CommentView = z.infer<typeof commentSchema>;

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
