import { z } from 'zod';
import { STATUS_LABELS, VIDEO_STATUSES, type VideoStatus } from './video-status';
import { PRIORITY_LABELS, videoPrioritySchema, type VideoPriority } from './video-priority';
import { typeLabel } from './video-type-labels';
import { dateInput, VIDEO_MESSAGES, videoType } from './videos';

/**
 * Bulk changes (issue 45 part 3; docs/product.md#bulk-changes, docs/rules.md#bulk-changes): one
 * call changes many videos, each checked by the rules of the same change made to one video, and
 * answers per video. Its undo is the same call with each video's own previous values (`items`).
 */

/** How many videos one call may change. */
export const BULK_MAX = 1000;
/** How far a due date may be shifted at once, in days either way. */
export const BULK_SHIFT_MAX_DAYS = 365;

export const BULK_MESSAGES = {
  idsRequired: VIDEO_MESSAGES.idsRequired,
  tooMany: `At most ${BULK_MAX} videos at once`,
  idInvalid: 'Each id must be a video id',
  idsRepeated: 'Each video may be listed once',
  changeRequired: 'Choose a change: status, editor, due date, type or priority',
  dueTwice: 'Set the due date or shift it, not both',
  shiftInvalid: `Shift the due date by a whole number of days between -${BULK_SHIFT_MAX_DAYS} and ${BULK_SHIFT_MAX_DAYS}`,
  shiftWithoutDate: 'This video has no due date to shift',
  idsOrItems: 'Send ids with a change, or items (an undo), not both',
  notFound: 'Video not found',
  unknownKey: (key: string) => `Unknown field: ${key}`,
  /** The confirmation: '12 videos changed', '10 of 12 videos changed'. */
  summary: (changed: number, total: number) =>
    changed === total
      ? `${changed} ${changed === 1 ? 'video' : 'videos'} changed`
      : `${changed} of ${total} videos changed`,
  undone: (count: number) => `${count} ${count === 1 ? 'video' : 'videos'} restored`,
  undoFailed: (failed: number) =>
    `${failed} ${failed === 1 ? 'video' : 'videos'} could not be restored`,
} as const;

const videoId = z.uuid({ error: BULK_MESSAGES.idInvalid });

/** The fields a change may set: the same rules as one video's PATCH, status and editor calls. */
const settable = {
  status: z.enum(VIDEO_STATUSES, { error: VIDEO_MESSAGES.statusInvalid }).optional(),
  /** null: unassign. */
  assignedEditorId: z.uuid({ error: VIDEO_MESSAGES.editorInvalid }).nullable().optional(),
  /** null: no due date. */
  dueDate: dateInput.nullable().optional(),
  type: videoType.optional(),
  priority: videoPrioritySchema.optional(),
};

const someChange = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);

/** What one call does to every video it names. */
export const bulkChange = z
  .strictObject(
    {
      ...settable,
      /** Moves each video's own due date by this many days (a video without one is refused). */
      shiftDueDays: z
        .number({ error: BULK_MESSAGES.shiftInvalid })
        .int(BULK_MESSAGES.shiftInvalid)
        .min(-BULK_SHIFT_MAX_DAYS, BULK_MESSAGES.shiftInvalid)
        .max(BULK_SHIFT_MAX_DAYS, BULK_MESSAGES.shiftInvalid)
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? BULK_MESSAGES.unknownKey(issue.keys.join(', '))
          : undefined,
    },
  )
  .refine(someChange, BULK_MESSAGES.changeRequired)
  .refine((v) => v.dueDate === undefined || v.shiftDueDays === undefined, BULK_MESSAGES.dueTwice);
export type BulkChange = z.input<typeof bulkChange>;

/** One video's previous values, as an undo sends them back: only the fields the change set. */
export const bulkRestore = z
  .strictObject(settable)
  .refine(someChange, BULK_MESSAGES.changeRequired);

const unique = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * POST /api/videos/bulk: `ids` and one `change` for all of them; or `items`, each video with its
 * own values (the undo of a bulk change: each `before` of its answer). A status in `items` is the
 * undo of the caller's own move where the undo rule allows it (domain/workflow.ts mayUndo),
 * otherwise a move the transition table must allow.
 */
export const bulkChangeBody = z
  .strictObject({
    ids: z
      .array(videoId, { error: BULK_MESSAGES.idsRequired })
      .min(1, BULK_MESSAGES.idsRequired)
      .max(BULK_MAX, BULK_MESSAGES.tooMany)
      .refine(unique, BULK_MESSAGES.idsRepeated)
      .optional(),
    change: bulkChange.optional(),
    items: z
      .array(z.strictObject({ id: videoId, change: bulkRestore }), {
        error: BULK_MESSAGES.idsRequired,
      })
      .min(1, BULK_MESSAGES.idsRequired)
      .max(BULK_MAX, BULK_MESSAGES.tooMany)
      .refine((items) => unique(items.map((i) => i.id)), BULK_MESSAGES.idsRepeated)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const byIds = v.ids !== undefined || v.change !== undefined;
    if (byIds && v.items !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: BULK_MESSAGES.idsOrItems });
    } else if (v.items === undefined) {
      if (v.ids === undefined)
        ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MESSAGES.idsRequired });
      if (v.change === undefined)
        ctx.addIssue({ code: 'custom', path: ['change'], message: BULK_MESSAGES.changeRequired });
    }
  });
export type BulkChangeBody = z.input<typeof bulkChangeBody>;

/** Why a video was not changed: as the one-video call would have answered (404, 403, 400, 409). */
export const BULK_FAILURE_CODES = ['not_found', 'forbidden', 'invalid', 'conflict'] as const;
export type BulkFailureCode = (typeof BULK_FAILURE_CODES)[number];

/** A video's values before the change, of the fields the change set (an undo's `change`). */
export const bulkBefore = z.object({
  status: z.enum(VIDEO_STATUSES).optional(),
  assignedEditorId: z.string().nullable().optional(),
  dueDate: z.string().nullable().optional(),
  type: z.string().optional(),
  priority: videoPrioritySchema.optional(),
});
export type BulkBefore = z.infer<typeof bulkBefore>;

export const bulkResult = z.discriminatedUnion('ok', [
  z.object({ id: z.string(), ok: z.literal(true), before: bulkBefore }),
  z.object({
    id: z.string(),
    ok: z.literal(false),
    code: z.enum(BULK_FAILURE_CODES),
    message: z.string(),
  }),
]);
export type BulkResult = z.infer<typeof bulkResult>;

export const bulkChangeAnswer = z
  .object({
    results: z.array(bulkResult),
    changed: z.number().int(),
    failed: z.number().int(),
    message: z.string(),
  })
  .describe(
    'One result per video, in the order asked: changed (with its previous values, which an undo ' +
      'sends back as `items`) or not, with why. A video the caller may not read is not_found.',
  );
export type BulkChangeAnswer = z.infer<typeof bulkChangeAnswer>;

/** What a change does, in words: the action bar's confirmation and the notices. */
export function describeBulkChange(
  change: {
    status?: VideoStatus;
    assignedEditorId?: string | null;
    dueDate?: Date | string | null;
    shiftDueDays?: number;
    type?: string;
    priority?: VideoPriority;
  },
  editorName?: string,
): string {
  const parts: string[] = [];
  if (change.status) parts.push(`status ${STATUS_LABELS[change.status]}`);
  if (change.assignedEditorId !== undefined)
    parts.push(change.assignedEditorId === null ? 'unassigned' : `editor ${editorName ?? 'set'}`);
  if (change.dueDate !== undefined)
    parts.push(
      change.dueDate === null
        ? 'no due date'
        : `due ${new Date(change.dueDate).toISOString().slice(0, 10)}`,
    );
  if (change.shiftDueDays !== undefined)
    parts.push(
      `due date ${change.shiftDueDays >= 0 ? '+' : ''}${change.shiftDueDays} ${Math.abs(change.shiftDueDays) === 1 ? 'day' : 'days'}`,
    );
  if (change.type) parts.push(`type ${typeLabel(change.type)}`);
  if (change.priority) parts.push(`priority ${PRIORITY_LABELS[change.priority]}`);
  return parts.join(', ');
}
