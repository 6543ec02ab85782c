import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@domain/api';
import {
  COMMENT_MESSAGES,
  commentAuthorLabel,
  guestLabel,
  replyBodyError,
  type CommentView,
} from '@domain/comments';
import { canReadVideo } from '@domain/permissions';
import {
  canShareForReview,
  creatorMayShareAll,
  createdReviewLinkSchema,
  createReviewLinkBody,
  guestCommentBody,
  guestCommentSchema,
  guestDecisionBody,
  guestVideoSchema,
  REVIEW_LIMITS,
  REVIEW_LINK_MESSAGES,
  REVIEW_PASSWORD_HEADER,
  reviewLinkListSchema,
  reviewLinkStateOf,
  reviewPageSchema,
  reviewRefusalSchema,
  shownVersion,
  type GuestCommentView,
  type GuestVideoView,
  type ReviewRefusal,
} from '@domain/review-links';
import { normalizeStatus } from '@domain/video-status';
import { allowedActions, WORKFLOW_MESSAGES } from '@domain/workflow';
import { displayName } from '@domain/people';
import type { Db } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { TIMECODE_MESSAGES } from '@domain/timecode';
import {
  commentsOfVideos,
  findThread,
  insertComment,
  noteTime,
  toCommentView,
} from '../comments/comments.repository';
import { findUserById } from '../users/users.repository';
import { loadViewerScope } from '../scope/scope';
import { findVideo, findVideos, updateVideo } from '../videos/videos.repository';
import {
  findReviewLink,
  findReviewLinkByToken,
  insertReviewLink,
  linkVideoRows,
  listReviewLinksOfVideo,
  recordDecision,
  REVIEW_TOKEN_SHAPE,
  revokeReviewLink,
  toReviewLinkView,
  versionFactsOf,
  type ReviewLinkRow,
  type VersionFacts,
} from './review-links.repository';
import { DAY_MS } from '@domain/day-counter';

const VIDEO_NOT_FOUND = 'Video not found';

const videoParams = z.object({ id: z.uuid({ error: VIDEO_NOT_FOUND }) });
const linkParams = z.object({ id: z.uuid({ error: REVIEW_LINK_MESSAGES.linkNotFound }) });
// The token's shape is checked by the handler, which answers a clear page's 404 for any miss.
const tokenParams = z.object({ token: z.string().max(200) });
const guestVideoParams = tokenParams.extend({
  videoId: z.uuid({ error: REVIEW_LINK_MESSAGES.guestVideoNotFound }),
});
const refusals = {
  401: reviewRefusalSchema,
  404: reviewRefusalSchema,
  410: reviewRefusalSchema,
  429: messageAnswer.describe('Too many calls on this link or from this address; see Retry-After'),
};

/**
 * A refusal the review page draws as its own screen (not found, expired, revoked, password):
 * thrown like any HttpError and answered by the app's error handler as `{ message, reason }`.
 */
class Refusal extends HttpError {
  constructor(statusCode: 401 | 404 | 410, reason: ReviewRefusal['reason'], message: string) {
    super(statusCode, message, { reason });
  }
}

/**
 * Review links (issue 19). Managers and the video's client side create, list and revoke them
 * with their session; a guest opens one with nothing but its token (in the path, never a
 * cookie, so it is no session and opens no other route), reads the videos as their client may,
 * comments under a name and decides once per video. Guest calls are limited per link and per
 * address; every guest act lands in the comments or status history under the guest's name and
 * notifies the team.
 */
export const reviewLinksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  type Limiter = (r: FastifyRequest) => Promise<{ isExceeded?: boolean; ttl?: number }>;
  const limiter = (max: number, key: (r: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: key }) as Limiter;
  const perLink = limiter(
    REVIEW_LIMITS.perLinkPerMinute,
    (r) => `review-link:${(r.params as { token: string }).token}`,
  );
  const perAddress = limiter(REVIEW_LIMITS.perAddressPerMinute, (r) => `review-address:${r.ip}`);

  /** The video a signed-in person shares or lists: 404 unless readable, 403 unless sharable. */
  async function sharableVideo(request: FastifyRequest, id: string) {
    const scope = await loadViewerScope(db, currentUser(request));
    const found = await findVideo(db, id);
    if (!found || !canReadVideo(scope, found.video)) throw new HttpError(404, VIDEO_NOT_FOUND);
    if (!canShareForReview(scope, found.video)) {
      throw new HttpError(403, REVIEW_LINK_MESSAGES.forbidden);
    }
    return found.video;
  }

  /**
   * Whether the link's creator may still share every video on it (creatorMayShareAll), read
   * from the database now: its account, role and teams as they are at this request.
   */
  async function creatorShares(link: ReviewLinkRow): Promise<boolean> {
    const creator = link.createdById ? await findUserById(db, link.createdById) : undefined;
    if (!creator) return false;
    const [scope, rows] = await Promise.all([
      loadViewerScope(db, creator),
      linkVideoRows(db, link.id),
    ]);
    const found = await findVideos(
      db,
      rows.map((r) => r.videoId),
    );
    return creatorMayShareAll(
      scope,
      found.map((f) => f.video),
    );
  }

  app.post(
    '/api/review-links',
    {
      config: { limited: 'writes', idempotent: true },
      schema: { body: createReviewLinkBody, response: { 201: createdReviewLinkSchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { videoIds, expiresInDays, password } = request.body;
      const videos: VideoRow[] = [];
      for (const id of videoIds) videos.push(await sharableVideo(request, id));
      const clientId = videos[0]!.userId;
      if (videos.some((v) => v.userId !== clientId)) {
        throw new HttpError(400, REVIEW_LINK_MESSAGES.oneClient);
      }
      const { token, link } = await insertReviewLink(db, {
        clientId,
        createdById: actor.id,
        passwordHash: password ? await hashPassword(password) : null,
        expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
        videos,
      });
      const rows = await linkVideoRows(db, link.id);
      const view = toReviewLinkView(link, displayName(actor), rows);
      return reply.status(201).send({ ...view, token });
    },
  );

  app.get(
    '/api/videos/:id/review-links',
    { schema: { params: videoParams, response: { 200: reviewLinkListSchema } } },
    async (request) => {
      const video = await sharableVideo(request, request.params.id);
      return listReviewLinksOfVideo(db, video.id, { creatorShares });
    },
  );

  app.delete(
    '/api/review-links/:id',
    { schema: { params: linkParams, response: { 200: messageAnswer } } },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const link = await findReviewLink(db, request.params.id);
      // Whoever reads one of its videos learns it exists; whoever may share them may turn it off.
      const rows = link ? await linkVideoRows(db, link.id) : [];
      const readable = (
        await findVideos(
          db,
          rows.map((r) => r.videoId),
        )
      )
        .map((f) => f.video)
        .filter((video) => canReadVideo(scope, video));
      if (!link || readable.length === 0) {
        throw new HttpError(404, REVIEW_LINK_MESSAGES.linkNotFound);
      }
      if (!readable.some((video) => canShareForReview(scope, video))) {
        throw new HttpError(403, REVIEW_LINK_MESSAGES.forbidden);
      }
      await revokeReviewLink(db, link.id);
      return { message: REVIEW_LINK_MESSAGES.revoked };
    },
  );

  // --- The guest's side: public routes, the token is the only key ---

  /**
   * Counts a guest's call against both limits before anything else is checked (a malformed call
   * counts too): a guest over either gets 429 with Retry-After, the shared refusal's shape.
   */
  async function countGuest(request: FastifyRequest, reply: FastifyReply) {
    for (const limit of [perAddress, perLink]) {
      const result = await limit(request);
      if (result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((result.ttl ?? 0) / 1000))));
        throw new HttpError(429, REVIEW_LINK_MESSAGES.tooMany);
      }
    }
  }

  /** The link a guest may use now (already counted by countGuest), checked in order. */
  async function openLink(request: FastifyRequest, token: string): Promise<ReviewLinkRow> {
    const link = REVIEW_TOKEN_SHAPE.test(token)
      ? await findReviewLinkByToken(db, token)
      : undefined;
    if (!link) throw new Refusal(404, 'not_found', REVIEW_LINK_MESSAGES.guestNotFound);
    const state = reviewLinkStateOf(link);
    if (state === 'revoked') throw new Refusal(410, 'revoked', REVIEW_LINK_MESSAGES.guestRevoked);
    if (state === 'expired') throw new Refusal(410, 'expired', REVIEW_LINK_MESSAGES.guestExpired);
    // Turned off while its creator may not share its videos (docs/rules.md#who-may-do-what).
    if (!(await creatorShares(link))) {
      throw new Refusal(410, 'revoked', REVIEW_LINK_MESSAGES.guestCreatorLost);
    }
    if (link.passwordHash) {
      const sent = request.headers[REVIEW_PASSWORD_HEADER];
      if (typeof sent !== 'string' || !sent) {
        throw new Refusal(401, 'password', REVIEW_LINK_MESSAGES.guestPassword);
      }
      let password: string;
      try {
        password = decodeURIComponent(sent);
      } catch {
        password = sent;
      }
      if (!(await verifyPassword(link.passwordHash, password))) {
        throw new Refusal(401, 'wrong_password', REVIEW_LINK_MESSAGES.guestWrongPassword);
      }
    }
    return link;
  }

  const guestComment = (c: CommentView): GuestCommentView => ({
    id: c.id,
    content: c.content,
    createdAt: c.createdAt,
    author: c.author ? commentAuthorLabel(c) : (c.guestName ?? ''),
    guest: !c.author,
    done: c.doneAt !== null,
    carriedFrom: c.carriedFrom,
    frame: c.frame,
    timecode: c.timecode,
    drawing: c.drawing,
    parentId: c.parentId,
  });

  type LinkVideoRow = Awaited<ReturnType<typeof linkVideoRows>>[number];

  /**
   * Which version the link shows of a video now (shownVersion, docs/rules.md#review-links), and
   * which one its decision, if any, was made on: the version shown at the decision's time.
   */
  function versionsOf(row: LinkVideoRow, facts: VersionFacts) {
    const shown = shownVersion(row.version, facts.rounds);
    const decidedOn =
      row.decision && row.decidedAt
        ? shownVersion(row.version, facts.rounds, row.decidedAt)
        : undefined;
    return { shown, decidedOn, decidedNow: decidedOn !== undefined && decidedOn === shown };
  }

  /**
   * One video as the guest sees it: what its client may read, nothing internal, no money; the
   * version shown with its comments, and the guests' notes and decision on the ones before it.
   */
  function guestVideo(
    video: VideoRow,
    row: LinkVideoRow,
    facts: VersionFacts,
    notes: readonly CommentView[],
  ): GuestVideoView {
    const { shown, decidedOn, decidedNow } = versionsOf(row, facts);
    const sent = row.version;
    const linkOf = (version: number | null) =>
      version === null ? video.link : (facts.links.get(version) ?? video.link);
    const decision =
      row.decision && row.decidedAt
        ? { decision: row.decision, by: row.decidedByName ?? '', at: row.decidedAt.toISOString() }
        : null;
    // The versions shown before (from the one sent up to the one shown), newest first.
    const before: (number | null)[] = [];
    if (shown !== null && shown !== sent) {
      for (let v = shown - 1; v >= (sent ?? 1); v--) before.push(v);
      if (sent === null) before.push(null);
    }
    return {
      id: video.id,
      name: video.name,
      type: video.type,
      status: normalizeStatus(video.status),
      link: linkOf(shown),
      frameRate: shown === null ? video.frameRate : (facts.rates.get(shown) ?? video.frameRate),
      description: video.description,
      dueDate: video.dueDate?.toISOString() ?? null,
      version: shown,
      sentVersion: sent,
      notice:
        shown !== null && shown !== sent ? REVIEW_LINK_MESSAGES.newerVersion(shown, sent) : null,
      decision: decidedNow ? decision : null,
      canDecide: !decidedNow && allowedActions('client', video.status).length > 0,
      comments: notes.filter((n) => n.version === shown).map(guestComment),
      earlier: before.flatMap((version) => {
        const guests = notes.filter((n) => n.version === version && !n.author);
        const decided = decidedOn === version ? decision : null;
        return guests.length > 0 || decided
          ? [
              {
                version,
                link: linkOf(version),
                comments: guests.map(guestComment),
                decision: decided,
              },
            ]
          : [];
      }),
    };
  }

  /** A video of the link as the guest sees it now, read afresh. */
  async function guestVideoNow(link: ReviewLinkRow, videoId: string) {
    const { row, video } = await linkVideo(link, videoId);
    const [facts, notes] = await Promise.all([
      versionFactsOf(db, [videoId]),
      commentsOfVideos(db, [videoId]),
    ]);
    return guestVideo(video, row, facts.get(videoId)!, notes.get(videoId) ?? []);
  }

  /**
   * The version a guest acts on: the one the link shows now, 409 when the guest says it is
   * looking at another (the page is older than a newer version's move to review).
   */
  async function actingOn(row: LinkVideoRow, lookingAt: number | null | undefined) {
    const facts = (await versionFactsOf(db, [row.videoId])).get(row.videoId)!;
    const versions = versionsOf(row, facts);
    if (lookingAt !== undefined && lookingAt !== versions.shown) {
      throw new HttpError(409, REVIEW_LINK_MESSAGES.versionChanged);
    }
    return versions;
  }

  /** The link's row for a video it holds; 404 for a video it does not. */
  async function linkVideo(link: ReviewLinkRow, videoId: string) {
    const row = (await linkVideoRows(db, link.id)).find((r) => r.videoId === videoId);
    const found = row && (await findVideo(db, videoId));
    if (!row || !found) {
      throw new Refusal(404, 'not_found', REVIEW_LINK_MESSAGES.guestVideoNotFound);
    }
    return { row, video: found.video };
  }

  app.get(
    '/api/review/:token',
    {
      config: { public: true },
      preValidation: countGuest,
      schema: {
        summary: "Open a review link: the guest's page",
        params: tokenParams,
        response: { 200: reviewPageSchema, ...refusals },
      },
    },
    async (request) => {
      const link = await openLink(request, request.params.token);
      const client = await findUserById(db, link.clientId);
      const rows = await linkVideoRows(db, link.id);
      const ids = rows.map((r) => r.videoId);
      const found = new Map((await findVideos(db, ids)).map((f) => [f.video.id, f.video]));
      const [facts, notes] = await Promise.all([
        versionFactsOf(db, ids),
        commentsOfVideos(db, ids),
      ]);
      const videos = rows.flatMap((row) => {
        const video = found.get(row.videoId);
        return video
          ? [guestVideo(video, row, facts.get(video.id)!, notes.get(video.id) ?? [])]
          : [];
      });
      return {
        client: client ? displayName(client) : '',
        expiresAt: link.expiresAt.toISOString(),
        videos,
      };
    },
  );

  app.post(
    '/api/review/:token/videos/:videoId/comments',
    {
      config: { public: true, idempotent: true },
      preValidation: countGuest,
      schema: {
        params: guestVideoParams,
        body: guestCommentBody,
        response: { 201: guestCommentSchema, 409: messageAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const link = await openLink(request, request.params.token);
      const { row, video } = await linkVideo(link, request.params.videoId);
      const { name, content, version, drawing, parentId } = request.body;
      const refused = replyBodyError(request.body);
      if (refused) throw new HttpError(400, refused);
      // On the version the link shows (docs/rules.md#review-links).
      const { shown } = await actingOn(row, version);
      if (parentId) {
        // A guest replies as it comments (issue 45 part 4): in a thread of the version shown.
        const first = await findThread(db, parentId);
        if (!first || first.videoId !== video.id || first.version !== shown) {
          throw new HttpError(400, COMMENT_MESSAGES.parentNotFound);
        }
        const values = {
          videoId: video.id,
          guestName: name,
          content,
          version: shown,
          parentId: first.id,
        };
        const comment = await app.notifier.transaction(async (tx, notify) => {
          const comment = await insertComment(tx, values);
          await notify.replyPosted(
            { id: null, label: guestLabel(name) },
            video,
            comment,
            first.people,
            Promise.resolve([]),
          );
          return comment;
        });
        return reply.status(201).send(guestComment(toCommentView(comment, null)));
      }
      const time = await noteTime(db, video.id, shown, request.body);
      if (!time) throw new HttpError(400, TIMECODE_MESSAGES.time);
      const comment = await app.notifier.transaction(async (tx, notify) => {
        const comment = await insertComment(tx, {
          videoId: video.id,
          guestName: name,
          content,
          version: shown,
          frame: time.frame,
          drawing,
        });
        await notify.guestActed(guestLabel(name), video, { comment });
        return comment;
      });
      return reply
        .status(201)
        .send(guestComment(toCommentView(comment, null, null, time.frameRate)));
    },
  );

  app.post(
    '/api/review/:token/videos/:videoId/decision',
    {
      config: { public: true, idempotent: true },
      preValidation: countGuest,
      schema: {
        summary: "A guest's decision on a video: approve or ask for changes",
        params: guestVideoParams,
        body: guestDecisionBody,
        response: { 200: guestVideoSchema, 409: messageAnswer, ...refusals },
      },
    },
    async (request) => {
      const link = await openLink(request, request.params.token);
      const { row, video } = await linkVideo(link, request.params.videoId);
      const { name, decision, note, version } = request.body;
      // Once per version shown: a newer version in review may be decided again.
      const { shown, decidedNow } = await actingOn(row, version);
      if (decidedNow) throw new HttpError(409, REVIEW_LINK_MESSAGES.alreadyDecided);
      // The guest decides as the video's client would: Approve, or Request changes with a note.
      const wantsChanges = decision === 'request_changes';
      const action = allowedActions('client', video.status).find(
        (a) => Boolean(a.takesNote) === wantsChanges,
      );
      if (!action) throw new HttpError(409, REVIEW_LINK_MESSAGES.notInReview);
      await app.notifier.transaction(async (tx, notify) => {
        const recorded = await recordDecision(tx, {
          linkId: link.id,
          videoId: video.id,
          decision: wantsChanges ? 'changes_requested' : 'approved',
          name,
          replacing: row.decision ? row.decidedAt : null,
        });
        if (!recorded) throw new HttpError(409, REVIEW_LINK_MESSAGES.alreadyDecided);
        const updated = await updateVideo(tx, video, { status: action.to }, null, {
          guestName: name,
          ...(wantsChanges && note && { note }),
        });
        if (!updated) throw new HttpError(409, WORKFLOW_MESSAGES.changedMeanwhile);
        const comment =
          wantsChanges && note
            ? await insertComment(tx, {
                videoId: video.id,
                guestName: name,
                content: note,
                version: shown,
              })
            : undefined;
        await notify.guestActed(guestLabel(name), updated, { before: video, comment });
      });
      return guestVideoNow(link, video.id);
    },
  );
};
