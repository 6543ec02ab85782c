import { z } from 'zod';
import { messageAnswer } from './api';
import { hasInvisibleCharacters } from './auth';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from './comments';
import { DATE_RANGE_MESSAGE, dateInRange } from './dates';
import { deliveryViewSchema } from './delivery';
import { isValidVideoLink, LINK_MESSAGES, normalizeLink } from './links';
import { PUBLISHING_MESSAGES, publishingEditFields, publishingFields } from './publishing';
import { decimalText, moneyAmount } from './money';
import { avatarUrlSchema } from './user';
import { frameRateSchema, TIMECODE_MESSAGES } from './timecode';
import { toUtcIso, videoUpdateOf, type EditVideoValues } from './video-form';
import { VIDEO_LIST_ORDERS } from './video-list';
import { normalizeStatus, VIDEO_STATUSES } from './video-status';
import { normalizeCustomType } from './video-types';
import { videoPrioritySchema } from './video-priority';

/** Video contracts (docs/product.md#data, #validation-and-messages and #the-api), used by the forms and enforced by the server. */
export const VIDEO_MESSAGES = {
  nameRequired: 'Video name is required',
  nameLong: 'Video name must be at most 200 characters',
  nameOneLine: 'Video name must be one line, without line breaks or invisible characters',
  editorNotYours: 'You cannot change the editor of this video',
  textLong: 'Text must be at most 10000 characters',
  customTypeRequired: 'Please enter a custom video type',
  typeInvalid: 'Video type must be letters, numbers, spaces or hyphens (at most 50)',
  statusInvalid: 'Status must be one of in_progress, review, ready_to_post, posted',
  dateInvalid: 'Please enter a valid date',
  durationInvalid: 'Duration must be a whole number of seconds, zero or more',
  nothingToUpdate: 'At least one field must be updated',
  userInvalid: 'Please choose a valid user',
  editorInvalid: 'Please choose a valid editor',
  idsRequired: 'Select at least one video',
  moneyInvalid: 'Payment amount must be a valid non-negative number',
  internalNotesAgencyOnly: 'Only the agency reads and edits internal notes',
} as const;

const uuid = z.uuid({ error: VIDEO_MESSAGES.userInvalid });

export const dateInput = z
  .string({ error: VIDEO_MESSAGES.dateInvalid })
  .refine((s) => !Number.isNaN(Date.parse(s)), VIDEO_MESSAGES.dateInvalid)
  .transform((s) => new Date(s))
  .refine(dateInRange, DATE_RANGE_MESSAGE);

const longText = z.string({ error: VIDEO_MESSAGES.textLong }).max(10_000, VIDEO_MESSAGES.textLong);

/** One line of visible text, as display names are (hasInvisibleCharacters, domain/auth.ts). */
const oneLine = <Name extends z.ZodString>(name: Name) =>
  name.refine((s) => !hasInvisibleCharacters(s), VIDEO_MESSAGES.nameOneLine);

const videoName = oneLine(
  z
    .string({ error: VIDEO_MESSAGES.nameRequired })
    .trim()
    .min(1, VIDEO_MESSAGES.nameRequired)
    .max(200, VIDEO_MESSAGES.nameLong),
);

/** A type: built-in or custom, normalised (lowercase, spaces to hyphens). */
export const videoType = z
  .string({ error: VIDEO_MESSAGES.typeInvalid })
  .trim()
  .max(50, VIDEO_MESSAGES.typeInvalid)
  .regex(/^[A-Za-z0-9 -]*$/, VIDEO_MESSAGES.typeInvalid)
  .transform(normalizeCustomType);

/** A video's link as a client submits it (its source) and as the agency adds a cut (a version). */
export const videoLink = z
  .string({ error: LINK_MESSAGES.required })
  .trim()
  .min(1, LINK_MESSAGES.required)
  .max(2000, LINK_MESSAGES.invalid)
  .refine(isValidVideoLink, LINK_MESSAGES.invalid)
  .transform(normalizeLink);

const duration = z
  .number({ error: VIDEO_MESSAGES.durationInvalid })
  .int(VIDEO_MESSAGES.durationInvalid)
  .min(0, VIDEO_MESSAGES.durationInvalid)
  .max(1_000_000, VIDEO_MESSAGES.durationInvalid);

/** A non-negative amount with at most two decimals, at most 99,999,999.99, as a string. */
const MONEY_STRING = /^\d{1,8}(\.\d{1,2})?$/;
export const moneyString = decimalText(
  z.unknown().transform((v, ctx) => {
    const text = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
    if (MONEY_STRING.test(text)) return text;
    ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.moneyInvalid });
    return z.NEVER;
  }),
  MONEY_STRING,
  'Money: a decimal string, at most two decimals',
);

/** A new video's name may be left empty (the server names it). */
const optionalName = oneLine(z.string().trim().max(200, VIDEO_MESSAGES.nameLong));

const issueAt = (ctx: z.core.$RefinementCtx, field: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message });

/** 'Other' needs its custom type (docs/product.md#validation-and-messages), in the body and in both video dialogs. */
function requireCustomType(
  v: { type?: string; customType?: string },
  ctx: z.core.$RefinementCtx,
): void {
  if (v.type === 'other' && !v.customType) {
    issueAt(ctx, 'customType', VIDEO_MESSAGES.customTypeRequired);
  }
}

/** POST /api/videos. 'self' or empty target means oneself; editor 'auto' or empty means none. */
export const createVideoBody = z
  .object({
    name: optionalName.optional(),
    type: videoType.optional(),
    customType: videoType.optional(),
    status: z.string().max(50).optional(),
    link: videoLink,
    description: longText.optional().nullable(),
    internalNotes: longText.optional().nullable(),
    userId: z.string().optional().nullable(),
    targetUserId: z.string().optional().nullable(),
    assignedEditorId: z.string().optional().nullable(),
    startDate: dateInput.optional().nullable(),
    dueDate: dateInput.optional().nullable(),
    duration: duration.optional().nullable(),
    paymentAmount: moneyString.optional(),
    /** The source's frame rate (issue 43); by default the agency's. */
    frameRate: frameRateSchema.optional(),
    /** How urgent it is (domain/video-priority.ts); normal by default. */
    priority: videoPrioritySchema.optional(),
  })
  .superRefine((v, ctx) => {
    requireCustomType(v, ctx);
    for (const key of ['userId', 'targetUserId'] as const) {
      const value = v[key];
      if (value && value !== 'self' && !uuid.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', path: [key], message: VIDEO_MESSAGES.userInvalid });
      }
    }
    const editor = v.assignedEditorId;
    if (editor && editor !== 'auto' && !uuid.safeParse(editor).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['assignedEditorId'],
        message: VIDEO_MESSAGES.editorInvalid,
      });
    }
  })
  .transform((v) => ({
    ...v,
    name: v.name || undefined,
    type: v.type === 'other' ? v.customType! : v.type || 'consultation',
    status: normalizeStatus(v.status),
    targetUserId: [v.targetUserId, v.userId].find((id) => id && id !== 'self') ?? null,
    assignedEditorId:
      v.assignedEditorId && v.assignedEditorId !== 'auto' ? v.assignedEditorId : null,
  }));
/** What a caller sends (the web's forms): before the schema's defaults and normalisation. */
export type CreateVideoBody = z.input<typeof createVideoBody>;

/** The statuses PATCH /api/videos/{id} accepts (docs/product.md#validation-and-messages 'Video update'). */
export const UPDATABLE_STATUSES = ['in_progress', 'review', 'ready_to_post', 'posted'] as const;

/** PATCH /api/videos/{id}: only the fields given, at least one. */
export const updateVideoBody = z
  .object({
    name: videoName.optional(),
    type: videoType.optional(),
    link: z
      .string({ error: LINK_MESSAGES.invalidUrl })
      .trim()
      .max(2000, LINK_MESSAGES.invalidUrl)
      .refine(isValidVideoLink, LINK_MESSAGES.invalidUrl)
      .transform(normalizeLink)
      .optional(),
    status: z.enum(UPDATABLE_STATUSES, { error: VIDEO_MESSAGES.statusInvalid }).optional(),
    description: longText.optional(),
    internalNotes: longText.optional(),
    startDate: dateInput.optional().nullable(),
    dueDate: dateInput.optional().nullable(),
    duration: duration.optional().nullable(),
    priority: videoPrioritySchema.optional(),
    /** Posting as a step (domain/publishing.ts): only while the video is or becomes posted. */
    ...publishingEditFields,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), VIDEO_MESSAGES.nothingToUpdate);
export type UpdateVideoBody = z.input<typeof updateVideoBody>;

/**
 * The Add New Video dialog (docs/product.md#screens) as its inputs hold it: the due date and time
 * apart, the target 'self' and the editor 'auto' as picked. Each field is checked by the rule
 * the body uses; the custom type only when the type is Other.
 */
export const addVideoForm = z
  .object({
    name: optionalName,
    targetUserId: z.string(),
    type: z.string(),
    customType: z.string(),
    status: z.string(),
    description: longText,
    dueDate: z.string(),
    dueTime: z.string(),
    assignedEditorId: z.string(),
    link: videoLink,
    priority: videoPrioritySchema,
    /** The source's frame rate; '' leaves it to the agency's (issue 43). */
    frameRate: z.union([frameRateSchema, z.literal('')], { error: TIMECODE_MESSAGES.frameRate }),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'other') {
      const custom = videoType.safeParse(v.customType);
      if (custom.success) requireCustomType({ type: v.type, customType: custom.data }, ctx);
      else
        issueAt(ctx, 'customType', custom.error.issues[0]?.message ?? VIDEO_MESSAGES.typeInvalid);
    }
    if (v.dueDate) {
      const iso = toUtcIso(v.dueDate, v.dueTime);
      const due = iso === null ? null : dateInput.safeParse(iso);
      if (!due?.success) {
        issueAt(ctx, 'dueDate', due?.error.issues[0]?.message ?? VIDEO_MESSAGES.dateInvalid);
      }
    }
  });
export type AddVideoFormValues = z.input<typeof addVideoForm>;

/**
 * The Edit Video Details check (docs/product.md#validation-and-messages 'Video update'): Other needs its custom type,
 * then what the edit sends (only the changed fields, `videoUpdateOf`) must pass the PATCH body.
 * Made per form, since the fields are compared with the values it opened with.
 */
export function editVideoForm(original: EditVideoValues, withNotes: boolean) {
  // The values come from the form's own inputs, typed; the body they make is what is checked.
  return z
    .custom<EditVideoValues>()
    .superRefine((v, ctx) =>
      requireCustomType(
        { type: v.type, customType: v.type === 'other' ? normalizeCustomType(v.customType) : '' },
        ctx,
      ),
    )
    .transform((v) => videoUpdateOf(original, v, withNotes))
    .pipe(updateVideoBody);
}

/**
 * PATCH /api/videos/{id}/status: any status or alias; unknown text is refused, not drafted. The
 * move to posted may say where and when the video was published (domain/publishing.ts).
 */
export const statusBody = z
  .object({
    status: z
      .string({ error: 'Status is required' })
      .trim()
      .min(1, 'Status is required')
      .refine(
        (s) => normalizeStatus(s) !== 'draft' || s.toLowerCase() === 'draft',
        `Status must be one of ${VIDEO_STATUSES.join(', ')}`,
      )
      .transform(normalizeStatus),
    /** Sending a video back from review: what needs to change (required of the client side). */
    note: z
      .string({ error: COMMENT_MESSAGES.tooLong })
      .trim()
      .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong)
      .optional(),
    /**
     * The reverse of the caller's own latest move, within the undo window (domain/workflow.ts,
     * mayUndo): allowed where the transition table alone would refuse it.
     */
    undo: z.boolean({ error: 'undo must be true or false' }).optional(),
    /**
     * A manager deciding for the client on a video waiting for it in review (issue 41): required
     * of a manager's approval there, refused of anyone else (domain/workflow.ts forClientRefusal).
     */
    forClient: z.boolean({ error: 'forClient must be true or false' }).optional(),
    /**
     * The video's editor with the move (Start Work: whom a manager picks; an undo of a Start
     * Work that assigned: null), allowed as PATCH /api/videos/{id}/assigned-editor allows it.
     */
    assignedEditorId: z.uuid({ error: VIDEO_MESSAGES.editorInvalid }).nullable().optional(),
    ...publishingFields,
  })
  .superRefine((v, ctx) => {
    if (v.status === 'posted') return;
    for (const key of ['publishedUrl', 'publishedAt'] as const) {
      if (v[key] !== undefined) issueAt(ctx, key, PUBLISHING_MESSAGES.onlyWhenPosted);
    }
  });

export type StatusBody = z.input<typeof statusBody>;

export const assignedEditorBody = z.object({
  assignedEditorId: z.uuid({ error: VIDEO_MESSAGES.editorInvalid }).nullable(),
});

export type AssignedEditorBody = z.input<typeof assignedEditorBody>;

/** POST /api/videos/bulk-delete and POST /api/admin/videos/bulk-delete. */
export const bulkDeleteBody = z.object({
  ids: z
    .array(z.uuid({ error: 'Each id must be a video id' }), { error: VIDEO_MESSAGES.idsRequired })
    .min(1, VIDEO_MESSAGES.idsRequired)
    .max(1000, 'At most 1000 videos at once'),
  targetUserId: z.string().optional().nullable(),
});
export type BulkDeleteBody = z.input<typeof bulkDeleteBody>;

/** POST /api/videos/bulk-delete: all or nothing, so either every video went... */
export const bulkDeleteAnswer = z.object({ deleted: z.number(), message: z.string() });
export type BulkDeleteAnswer = z.infer<typeof bulkDeleteAnswer>;

/**
 * ...or none did, and the 403 lists every id that blocked it (no access, or billing-locked). A
 * 403 for another reason (a call from another site) is the shared refusal, `message` alone.
 */
export const bulkDeleteRefusal = z
  .object({ message: z.string(), failed: z.array(z.string()).optional() })
  .describe(
    'Nothing was deleted: `failed` lists the videos the caller may not delete; without ' +
      '`failed`, the call itself was refused (from another site)',
  );
export type BulkDeleteRefusal = z.infer<typeof bulkDeleteRefusal>;

/** POST /api/admin/videos/bulk-delete: deletes what it can and lists the rest. */
export const adminBulkDeleteAnswer = z.object({
  deleted: z.number(),
  failed: z.array(z.string()),
  /** Present when paid videos were kept (the billing lock). */
  message: z.string().optional(),
});
export type AdminBulkDeleteAnswer = z.infer<typeof adminBulkDeleteAnswer>;

export const VIDEO_LIST_MESSAGES = {
  roundsOver: 'roundsOver is a whole number of rounds, 0 or more',
  sort: `Unknown sort: use ${VIDEO_LIST_ORDERS.join(' or ')}`,
  cursor: 'Invalid cursor',
} as const;

/**
 * GET /api/videos and GET /api/admin/videos: filters, and with `limit` one page at a time (the
 * next page's `cursor` is the x-next-cursor header of the answer).
 */
export const videoListQuery = z.object({
  refresh: z.string().optional(),
  status: z.enum(VIDEO_STATUSES, { error: 'Unknown status filter' }).optional(),
  clientId: z.uuid({ error: 'Unknown client' }).optional(),
  /** A user's video page (its board): the videos the user owns or is the assigned editor of. */
  person: z
    .uuid({ error: 'Unknown user' })
    .optional()
    .describe('Only the videos this user owns or is the assigned editor of'),
  type: z.string().max(50).optional(),
  priority: videoPrioritySchema.optional(),
  q: z.string().trim().max(200).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  /** The lead's Needs My Review (domain/lead-dashboard.ts needsLead): in review past the last reminder. */
  needsLead: z.enum(['true', 'false']).optional(),
  /** Only videos with more than this many review rounds (issue 41; hasMoreRoundsThan). */
  roundsOver: z.coerce
    .number<number>({ error: VIDEO_LIST_MESSAGES.roundsOver })
    .int({ error: VIDEO_LIST_MESSAGES.roundsOver })
    .min(0, { error: VIDEO_LIST_MESSAGES.roundsOver })
    .max(1_000_000, { error: VIDEO_LIST_MESSAGES.roundsOver })
    .optional()
    .describe('Only videos with more than this many review rounds (0 or more)'),
  /** newest (the default): newest first; rounds: most review rounds first, then newest first. */
  sort: z
    .enum(VIDEO_LIST_ORDERS, { error: VIDEO_LIST_MESSAGES.sort })
    .optional()
    .describe(
      'newest (the default): newest first; rounds: most review rounds first, then newest ' +
        "first. A page's cursor belongs to its order: another order's is a 400",
    ),
  // A number to callers (the document says so); the query string's text is coerced.
  limit: z.coerce.number<number>().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});
export type VideoListQuery = z.input<typeof videoListQuery>;

const personSummary = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: avatarUrlSchema,
});

/** A video as a response carries it; internal notes and payment fields only for those allowed. */
export const videoViewSchema = z.object({
  id: z.string(),
  ordinal: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  link: z.string(),
  description: z.string(),
  internalNotes: z.string().optional(),
  userId: z.string(),
  assignedEditorId: z.string().nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  finishDate: z.string().nullable(),
  duration: z.number().nullable(),
  paymentAmount: moneyAmount.optional(),
  paymentStatus: z.string().optional(),
  lockedPrice: moneyAmount.nullable().optional(),
  paidDate: z.string().nullable().optional(),
  /** Where and when it was published ('YYYY-MM-DD'), kept when it leaves posted; for every reader. */
  publishedUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Paid now, for everyone who reads the video: the billing lock (domain/billing.ts) needs it. */
  paid: z.boolean().optional(),
  /** The delivery link or its lock, as the viewer may see it (domain/delivery.ts deliveryFor). */
  delivery: deliveryViewSchema.optional(),
  /** When the video entered its current status: the card's whose turn, for how long. */
  statusSince: z.string(),
  /** The newest cut's number (domain/versions.ts); 0 while there is none, only the source. */
  currentVersion: z.number().int(),
  /** The source's frame rate (domain/timecode.ts; issue 43). */
  frameRate: frameRateSchema,
  /** How urgent it is (domain/video-priority.ts; issue 45). */
  priority: videoPrioritySchema,
  /** How many review rounds began: the card's "Round N" (domain/versions.ts). */
  rounds: z.number().int(),
  clientIsVip: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: personSummary.extend({ isVip: z.boolean() }),
  assignedEditor: personSummary.extend({ role: z.string() }).nullable(),
  statusHistory: z
    .array(
      z.object({
        fromStatus: z.string().nullable(),
        toStatus: z.string(),
        changedAt: z.string(),
        changedBy: z
          .object({ id: z.string(), username: z.string(), name: z.string().nullable() })
          .nullable(),
        /** A review link's guest who made the change (changedBy null then; issue 19). */
        guestName: z.string().nullable(),
      }),
    )
    .optional(),
});
export type VideoView = z.infer<typeof videoViewSchema>;

export const videoListSchema = z.array(videoViewSchema);

/** GET /api/videos/count: how many videos the caller may read (the header's total). */
export const videoCountSchema = z.object({ count: z.number().int() });
export type VideoCount = z.infer<typeof videoCountSchema>;

/** The answer of a write that lost a race: the video changed between its read and its update. */
export const changedMeanwhileAnswer = messageAnswer.describe(
  'The video changed meanwhile: read it again and retry; or a manager approved a video waiting for the client without forClient: true',
);
