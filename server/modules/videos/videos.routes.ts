import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  billingFactsOf,
  billingLock,
  billingLockMessage,
  changedBilledFields,
} from '@domain/billing';
import {
  canCreateVideoFor,
  canDeleteVideo,
  canEditVideo,
  canSeeInternalNotes,
  canSetAssignedEditor,
  type TeamScope,
} from '@domain/permissions';
import { messageAnswer } from '@domain/api';
import { DELIVERY_MESSAGES, deliveryBody, deliverySideOf } from '@domain/delivery';
import { CALENDAR_MAX_DAYS, calendarQuery, calendarWindowOf } from '@domain/calendar';
import { mayOpenManagedUser } from '@domain/lead-dashboard';
import { isAdmin, isManager, normalizeRole } from '@domain/roles';
import { publicUserListSchema } from '@domain/user';
import { defaultDueDate } from '@domain/video-form';
import { PUBLISHING_MESSAGES, utcDay } from '@domain/publishing';
import type { VideoListOrder } from '@domain/video-list';
import { normalizeStatus } from '@domain/video-status';
import { customTypeOwner } from '@domain/video-types';
import {
  adminBulkDeleteAnswer,
  assignedEditorBody,
  bulkDeleteAnswer,
  bulkDeleteBody,
  bulkDeleteRefusal,
  changedMeanwhileAnswer,
  createVideoBody,
  statusBody,
  updateVideoBody,
  VIDEO_MESSAGES,
  videoCountSchema,
  VIDEO_LIST_MESSAGES,
  videoListQuery,
  videoListSchema,
  videoViewSchema,
} from '@domain/videos';
import {
  findMove,
  forClientRefusal,
  creationRefusal,
  mayUndo,
  moveRefusal,
  WORKFLOW_MESSAGES,
  workflowSide,
} from '@domain/workflow';
import type { Db } from '../../db/client';
import { type SessionUser, users, videos, type VideoRow } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { readCacheKey } from '../../plugins/read-cache';
import { editorIdsOf } from '../assignments/assignments.repository';
import { insertComment } from '../comments/comments.repository';
import type { Notifier } from '../notifications/notifier';
import { findUserById, toPublicUser } from '../users/users.repository';
import { readableBy, readableCount, SCOPE_TABLES } from '../scope/readable';
import { editorChecks } from './video-checks';
import { loadViewerScope, type ViewerScope } from '../scope/scope';
import {
  type ListSince,
  ListVersionsCache,
  VideoJsonCache,
  videoListJson,
  type VideoListJson,
} from './video-list';
import {
  deleteVideos,
  ensureVideoType,
  findReadableVideo,
  findVideo,
  historyEntry,
  insertVideo,
  isOrdinalTaken,
  type ListCursor,
  lockClientVideos,
  setDeliveryLink,
  statusHistory,
  type StatusHistory,
  toVideoView,
  updateVideo,
  type VideoWithPeople,
} from './videos.repository';

const NOT_FOUND = 'Video not found';
/**
 * The tables a video's JSON is made of (toVideoView): its row, its people, and what its delivery
 * reads (heldSql: the client's delivery mode, the invoice holding it).
 */
const VIDEO_JSON_READS = ['videos', 'users', 'client_billing', 'invoices', 'invoice_lines'];
/** Calls that notify other people: a per-user limit (server/plugins/limits.ts). */
const WRITE_LIMITED = { limited: 'writes' } as const;
const idParams = z.object({ id: z.uuid({ error: NOT_FOUND }) });

/**
 * A limited write to one video (PATCH /api/videos/{id} and its status): the video with its
 * history in the answer, 409 when someone changed it meanwhile.
 */
const videoChange = <Body extends z.ZodType>(body: Body) => ({
  config: WRITE_LIMITED,
  schema: {
    params: idParams,
    body,
    response: { 200: videoViewSchema, 409: changedMeanwhileAnswer },
  },
});

/**
 * A page's cursor: where the page before ended, in the list's order (listOrder in
 * videos.repository.ts): its last video's creation time and id, and with sort 'rounds' its rounds
 * too. A cursor of another order is refused.
 */
function parseCursor(cursor: string | undefined, sort: VideoListOrder = 'newest') {
  if (!cursor) return undefined;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [at, id, rounds] = parts;
  const createdAt = new Date(at ?? '');
  const byRounds = sort === 'rounds';
  if (
    Number.isNaN(createdAt.getTime()) ||
    !id ||
    !/^[0-9a-f-]{36}$/.test(id) ||
    parts.length !== (byRounds ? 3 : 2) ||
    (byRounds && !/^\d{1,9}$/.test(rounds ?? ''))
  ) {
    throw new HttpError(400, VIDEO_LIST_MESSAGES.cursor);
  }
  return byRounds ? { createdAt, id, rounds: Number(rounds) } : { createdAt, id };
}

const makeCursor = (v: ListCursor, sort: VideoListOrder = 'newest') =>
  Buffer.from(
    [v.createdAt.toISOString(), v.id, ...(sort === 'rounds' ? [v.rounds ?? 0] : [])].join('|'),
  ).toString('base64url');

/** The kept JSON of listed videos (video-list.ts): about 1 KB a video. */
const VIDEO_JSON_BYTES = 96 * 1024 * 1024;
/**
 * The whole lists whose versions are kept for their viewer's next read (video-list.ts,
 * ListVersionsCache): ~70 KB for an editor's list of 1,700 videos.
 */
const LISTS_KEPT = 500;

/**
 * A list's answer from its videos' JSON, as the response serializer would have written it,
 * tagged by the keys of its videos' JSON (app.keysTagger, taken before the list was read) rather
 * than by its bytes.
 */
function jsonAnswer(
  reply: FastifyReply,
  tagOf: (keys: readonly string[]) => string | undefined,
  { parts, keys }: Pick<VideoListJson, 'parts' | 'keys'>,
  nextCursor?: string,
) {
  // A page's next cursor is part of its answer: a page whose videos are the same but which now
  // has a next page (or no longer has one) is another answer.
  const etag = tagOf(nextCursor === undefined ? keys : [...keys, `next ${nextCursor}`]);
  if (etag) reply.header('etag', etag);
  // Joined only for a reader who needs the whole list (a 304 or a delta needs no join).
  return reply.server.sendKeyedList(reply.type('application/json; charset=utf-8'), { keys, parts });
}

export const videosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // With the caches off (READ_CACHE=off) neither keeps anything: every list is read whole.
  const keeps = app.cacheBus.keeps;
  const videoJson = new VideoJsonCache(keeps ? VIDEO_JSON_BYTES : 0);
  const listVersions = new ListVersionsCache(keeps ? LISTS_KEPT : 0);
  // Versions are numbers of transactions: a database put back from a backup may reuse them.
  // It is reached through a new connection, so start afresh whenever the feed was down.
  app.cacheBus.subscribe((message) => {
    if (message !== null) return;
    videoJson.clear();
    listVersions.clear();
  });
  /** Where a list read for the read cache may start from the versions its viewer read last. */
  function sinceOf(reply: FastifyReply): ListSince | undefined {
    const label = app.readLabel(reply.request);
    const user = reply.request.user;
    if (label === undefined || !user) return undefined;
    return { kept: listVersions, key: readCacheKey(user, reply.request.url), label };
  }
  const { checkAssignableEditor, checkEditorChange, editorsOfClient, editorWithMove } =
    editorChecks(db);
  async function scopeOf(request: Parameters<typeof currentUser>[0]) {
    return loadViewerScope(db, currentUser(request));
  }

  /**
   * The video if the viewer may read it, with their scope as far as it goes, its client's team
   * leads and (if asked) its history (findReadableVideo); otherwise 404, never revealing that it
   * exists.
   */
  async function readableFor(
    request: Parameters<typeof currentUser>[0],
    id: string,
    opts: { history?: boolean } = {},
  ) {
    const readable = await findReadableVideo(db, currentUser(request), id, opts);
    if (!readable) throw new HttpError(404, NOT_FOUND);
    return { ...readable, ...readable.found };
  }

  /** The video's view with its status history, read afresh. */
  async function detail(request: Parameters<typeof currentUser>[0], id: string) {
    const { scope, found, history } = await readableFor(request, id, { history: true });
    return withHistory(scope, found, history);
  }

  async function withHistory(scope: TeamScope, found: VideoWithPeople, history?: StatusHistory) {
    return {
      ...toVideoView(scope, found),
      statusHistory: history ?? (await statusHistory(db, found.video.id)),
    };
  }

  /**
   * One page of a video list (GET /api/videos, GET /api/admin/videos): the videos `where` allows
   * that match the query's filters, newest first; when more follow, the next page's cursor is in
   * the x-next-cursor header.
   */
  async function listPage(
    scope: ViewerScope,
    where: SQL | undefined,
    query: z.infer<typeof videoListQuery>,
    reply: FastifyReply,
  ) {
    const { limit, cursor, overdue, needsLead, ...filters } = query;
    const tagOf = reply.server.keysTagger();
    const { parts, keys, cursorAt } = await videoListJson(
      db,
      videoJson,
      scope,
      where,
      {
        ...filters,
        overdue: overdue === 'true',
        needsLead: needsLead === 'true',
        limit: limit ? limit + 1 : undefined,
        cursor: parseCursor(cursor, filters.sort),
      },
      sinceOf(reply),
    );
    let next: string | undefined;
    if (limit && keys.length > limit) {
      parts.length = limit;
      keys.length = limit;
      next = makeCursor(cursorAt(limit - 1), filters.sort);
      reply.header('x-next-cursor', next);
    }
    return jsonAnswer(reply, tagOf, { parts, keys }, next);
  }

  /** A whole list, as listPage gives a page. */
  async function wholeList(scope: ViewerScope, where: SQL | undefined, reply: FastifyReply) {
    const tagOf = reply.server.keysTagger();
    return jsonAnswer(
      reply,
      tagOf,
      await videoListJson(db, videoJson, scope, where, {}, sinceOf(reply)),
    );
  }

  app.get(
    '/api/videos',
    {
      // Kept in the per-instance read cache until the data changes (server/plugins/read-cache.ts);
      // only the overdue and Needs My Review filters read the clock (the latter the agency's
      // reminder days too).
      config: {
        cacheable: true,
        reads: [...VIDEO_JSON_READS, 'agency_settings', ...SCOPE_TABLES],
        timeless: (request) => {
          const { overdue, needsLead } = request.query as { overdue?: string; needsLead?: string };
          return overdue !== 'true' && needsLead !== 'true';
        },
      },
      schema: { querystring: videoListQuery, response: { 200: videoListSchema } },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      return listPage(scope, readableBy(scope), request.query, reply);
    },
  );

  // The calendar (issue 45; docs/product.md#calendar): the list's videos of a window of days,
  // read by the same rule (readableBy) with the lists' filters.
  app.get(
    '/api/videos/calendar',
    {
      config: {
        cacheable: true,
        timeless: true,
        reads: ['videos', 'users', ...SCOPE_TABLES],
      },
      schema: {
        description:
          'The videos the caller may read that are due from `from` up to `to`, or were posted ' +
          "on a day from `from`'s date up to `to`'s (the dates as written, the caller's days): " +
          `at most ${CALENDAR_MAX_DAYS} days, with the lists' status, type and client filters.`,
        querystring: calendarQuery,
        response: { 200: videoListSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const { from, to, ...filters } = request.query;
      const tagOf = reply.server.keysTagger();
      const list = await videoListJson(
        db,
        videoJson,
        scope,
        readableBy(scope),
        { ...filters, window: calendarWindowOf({ from, to }) },
        sinceOf(reply),
      );
      return jsonAnswer(reply, tagOf, list);
    },
  );

  app.get(
    '/api/videos/assigned-to-me',
    // Made of the videos assigned to the viewer, all of their own scope (ADR 0007).
    {
      config: { cacheable: true, timeless: true, reads: [...VIDEO_JSON_READS, ...SCOPE_TABLES] },
      schema: { response: { 200: videoListSchema } },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      return wholeList(scope, eq(videos.assignedEditorId, scope.id), reply);
    },
  );

  // The header's total: a count in SQL, so a manager's header never loads every video. Of the
  // same videos as the list, so kept as long as the list is.
  app.get(
    '/api/videos/count',
    {
      config: {
        cacheable: true,
        timeless: true,
        reads: ['video_counts', 'videos', ...SCOPE_TABLES],
      },
      schema: { response: { 200: videoCountSchema } },
    },
    async (request) => {
      return { count: await readableCount(db, await scopeOf(request)) };
    },
  );

  app.get(
    '/api/videos/:id',
    { schema: { params: idParams, response: { 200: videoViewSchema } } },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/api/videos',
    {
      config: { ...WRITE_LIMITED, idempotent: true },
      schema: { body: createVideoBody, response: { 201: videoViewSchema } },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const input = request.body;
      const targetId = input.targetUserId ?? scope.id;
      const target =
        targetId === scope.id ? currentUser(request) : await findUserById(db, targetId);
      if (!target || !canCreateVideoFor(scope, target)) {
        throw new HttpError(403, 'You cannot create videos for this user');
      }
      const refusal = creationRefusal(workflowSide(scope), input.status);
      if (refusal) throw new HttpError(403, refusal);
      const editor = input.assignedEditorId
        ? await checkEditorChoice(scope, target.id, input.assignedEditorId)
        : null;
      const actor = currentUser(request);
      const values = {
        id: randomUUID(),
        userId: target.id,
        name: input.name ?? 'Untitled video',
        type: input.type,
        status: input.status,
        link: input.link,
        description: input.description ?? '',
        internalNotes: canSeeInternalNotes(scope) ? (input.internalNotes ?? '') : '',
        assignedEditorId: input.assignedEditorId ?? null,
        startDate: input.startDate ?? new Date(),
        dueDate: input.dueDate === undefined ? defaultDueDate(new Date()) : input.dueDate,
        duration: input.duration ?? null,
        paymentAmount: isAdmin(scope) && input.paymentAmount ? input.paymentAmount : '0.00',
        finishDate:
          input.status === 'ready_to_post' || input.status === 'posted' ? new Date() : null,
        // Created posted: published today, as a move to posted without a day.
        publishedAt: input.status === 'posted' ? utcDay(new Date()) : null,
        // The source's frame rate as chosen, else the agency's, read by the insert (issue 43).
        frameRate: input.frameRate,
        priority: input.priority,
      };
      // The video and its notifications commit together in one statement (the client's lock,
      // the custom type, the video, its history and its notices), after a read of the client's
      // editors, who hear of it; sockets hear after the commit. Its notices name the client as
      // read above, not read again. When another create of the client took its ordinal first,
      // it runs again in a transaction that takes the lock first (insertVideo).
      const typeOwner = customTypeOwner(target);
      const insert = async (
        handle: Db,
        clientEditorIds: string[],
        inStatement: Notifier['oneStatement'],
      ) => {
        const inserted = await inStatement(
          (notify) => notify.videoCreated(actor, values, { clientEditorIds, owner: target }),
          (notices) => insertVideo(handle, values, scope.id, typeOwner, notices.rows()),
        );
        // Thrown within the transaction, so that nothing of a create without its video commits.
        if (!inserted) throw new Error('The insert answered no video');
        return inserted;
      };
      let row: VideoRow;
      try {
        const editorIds = await editorIdsOf(db, target.id);
        row = await insert(db, editorIds, (plan, write) => app.notifier.oneStatement(plan, write));
      } catch (error) {
        if (!isOrdinalTaken(error)) throw error;
        row = await app.notifier.transaction(async (tx, _notify, inStatement) =>
          insert(tx, await lockClientVideos(tx, target.id), inStatement),
        );
      }
      // The answer is made of what was written and whom it names, not read back.
      // A new video has no delivery link yet (heldSql: null).
      const found = { video: row, owner: target, editor, held: null };
      return reply
        .status(201)
        .send(await withHistory(scope, found, [historyEntry(row, null, actor)]));
    },
  );

  /**
   * Who may be made a video's editor on creation, by the same rule as changing it later; the
   * editor's row when they may.
   */
  async function checkEditorChoice(scope: ViewerScope, clientId: string, editorId: string) {
    const editor = await checkAssignableEditor(editorId);
    const clientEditors = await editorsOfClient(clientId);
    const ok = canSetAssignedEditor(
      scope,
      { userId: clientId, assignedEditorId: null },
      editorId,
      clientEditors,
    );
    if (!ok) throw new HttpError(403, 'You cannot assign this editor');
    return editor;
  }

  /**
   * The answer to a change of a video read with its history (`read`): the view of `updated`
   * (its people did not change) and the history, with the move appended when the change moved
   * it to `status`. A change that did not move it yet finds it moved (someone else did, just
   * before) reads the history afresh.
   */
  function changedAnswer(
    read: Awaited<ReturnType<typeof readableFor>>,
    updated: VideoRow,
    actor: SessionUser,
    status: string | undefined,
  ) {
    const before = read.video.status;
    const history =
      status !== undefined && status !== before
        ? [...read.history!, historyEntry(updated, before, actor)]
        : updated.status === before
          ? read.history
          : undefined;
    return withHistory(read.scope, { ...read.found, video: updated }, history);
  }

  app.patch('/api/videos/:id', videoChange(updateVideoBody), async (request) => {
    const read = await readableFor(request, request.params.id, { history: true });
    const { scope, video, owner, teamLeadIds } = read;
    const actor = currentUser(request);
    if (!canEditVideo(scope, video)) throw new HttpError(403, 'You cannot edit this video');
    const changes = Object.fromEntries(
      Object.entries(request.body).filter(([, v]) => v !== undefined),
    ) as typeof request.body;
    if (changes.internalNotes !== undefined && !canSeeInternalNotes(scope)) {
      throw new HttpError(403, VIDEO_MESSAGES.internalNotesAgencyOnly);
    }
    if (changes.publishedUrl !== undefined || changes.publishedAt !== undefined) {
      // Where and when it was published: the agency's record of a posted video.
      if (workflowSide(scope) === 'client')
        throw new HttpError(403, PUBLISHING_MESSAGES.clientSide);
      if ((changes.status ?? normalizeStatus(video.status)) !== 'posted') {
        throw new HttpError(400, PUBLISHING_MESSAGES.onlyWhenPosted);
      }
    }
    if (changes.status) {
      const side = workflowSide(scope);
      const refusal = moveRefusal(side, video.status, changes.status);
      if (refusal) throw new HttpError(403, refusal);
      // The client's approval: a manager makes it only through the status call, saying so.
      const forClient = forClientRefusal(side, video.status, changes.status, undefined);
      if (forClient) throw new HttpError(forClient.status, forClient.message);
      // Request Changes needs its note, which only the status call carries.
      if (findMove(side, video.status, changes.status)?.noteRequired) {
        throw new HttpError(400, WORKFLOW_MESSAGES.noteRequired);
      }
    }
    const lock = changedBilledFields(video, changes).length
      ? billingLock(scope, billingFactsOf(video))
      : null;
    if (lock) throw new HttpError(403, billingLockMessage(lock, 'change'));
    if (changes.type) await ensureVideoType(db, changes.type, customTypeOwner(owner));
    // Work started here too makes its starter the editor (as on the status call).
    const assignedEditorId = changes.status
      ? await editorWithMove(scope, video, changes.status, undefined)
      : undefined;
    const updated = await app.notifier.transaction(async (tx, notify) => {
      const row = await updateVideo(
        tx,
        video,
        { ...changes, ...(assignedEditorId !== undefined && { assignedEditorId }) },
        scope,
      );
      if (!row) throw new HttpError(409, WORKFLOW_MESSAGES.changedMeanwhile);
      await notify.videoChanged(actor, video, row, teamLeadIds);
      return row;
    });
    if (assignedEditorId !== undefined) return detail(request, video.id);
    return changedAnswer(read, updated, actor, changes.status);
  });

  app.patch('/api/videos/:id/status', videoChange(statusBody), async (request) => {
    const actor = currentUser(request);
    const read = await readableFor(request, request.params.id, { history: true });
    const { scope, video, teamLeadIds } = read;
    const { status, publishedUrl, publishedAt } = request.body;
    const note = request.body.note || undefined;
    const side = workflowSide(scope);
    // An undo the rule grants needs no table move; any other call (an undo too late, or of
    // someone else's move) is a plain move, refused as one.
    const undoing =
      request.body.undo === true &&
      mayUndo(
        read.history!.at(-1),
        { actorId: actor.id, current: video.status, to: status, paid: billingFactsOf(video).paid },
        new Date(),
      );
    const refusal = undoing ? null : moveRefusal(side, video.status, status);
    if (refusal) throw new HttpError(403, refusal);
    // A manager decides for a client waiting in review only by saying so (issue 41).
    const forClient = request.body.forClient === true;
    const forClientProblem = undoing
      ? null
      : forClientRefusal(side, video.status, status, request.body.forClient);
    if (forClientProblem) throw new HttpError(forClientProblem.status, forClientProblem.message);
    if (forClient && status === 'in_progress' && !note) {
      throw new HttpError(400, WORKFLOW_MESSAGES.noteRequired);
    }
    // A posted video's record is the agency's, even on a call that does not move it.
    if (side === 'client' && (publishedUrl ?? publishedAt) !== undefined) {
      throw new HttpError(403, PUBLISHING_MESSAGES.clientSide);
    }
    const action = findMove(side, video.status, status);
    if (action?.noteRequired && !note && !undoing) {
      throw new HttpError(400, WORKFLOW_MESSAGES.noteRequired);
    }
    if (note && !action?.takesNote) {
      throw new HttpError(400, WORKFLOW_MESSAGES.noteOnlyWhenSendingBack);
    }
    const assignedEditorId = await editorWithMove(
      scope,
      video,
      status,
      request.body.assignedEditorId,
    );
    // The move, its note and their notifications land together or not at all. Only the move
    // to posted carries the published fields (statusBody), and only a side that may make it.
    const changes = {
      status,
      publishedUrl,
      publishedAt,
      ...(assignedEditorId !== undefined && { assignedEditorId }),
    };
    const updated = note
      ? await app.notifier.transaction(async (tx, notify) => {
          const row = await updateVideo(tx, video, changes, scope, {
            note,
            undo: undoing,
            forClient,
          });
          if (!row) throw new HttpError(409, WORKFLOW_MESSAGES.changedMeanwhile);
          const comment = await insertComment(tx, {
            videoId: video.id,
            userId: actor.id,
            content: note,
          });
          await notify.sentBack(actor, row, comment, teamLeadIds);
          return row;
        })
      : // Without a note, one statement: the move, its history and its notifications.
        await app.notifier.oneStatement(
          (notify) =>
            notify.videoChanged(
              actor,
              video,
              { ...video, status, ...(assignedEditorId !== undefined && { assignedEditorId }) },
              teamLeadIds,
            ),
          (notices) =>
            updateVideo(db, video, changes, scope, {
              notices: notices.rows(),
              undo: undoing,
              forClient,
            }),
        );
    if (!updated) throw new HttpError(409, WORKFLOW_MESSAGES.changedMeanwhile);
    if (assignedEditorId === undefined) return changedAnswer(read, updated, actor, status);
    // Its editor changed: the view names the new one. Not re-checked: an editor who lets go of
    // a video with an undo may no longer read it, yet did succeed.
    return withHistory(scope, (await findVideo(db, video.id))!);
  });

  app.patch(
    '/api/videos/:id/assigned-editor',
    {
      config: WRITE_LIMITED,
      schema: { params: idParams, body: assignedEditorBody, response: { 200: videoViewSchema } },
    },
    async (request) => {
      const { scope, video } = await readableFor(request, request.params.id);
      const newEditorId = request.body.assignedEditorId;
      await checkEditorChange(scope, video, newEditorId);
      await app.notifier.transaction(async (tx, notify) => {
        const updated = await updateVideo(tx, video, { assignedEditorId: newEditorId }, scope);
        if (!updated) throw new HttpError(404, NOT_FOUND);
        await notify.videoChanged(currentUser(request), video, updated);
      });
      // Not re-checked: an editor who lets go of a video may no longer read it, yet did succeed.
      return withHistory(scope, (await findVideo(db, video.id))!);
    },
  );

  // The delivery link (issue 44, docs/rules.md#delivery): the agency side who may change the video
  // sets or clears it; the client side reads it as deliveryFor allows, never sets it.
  app.put('/api/videos/:id/delivery', videoChange(deliveryBody), async (request) => {
    const { scope, video } = await readableFor(request, request.params.id);
    if (deliverySideOf(scope) !== 'agency' || !canEditVideo(scope, video)) {
      throw new HttpError(403, DELIVERY_MESSAGES.agencyOnly);
    }
    if (!(await setDeliveryLink(db, video.id, request.body.link))) {
      throw new HttpError(404, NOT_FOUND);
    }
    return detail(request, video.id);
  });

  app.delete(
    '/api/videos/:id',
    { schema: { params: idParams, response: { 200: messageAnswer } } },
    async (request) => {
      const { scope, video } = await readableFor(request, request.params.id);
      if (!canDeleteVideo(scope, video)) throw new HttpError(403, 'You cannot delete this video');
      const lock = billingLock(scope, billingFactsOf(video));
      if (lock) throw new HttpError(403, billingLockMessage(lock, 'delete'));
      await deleteVideos(db, [video.id]);
      return { message: 'Video deleted successfully' };
    },
  );

  app.post(
    '/api/videos/bulk-delete',
    {
      schema: {
        body: bulkDeleteBody,
        response: { 200: bulkDeleteAnswer, 403: bulkDeleteRefusal },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const ids = [...new Set(request.body.ids)];
      // All or nothing: one id the viewer may not delete (or that does not exist) and nothing is.
      // The refusal is sent after the transaction ends: an answer sent inside it would wait, in
      // the answer's hooks, for the connection the transaction holds (one on PGlite).
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: videos.id,
            userId: videos.userId,
            assignedEditorId: videos.assignedEditorId,
            status: videos.status,
            paymentStatus: videos.paymentStatus,
          })
          .from(videos)
          .where(inArray(videos.id, ids))
          .for('update');
        const reachable = rows.filter((v) => canDeleteVideo(scope, v));
        const locks = new Map(reachable.map((v) => [v.id, billingLock(scope, billingFactsOf(v))]));
        const failed = ids.filter((id) => !locks.has(id) || locks.get(id) !== null);
        if (failed.length) {
          const locked = [...locks.values()].filter((l) => l !== null);
          const noAccess = ids.length - reachable.length;
          return {
            refused: {
              message: noAccess
                ? `Nothing was deleted: you cannot delete ${failed.length} of the selected videos`
                : BILLING_MESSAGES.bulkLocked(
                    locked.length,
                    locked.filter((l) => l === 'paid').length,
                  ),
              failed,
            },
          };
        }
        const deleted = (
          await tx.delete(videos).where(inArray(videos.id, ids)).returning({ id: videos.id })
        ).length;
        return { deleted, message: `${deleted} video(s) deleted successfully`, refused: null };
      });
      if (outcome.refused) return reply.status(403).send(outcome.refused);
      return { deleted: outcome.deleted, message: outcome.message };
    },
  );

  // --- The managed-user page and admin views -------------------------------------------------

  app.get(
    '/api/king/users',
    { schema: { response: { 200: publicUserListSchema } } },
    async (request) => {
      const scope = await scopeOf(request);
      if (!isManager(scope) && normalizeRole(scope.role) !== 'editor') {
        throw new HttpError(403, 'Only managers and editors can manage users');
      }
      if (!isManager(scope) && scope.teamClientIds.size === 0) return [];
      const rows = await db
        .select()
        .from(users)
        .where(isManager(scope) ? undefined : inArray(users.id, [...scope.teamClientIds]));
      return rows.map(toPublicUser);
    },
  );

  app.get(
    '/api/king/users/:id/videos',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'User not found' }) }),
        response: { 200: videoListSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const targetId = request.params.id;
      if (!mayOpenManagedUser(scope, targetId, scope.teamClientIds)) {
        throw new HttpError(403, 'You cannot manage this user');
      }
      return wholeList(
        scope,
        and(
          readableBy(scope),
          or(eq(videos.userId, targetId), eq(videos.assignedEditorId, targetId)),
        ),
        reply,
      );
    },
  );

  app.get(
    '/api/admin/videos',
    { schema: { querystring: videoListQuery, response: { 200: videoListSchema } } },
    // Only admins get here: the admin guard refuses everyone else (admin.guard.ts).
    async (request, reply) => listPage(await scopeOf(request), undefined, request.query, reply),
  );

  app.post(
    '/api/admin/videos/bulk-delete',
    {
      schema: {
        body: bulkDeleteBody,
        response: { 200: adminBulkDeleteAnswer },
      },
    },
    async (request) => {
      // Only admins get here: the admin guard refuses everyone else (admin.guard.ts).
      const ids = [...new Set(request.body.ids)];
      // A paid video stays until its payment is reversed (the billing lock); the rest go.
      const deletedIds = await db
        .delete(videos)
        .where(and(inArray(videos.id, ids), ne(videos.paymentStatus, 'paid')))
        .returning({ id: videos.id });
      const done = new Set(deletedIds.map((r) => r.id));
      const failed = ids.filter((id) => !done.has(id));
      const paid = failed.length
        ? await db
            .select({ id: videos.id })
            .from(videos)
            .where(and(inArray(videos.id, failed), eq(videos.paymentStatus, 'paid')))
        : [];
      return {
        deleted: done.size,
        failed,
        ...(paid.length && { message: BILLING_MESSAGES.paidKept(done.size, paid.length) }),
      };
    },
  );
};
