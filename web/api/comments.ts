import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type { CommentDoneBody, CommentInput, CommentView } from '@domain/comments';
import type { Drawing } from '@domain/drawing';
import type { MarkersQuery, MultiMarkersQuery } from '@domain/markers';
import type { DirectoryUser } from '@domain/user';
import { apiJson } from '../lib/api-client';
import { useSubmissionKeys } from '../lib/idempotency';
import { toQuery } from '../lib/query-string';
import { invalidateNotifications } from './notifications';
import { invalidateVersions } from './versions';

/** A video's comments and the people who may be mentioned in them (server/modules/comments). */

/** Query keys: the GET paths, segment by segment (under the video's, so video writes refresh them). */
export const commentKeys = {
  list: (videoId: string) => ['/api/videos', videoId, 'comments'] as const,
  mentionable: (videoId: string) => ['/api/videos', videoId, 'mentionable'] as const,
};

/**
 * After a comment was added, deleted or ticked off: the video's thread is read again, and its
 * versions' counts of open notes (issue 41).
 */
export async function invalidateComments(queryClient: QueryClient, videoId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: commentKeys.list(videoId) }),
    invalidateVersions(queryClient, videoId),
  ]);
}

const commentsPath = (videoId: string) => `/api/videos/${encodeURIComponent(videoId)}/comments`;

/** GET /api/videos/{id}/comments: oldest first. */
export const getComments = (videoId: string) =>
  apiJson<CommentView[]>('GET', commentsPath(videoId));

/** docs/product.md#the-api: read only while the panel is expanded. */
export const useComments = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: commentKeys.list(videoId),
    queryFn: () => getComments(videoId),
    enabled,
  });

/** GET /api/videos/{id}/mentionable: the owner, its team leads, the assigned editor, the lead editors. */
export const getMentionable = (videoId: string) =>
  apiJson<DirectoryUser[]>('GET', `/api/videos/${encodeURIComponent(videoId)}/mentionable`);

export const useMentionable = (videoId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: commentKeys.mentionable(videoId),
    queryFn: () => getMentionable(videoId),
    enabled,
  });

/**
 * POST /api/videos/{id}/comments, on `version` (a number, null for the source; left out: the
 * video's current version), at `time` as typed (issue 43) when given.
 */
export const addComment = (
  { videoId, content, version, time, drawing, parentId }: CommentInput & { videoId: string },
  headers: Record<string, string> = {},
) =>
  apiJson<CommentView>(
    'POST',
    commentsPath(videoId),
    {
      content,
      ...(version !== undefined && { version }),
      ...(time !== undefined && { time }),
      ...(drawing && { drawing }),
      ...(parentId && { parentId }),
    } satisfies CommentInput,
    headers,
  );

/**
 * What the composer posts: the text, its time as typed or taken from the player, and the
 * drawing on the frame, each when there is one (issue 43).
 */
export interface NewComment {
  content: string;
  time?: string;
  drawing?: Drawing;
}

/** Posts on the version shown (issue 41), or the current one when `version` is undefined. */
export function useAddComment(videoId: string, version?: number | null) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (comment: NewComment) => {
      const body = { videoId, version, ...comment };
      return keys.send(body, (headers) => addComment(body, headers));
    },
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentView[]>(commentKeys.list(videoId), (list) =>
        list && !list.some((c) => c.id === comment.id) ? [...list, comment] : list,
      );
      return invalidateComments(queryClient, videoId);
    },
  });
}

/** A reply on its way (useAddReply): shown at once, put right by the server's answer. */
const PENDING_PREFIX = 'pending-';
export const isPending = (comment: Pick<CommentView, 'id'>) =>
  comment.id.startsWith(PENDING_PREFIX);

/**
 * A reply in a thread (issue 45 part 4), optimistic: it shows under its first comment at once,
 * as the viewer wrote it, is replaced by the server's answer, and taken away again if refused
 * (the caller says why).
 */
export function useAddReply(videoId: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  const key = commentKeys.list(videoId);
  return useMutation({
    mutationFn: ({
      parent,
      content,
    }: {
      parent: CommentView;
      content: string;
      author: CommentView['author'];
    }) => {
      const body = { videoId, parentId: parent.id, content };
      return keys.send(body, (headers) => addComment(body, headers));
    },
    onMutate: async ({ parent, content, author }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const pending: CommentView = {
        id: `${PENDING_PREFIX}${crypto.randomUUID()}`,
        content,
        createdAt: new Date().toISOString(),
        userId: author?.id ?? null,
        videoId,
        author,
        guestName: null,
        version: parent.version,
        doneAt: null,
        doneBy: null,
        carriedFrom: null,
        frame: null,
        timecode: null,
        drawing: null,
        parentId: parent.id,
      };
      queryClient.setQueryData<CommentView[]>(key, (list) => list && [...list, pending]);
      return { pending };
    },
    onError: (_error, _vars, context) => {
      queryClient.setQueryData<CommentView[]>(key, (list) =>
        list?.filter((c) => c.id !== context?.pending.id),
      );
    },
    onSuccess: (reply, _vars, context) => {
      queryClient.setQueryData<CommentView[]>(key, (list) =>
        list?.some((c) => c.id === reply.id)
          ? list.filter((c) => c.id !== context.pending.id)
          : list?.map((c) => (c.id === context.pending.id ? reply : c)),
      );
      return invalidateComments(queryClient, videoId);
    },
  });
}

/** DELETE /api/comments/{id}. */
export const deleteComment = (id: string) =>
  apiJson<MessageAnswer>('DELETE', `/api/comments/${encodeURIComponent(id)}`);

export function useDeleteComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<CommentView[]>(commentKeys.list(videoId), (list) =>
        list?.filter((c) => c.id !== id),
      );
      // Its notifications went with it: the bell's count may have dropped.
      void invalidateNotifications(queryClient);
      return invalidateComments(queryClient, videoId);
    },
  });
}

/** PUT /api/comments/{id}/done. */
export const setCommentDone = (id: string, done: boolean) =>
  apiJson<CommentView>('PUT', `/api/comments/${encodeURIComponent(id)}/done`, {
    done,
  } satisfies CommentDoneBody);

/** Marks a note done or open again; the thread shows the answer at once. */
export function useSetDone(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) => setCommentDone(id, done),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentView[]>(commentKeys.list(videoId), (list) =>
        list?.map((c) => (c.id === comment.id ? comment : c)),
      );
      return invalidateVersions(queryClient, videoId);
    },
  });
}

// --- Markers for the edit (downloads: a link to these addresses, the cookie authenticates) ------

/**
 * GET /api/videos/{id}/markers: a video's timecoded comments as a marker file, of one version
 * (`version`: a number or 'source'; left out: the current one).
 */
export const markersUrl = (videoId: string, query: MarkersQuery) =>
  `/api/videos/${encodeURIComponent(videoId)}/markers${toQuery(query)}`;

/** GET /api/videos/markers: several videos' markers in one CSV. */
export const multiMarkersUrl = (videoIds: readonly string[], format: MultiMarkersQuery['format']) =>
  `/api/videos/markers${toQuery({ ids: videoIds.join(','), format } satisfies MultiMarkersQuery)}`;
