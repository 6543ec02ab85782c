import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingFactsOf,
  billingLock,
  billingLockMessage,
  changedBilledFields,
} from '@domain/billing';
import {
  BULK_MAX,
  BULK_MESSAGES,
  bulkChangeAnswer,
  bulkChangeBody,
  type BulkBefore,
  type BulkFailureCode,
  type BulkResult,
} from '@domain/bulk-changes';
import { DATE_RANGE_MESSAGE, dateInRange } from '@domain/dates';
import { canEditVideo, canReadVideo } from '@domain/permissions';
import type { VideoStatus } from '@domain/video-status';
import { customTypeOwner } from '@domain/video-types';
import { videoListQuery } from '@domain/videos';
import {
  findMove,
  forClientRefusal,
  mayUndo,
  moveRefusal,
  WORKFLOW_MESSAGES,
  workflowSide,
} from '@domain/workflow';
import type { Db } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { readableBy } from '../scope/readable';
import { loadViewerScope, videoScopeOf, type VideoScope } from '../scope/scope';
import { editorChecks } from './video-checks';
import {
  ensureVideoType,
  findVideosForChange,
  listVideoIds,
  setVideos,
  type SetValues,
  updateVideo,
  type VideoForChange,
} from './videos.repository';

const DAY_MS = 86_400_000;

/** One video's change as checked: what to write, and its values before. */
interface Planned {
  found: VideoForChange;
  scope: VideoScope;
  status?: VideoStatus;
  undoing: boolean;
  set: SetValues;
  before: BulkBefore;
}

type Change = {
  status?: VideoStatus;
  assignedEditorId?: string | null;
  dueDate?: Date | null;
  shiftDueDays?: number;
  type?: string;
  priority?: VideoRow['priority'];
};

const CODES: Record<number, BulkFailureCode> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * POST /api/videos/bulk (issue 45; docs/rules.md#bulk-changes): many videos changed in one call,
 * each checked by the rules its one-video call applies (the status call's workflow table and
 * undo rule, the assigned-editor call's, PATCH's edit and billing rules) and answered one by one.
 * One transaction: the videos are read locked, checked, and each one allowed is changed (the
 * moves one by one through updateVideo, everything else in one statement a shape); their people
 * hear once, each of all their videos at once.
 */
export const bulkRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/videos/bulk',
    {
      config: { limited: 'writes' },
      schema: {
        summary: 'Change several videos at once',
        body: bulkChangeBody,
        response: { 200: bulkChangeAnswer },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { ids, change, items } = request.body;
      const asked: { id: string; change: Change }[] =
        items ?? ids!.map((id) => ({ id, change: change! }));
      const undo = items !== undefined;
      const now = new Date();
      const results = await app.notifier.transaction(async (tx, notify) => {
        const found = new Map(
          (
            await findVideosForChange(
              tx,
              actor.id,
              asked.map((a) => a.id),
              { latest: undo },
            )
          ).map((f) => [f.video.id, f]),
        );
        // Read in the transaction: on the embedded database it holds the one connection.
        const checks = editorChecks(tx, true);
        const types = new Map<string, Promise<void>>();
        const outcome = new Map<string, BulkResult>();
        const planned: Planned[] = [];
        for (const { id, change: c } of asked) {
          try {
            const plan = await check(found.get(id), c);
            planned.push(plan);
            outcome.set(id, { id, ok: true, before: plan.before });
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            const code = CODES[error.statusCode] ?? 'invalid';
            outcome.set(id, { id, ok: false, code, message: error.message });
          }
        }

        async function check(f: VideoForChange | undefined, c: Change): Promise<Planned> {
          if (!f) throw new HttpError(404, BULK_MESSAGES.notFound);
          const scope = videoScopeOf(actor, f.video.userId, {
            asEditor: f.onTeamAsEditor,
            asLead: f.teamLeadIds.includes(actor.id),
          });
          const video = f.video;
          // Never revealed: a video the caller may not read is one that does not exist.
          if (!canReadVideo(scope, video)) throw new HttpError(404, BULK_MESSAGES.notFound);
          const before: BulkBefore = {};
          const set: SetValues = {};
          let undoing = false;
          // The status call's rules (videos.routes.ts PATCH /api/videos/{id}/status).
          if (c.status !== undefined) {
            const side = workflowSide(scope);
            undoing =
              undo &&
              mayUndo(
                f.latest ?? undefined,
                {
                  actorId: actor.id,
                  current: video.status,
                  to: c.status,
                  paid: billingFactsOf(video).paid,
                },
                now,
              );
            if (!undoing) {
              const refusal = moveRefusal(side, video.status, c.status);
              if (refusal) throw new HttpError(403, refusal);
              const forClient = forClientRefusal(side, video.status, c.status, undefined);
              if (forClient) throw new HttpError(forClient.status, forClient.message);
              if (findMove(side, video.status, c.status)?.noteRequired) {
                throw new HttpError(400, WORKFLOW_MESSAGES.noteRequired);
              }
            }
            before.status = video.status as VideoStatus;
            const editor = await checks.editorWithMove(scope, video, c.status, c.assignedEditorId);
            if (editor !== undefined) set.assignedEditorId = editor;
          } else if (c.assignedEditorId !== undefined) {
            // The assigned-editor call's rule.
            if (c.assignedEditorId !== video.assignedEditorId) {
              await checks.checkEditorChange(scope, video, c.assignedEditorId);
              set.assignedEditorId = c.assignedEditorId;
            }
          }
          if (c.assignedEditorId !== undefined || set.assignedEditorId !== undefined) {
            before.assignedEditorId = video.assignedEditorId;
          }
          // PATCH's rules for the video's own fields.
          const edits = [c.dueDate, c.shiftDueDays, c.type, c.priority].some(
            (v) => v !== undefined,
          );
          if (edits && !canEditVideo(scope, video)) {
            throw new HttpError(403, 'You cannot edit this video');
          }
          if (c.dueDate !== undefined) set.dueDate = c.dueDate;
          if (c.shiftDueDays !== undefined) {
            if (!video.dueDate) throw new HttpError(400, BULK_MESSAGES.shiftWithoutDate);
            const due = new Date(video.dueDate.getTime() + c.shiftDueDays * DAY_MS);
            if (!dateInRange(due)) throw new HttpError(400, DATE_RANGE_MESSAGE);
            set.dueDate = due;
          }
          if (set.dueDate !== undefined) before.dueDate = iso(video.dueDate);
          if (c.type !== undefined) {
            const lock = changedBilledFields(video, { type: c.type }).length
              ? billingLock(scope, billingFactsOf(video))
              : null;
            if (lock) throw new HttpError(403, billingLockMessage(lock, 'change'));
            set.type = c.type;
            before.type = video.type;
            const owner = customTypeOwner(f.owner);
            const key = `${c.type} ${owner}`;
            if (!types.has(key)) types.set(key, ensureVideoType(tx, c.type, owner));
            await types.get(key);
          }
          if (c.priority !== undefined) {
            set.priority = c.priority;
            before.priority = video.priority;
          }
          return { found: f, scope, status: c.status, undoing, set, before };
        }

        const changed: { before: VideoRow; after: VideoRow; teamLeadIds: string[] }[] = [];
        // Moves one by one, through the one path every move takes (its history, its round, what
        // completing a video does); the rest set-based.
        const setOnly: { id: string; values: SetValues }[] = [];
        for (const p of planned) {
          const { video } = p.found;
          if (p.status === undefined) {
            setOnly.push({ id: video.id, values: p.set });
            changed.push({
              before: video,
              after: { ...video, ...p.set },
              teamLeadIds: p.found.teamLeadIds,
            });
            continue;
          }
          const row = await updateVideo(tx, video, { ...p.set, status: p.status }, p.scope, {
            undo: p.undoing,
          });
          if (!row) {
            outcome.set(video.id, {
              id: video.id,
              ok: false,
              code: 'conflict',
              message: WORKFLOW_MESSAGES.changedMeanwhile,
            });
            continue;
          }
          changed.push({ before: video, after: row, teamLeadIds: p.found.teamLeadIds });
        }
        await setVideos(tx, setOnly);
        await notify.bulkChanged(actor, changed, { undo });
        return asked.map(({ id }) => outcome.get(id)!);
      });
      const done = results.filter((r) => r.ok).length;
      return {
        results,
        changed: done,
        failed: results.length - done,
        message: undo ? BULK_MESSAGES.undone(done) : BULK_MESSAGES.summary(done, results.length),
      };
    },
  );

  /** The filters of a list, without its paging: "select all matching". */
  const idsQuery = videoListQuery.omit({ limit: true, cursor: true, sort: true, refresh: true });

  app.get(
    '/api/videos/ids',
    {
      schema: {
        summary: "The ids of every video matching a list's filters",
        querystring: idsQuery,
        response: {
          200: z
            .object({ ids: z.array(z.string()), total: z.number().int() })
            .describe(
              `The ids of the videos the caller may read that match the filters, newest first: at most ${BULK_MAX} (a bulk change's most), and how many match`,
            ),
        },
      },
    },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const { overdue, needsLead, ...filters } = request.query;
      return listVideoIds(
        db,
        readableBy(scope),
        {
          ...filters,
          overdue: overdue === 'true',
          needsLead: needsLead === 'true',
        },
        BULK_MAX,
      );
    },
  );
};
