import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@domain/api';
import {
  canDeleteComment,
  canMarkCommentDone,
  commentAuthorLabel,
  COMMENT_MESSAGES,
  commentBody,
  commentDoneBody,
  commentListQuery,
  commentListSchema,
  commentSchema,
  replyBodyError,
  threadsOf,
  type CommentView,
} from '@domain/comments';
import {
  hasMarkers,
  MARKER_MESSAGES,
  markersAnswer,
  markersFile,
  markersFileName,
  markersQuery,
  multiMarkersAnswer,
  multiMarkersFileName,
  multiMarkersQuery,
  type MarkerFormat,
  type MarkerSource,
} from '@domain/markers';
import { personLabel } from '@domain/notifications';
import { canReadVideo } from '@domain/permissions';
import { TIMECODE_MESSAGES } from '@domain/timecode';
import { normalizeRole, seesWholeDirectory } from '@domain/roles';
import { directoryUserListSchema } from '@domain/user';
import { versionLabel } from '@domain/versions';
import type { Db } from '../../db/client';
import { clientEditorAssignments, users } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { leadEditorIds } from '../notifications/notifier';
import { unreadRecipientsOfComment } from '../notifications/notifications.repository';
import { listStaffRoles, toDirectoryUser } from '../users/users.repository';
import { loadViewerScope } from '../scope/scope';
import { frameRateOf } from '../versions/frame-rates.repository';
import { findReadableVideo, findVideos } from '../videos/videos.repository';
import {
  commentsOfVideos,
  commentView,
  deleteComment,
  findComment,
  findThread,
  insertComment,
  listComments,
  noteTime,
  setCommentDone,
  toCommentView,
} from './comments.repository';

const VIDEO_NOT_FOUND = 'Video not found';
/** The version a video's notes are read on by default: its current one, null for the source. */
const currentOf = (video: { currentVersion: number }) => video.currentVersion || null;
const videoParams = z.object({ id: z.uuid({ error: VIDEO_NOT_FOUND }) });
const commentParams = z.object({ id: z.uuid({ error: COMMENT_MESSAGES.notFound }) });

/**
 * Comments and mentionable people of a video (docs/rules.md#who-may-do-what): whoever may read the video
 * reads and posts (404 otherwise); the author, lead editors, the king and admins delete; the
 * agency side, managers and the author mark a note done. A comment is on the source or one
 * version (issue 41). Its timecoded comments are also read as markers for editing software
 * (issue 18, domain/markers.ts).
 */
export const commentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The video if the viewer may read it (findReadableVideo); 404 otherwise. */
  async function readableVideo(request: Parameters<typeof currentUser>[0], id: string) {
    const readable = await findReadableVideo(db, currentUser(request), id);
    if (!readable) throw new HttpError(404, VIDEO_NOT_FOUND);
    return readable;
  }

  app.get(
    '/api/videos/:id/comments',
    {
      schema: {
        params: videoParams,
        querystring: commentListQuery,
        response: { 200: commentListSchema },
      },
    },
    async (request) => {
      const { found } = await readableVideo(request, request.params.id);
      return listComments(db, found.video.id, request.query.version);
    },
  );

  /**
   * A video's version (null: the source) with its notes, as the marker writers take them: its
   * name, status, version label, the version's frame rate (issue 43).
   */
  const markerSource = async (
    video: { id: string; name: string; status: string },
    version: number | null,
    comments: readonly CommentView[],
  ): Promise<MarkerSource> => ({
    name: video.name,
    status: video.status,
    version: versionLabel(version),
    frameRate: await frameRateOf(db, video.id, version),
    // A note with its thread's replies under it (issue 45 part 4).
    notes: threadsOf(comments).map(({ comment: c, replies }) => ({
      author: commentAuthorLabel(c),
      content: c.content,
      frame: c.frame,
      // A drawn note (issue 43 part 1: the comment's `drawing`) says so.
      drawn: c.drawing != null,
      replies: replies.map((r) => ({ author: commentAuthorLabel(r), content: r.content })),
    })),
  });

  function sendFile(
    reply: FastifyReply,
    format: MarkerFormat,
    sources: MarkerSource[],
    fileName: string,
  ) {
    // A file with nothing in it helps no one: a message says why (docs/rules.md#videos, Markers for the edit).
    if (!hasMarkers(sources)) throw new HttpError(422, MARKER_MESSAGES.none);
    const { text, contentType } = markersFile(format, sources);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(text);
  }

  app.get(
    '/api/videos/:id/markers',
    {
      schema: {
        params: videoParams,
        querystring: markersQuery,
        response: { 200: markersAnswer, 422: messageAnswer },
      },
    },
    async (request, reply) => {
      const { found } = await readableVideo(request, request.params.id);
      const { format, version = currentOf(found.video) } = request.query;
      // Versions are only ever added: a number past the current one names none.
      if (version !== null && version > found.video.currentVersion) {
        throw new HttpError(404, COMMENT_MESSAGES.noSuchVersion(version));
      }
      const comments = await listComments(db, found.video.id, version);
      const source = await markerSource(found.video, version, comments);
      const name = markersFileName(found.video.name, format, versionLabel(version));
      return sendFile(reply, format, [source], name);
    },
  );

  // Several videos in one CSV (the managed-user page's selection): every one must be readable,
  // else 404 as for one video; the file keeps the order the ids came in.
  app.get(
    '/api/videos/markers',
    {
      schema: {
        querystring: multiMarkersQuery,
        response: { 200: multiMarkersAnswer, 404: messageAnswer, 422: messageAnswer },
      },
    },
    async (request, reply) => {
      const { ids, format } = request.query;
      const scope = await loadViewerScope(db, currentUser(request));
      const found = new Map((await findVideos(db, ids)).map((f) => [f.video.id, f.video]));
      const chosen = ids.map((id) => {
        const video = found.get(id);
        if (!video || !canReadVideo(scope, video)) throw new HttpError(404, VIDEO_NOT_FOUND);
        return video;
      });
      const comments = await commentsOfVideos(db, ids);
      const sources = await Promise.all(
        chosen.map((v) =>
          markerSource(
            v,
            currentOf(v),
            (comments.get(v.id) ?? []).filter((c) => c.version === currentOf(v)),
          ),
        ),
      );
      const day = new Date().toISOString().slice(0, 10);
      return sendFile(reply, format, sources, multiMarkersFileName(day));
    },
  );

  app.post(
    '/api/videos/:id/comments',
    {
      config: { limited: 'writes', idempotent: true },
      schema: { params: videoParams, body: commentBody, response: { 201: commentSchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { parentId } = request.body;
      const refused = replyBodyError(request.body);
      if (refused) throw new HttpError(400, refused);
      // Who it mentions, and the thread a reply joins, are looked up beside the read of the
      // video, not after it.
      const mentioned = app.notifier.mentionsIn(request.body.content, request.params.id);
      const thread = parentId ? findThread(db, parentId) : undefined;
      thread?.catch(() => {});
      const { found, teamLeadIds, currentFrameRate } = await readableVideo(
        request,
        request.params.id,
      );
      if (thread) return postReply(await thread);
      const { version = currentOf(found.video) } = request.body;
      // Versions are only ever added, so one that exists now still does at the insert.
      if (typeof version === 'number' && version > found.video.currentVersion) {
        throw new HttpError(400, COMMENT_MESSAGES.noSuchVersion(version));
      }
      // The current version's rate came with the video: a note on it needs no read more.
      const known = version === currentOf(found.video) ? currentFrameRate : undefined;
      const time = await noteTime(db, found.video.id, version, request.body, known);
      if (!time) throw new HttpError(400, TIMECODE_MESSAGES.time);
      // The comment and its notifications: one statement; the sockets hear after it.
      const comment = {
        id: randomUUID(),
        videoId: found.video.id,
        userId: actor.id,
        content: request.body.content,
        version,
        frame: time.frame,
        drawing: request.body.drawing,
      };
      const row = (await app.notifier.oneStatement(
        (notify) => notify.commentPosted(actor, found.video, comment, teamLeadIds, mentioned),
        (notices) => insertComment(db, comment, notices.rows()),
      ))!;
      return reply.status(201).send(toCommentView(row, actor, null, time.frameRate));

      /**
       * A reply (issue 45 part 4): under the thread's first comment, on its version, with no
       * time; the people in the thread and whoever it mentions hear of it.
       */
      async function postReply(first: Awaited<ReturnType<typeof findThread>>) {
        if (!first || first.videoId !== found.video.id) {
          throw new HttpError(400, COMMENT_MESSAGES.parentNotFound);
        }
        const { version } = request.body;
        if (version !== undefined && version !== first.version) {
          throw new HttpError(400, COMMENT_MESSAGES.parentVersion);
        }
        const replyRow = {
          id: randomUUID(),
          videoId: found.video.id,
          userId: actor.id,
          content: request.body.content,
          version: first.version,
          parentId: first.id,
        };
        const author = { id: actor.id, label: personLabel(actor) };
        const row = (await app.notifier.oneStatement(
          (notify) => notify.replyPosted(author, found.video, replyRow, first.people, mentioned),
          (notices) => insertComment(db, replyRow, notices.rows()),
        ))!;
        // No time, so no rate to read: the view's timecode is null at any rate.
        return reply.status(201).send(toCommentView(row, actor));
      }
    },
  );

  app.delete(
    '/api/comments/:id',
    { schema: { params: commentParams, response: { 200: messageAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const found = await findComment(db, request.params.id);
      const isAuthor = found?.comment.userId === user.id;
      // Authors may always remove their words; others must first be able to see them.
      if (!found || (!isAuthor && !canReadVideo(await loadViewerScope(db, user), found.video))) {
        throw new HttpError(404, COMMENT_MESSAGES.notFound);
      }
      if (!canDeleteComment(user, found.comment))
        throw new HttpError(403, COMMENT_MESSAGES.forbiddenDelete);
      const recipients = await unreadRecipientsOfComment(db, found.comment.id);
      // Its notifications go with it (foreign key cascade), so their recipients' counts drop.
      await deleteComment(db, found.comment.id);
      app.notifier.countsChanged(recipients);
      return { message: COMMENT_MESSAGES.deleted };
    },
  );

  app.put(
    '/api/comments/:id/done',
    {
      config: { limited: 'writes' },
      schema: { params: commentParams, body: commentDoneBody, response: { 200: commentSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const found = await findComment(db, request.params.id);
      const isAuthor = found?.comment.userId === user.id;
      // As for a delete: the author always finds their note; others only on a video they read.
      if (!found || (!isAuthor && !canReadVideo(await loadViewerScope(db, user), found.video))) {
        throw new HttpError(404, COMMENT_MESSAGES.notFound);
      }
      // A thread is done as a whole: its first comment is (issue 45 part 4).
      if (found.comment.parentId) throw new HttpError(400, COMMENT_MESSAGES.replyDone);
      if (!canMarkCommentDone(user, found.comment)) {
        throw new HttpError(403, COMMENT_MESSAGES.forbiddenDone);
      }
      if (!(await setCommentDone(db, found.comment.id, request.body.done, user.id))) {
        throw new HttpError(404, COMMENT_MESSAGES.notFound);
      }
      const view = await commentView(db, found.comment.id);
      if (!view) throw new HttpError(404, COMMENT_MESSAGES.notFound);
      return view;
    },
  );

  app.get(
    '/api/videos/:id/mentionable',
    { schema: { params: videoParams, response: { 200: directoryUserListSchema } } },
    async (request) => {
      const {
        found,
        scope,
        teamLeadIds: teamLeads,
      } = await readableVideo(request, request.params.id);
      const { video } = found;
      // Everyone a mention of theirs would tell (issue 37: the composer's hint and the comments'
      // mention badges read this list), but the admins among the editors, whom a client does
      // not know of (docs/rules.md#who-may-do-what, user lists).
      const [leads, staff, teamEditors] = await Promise.all([
        leadEditorIds(db),
        listStaffRoles(db),
        db
          .select({ id: clientEditorAssignments.editorId })
          .from(clientEditorAssignments)
          .where(eq(clientEditorAssignments.clientId, video.userId)),
      ]);
      const editorIds = teamEditors.map((e) => e.id);
      const kings = staff.filter((u) => normalizeRole(u.role) === 'king').map((u) => u.id);
      const ids = [
        ...new Set([
          video.userId,
          ...teamLeads,
          video.assignedEditorId,
          ...editorIds,
          ...leads,
          ...kings,
        ]),
      ].filter((id): id is string => Boolean(id));
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
      // The owner first, then its team leads, the assigned editor, the client's editors, the
      // lead editors by name, the king.
      const rank = (id: string) =>
        id === video.userId
          ? 0
          : teamLeads.includes(id)
            ? 1
            : id === video.assignedEditorId
              ? 2
              : editorIds.includes(id)
                ? 3
                : kings.includes(id)
                  ? 5
                  : 4;
      const withAdminFlag = seesWholeDirectory(scope);
      return rows
        .sort((a, b) => rank(a.id) - rank(b.id))
        .map((row) => toDirectoryUser(row, withAdminFlag));
    },
  );
};
