import { z } from 'zod';
import type { Actor } from './roles';
import { DEFAULT_FRAME_RATE, frameRateSchema, type FrameRate } from './timecode';
import { normalizeStatus } from './video-status';
import { videoLink } from './videos';
import { workflowSide } from './workflow';

/**
 * Versions (the agency's cuts) and review rounds of a video (issue 41; docs/product.md and
 * docs/rules.md#versions-and-review-rounds): the contract shared by server and web. A video's own
 * link is the client's source; the agency adds v1, v2, …; the newest is its current version
 * (`currentVersion` of the video, 0 while there is only the source). A round runs from a version
 * (or the source) entering review to its decision.
 */

export const VERSION_NOTE_MAX_LENGTH = 2000;
/** How many notes one new version may carry over or close. */
export const VERSION_NOTES_MAX = 500;

export const VERSION_MESSAGES = {
  agencyOnly: 'Only the agency adds versions of a video',
  noteTooLong: `The note is too long (at most ${VERSION_NOTE_MAX_LENGTH} characters)`,
  noteIds: 'Each note to carry over or close must be a comment id',
  tooManyNotes: `At most ${VERSION_NOTES_MAX} notes can be carried over or closed at once`,
  carryAndClose: 'A note is carried over or closed, not both',
  notOpenNote:
    'Only open notes of the previous version can be carried over or closed: reload the notes and try again',
  added: (number: number) => `Version ${versionLabel(number)} added`,
} as const;

/** How every screen names a version: 'v2'; null (or 0) is the client's source. */
export const versionLabel = (number: number | null): string => (number ? `v${number}` : 'Source');

/**
 * Who may add a version (docs/rules.md#who-may-do-what): the agency side of a video it may read
 * (its assigned editor, the editors of its client) and managers; never the client side.
 */
export const canAddVersion = (viewer: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  workflowSide(viewer) !== 'client';

const noteIds = z
  .array(z.uuid({ error: VERSION_MESSAGES.noteIds }), { error: VERSION_MESSAGES.noteIds })
  .max(VERSION_NOTES_MAX, VERSION_MESSAGES.tooManyNotes);

/**
 * POST /api/videos/{id}/versions: the cut's link (any link a video may have), an optional "what
 * changed", and the previous version's open notes to carry over to the new one or to close.
 */
export const addVersionBody = z
  .object({
    link: videoLink,
    note: z
      .string({ error: VERSION_MESSAGES.noteTooLong })
      .trim()
      .max(VERSION_NOTE_MAX_LENGTH, VERSION_MESSAGES.noteTooLong)
      .optional(),
    carry: noteIds.optional(),
    close: noteIds.optional(),
    /** Its frame rate (domain/timecode.ts); by default the agency's (issue 43). */
    frameRate: frameRateSchema.optional(),
  })
  .refine((v) => !(v.carry ?? []).some((id) => (v.close ?? []).includes(id)), {
    message: VERSION_MESSAGES.carryAndClose,
    path: ['close'],
  });
export type AddVersionBody = z.input<typeof addVersionBody>;

/** Someone an answer names by id and display name. */
export const namedPerson = z.object({ id: z.string(), name: z.string() });

export const versionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  link: z.string(),
  /** What changed, '' when not said. */
  note: z.string(),
  /** Null once the person who added it was deleted. */
  addedBy: namedPerson.nullable(),
  createdAt: z.string(),
  /** Its comments not marked done. */
  openNotes: z.number().int(),
  /** Its frame rate, which its notes' frames and timecodes count in (issue 43). */
  frameRate: frameRateSchema,
});
export type VersionView = z.infer<typeof versionSchema>;

/** GET /api/videos/{id}/versions: the source, and the versions newest first. */
export const versionListSchema = z.object({
  source: z.object({ link: z.string(), openNotes: z.number().int(), frameRate: frameRateSchema }),
  versions: z.array(versionSchema),
});
export type VersionList = z.infer<typeof versionListSchema>;

export const ROUND_DECISIONS = ['approved', 'changes_requested', 'withdrawn'] as const;
export type RoundDecision = (typeof ROUND_DECISIONS)[number];

export const roundSchema = z.object({
  number: z.number().int(),
  /** The version sent; null: the source. */
  version: z.number().int().nullable(),
  sentBy: namedPerson.nullable(),
  sentAt: z.string(),
  /** Null while the round is open. */
  decision: z.enum(ROUND_DECISIONS).nullable(),
  decidedBy: namedPerson.nullable(),
  /** The name a review link's guest gave, when a guest decided. */
  decidedByGuest: z.string().nullable(),
  /** A manager decided in the client's place. */
  decidedForClient: z.boolean(),
  decidedAt: z.string().nullable(),
  /** What needs to change, with a request for changes. */
  note: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundSchema>;

/** GET /api/videos/{id}/rounds: oldest first. */
export const roundListSchema = z.array(roundSchema);

/**
 * What a status move does to the video's rounds (docs/rules.md#versions-and-review-rounds):
 * entering review opens the next round on the current version; leaving it closes the open one
 * (decided by where it goes, roundDecision). An undo takes its move's round change back: the
 * undo of a send removes the round it opened, the undo of a decision opens its round again.
 */
export type RoundChange = 'open' | 'close' | 'unsend' | 'reopen';

export function roundChange(from: string | null, to: string, undo = false): RoundChange | null {
  const before = from === null ? null : normalizeStatus(from);
  const after = normalizeStatus(to);
  if (before === after) return null;
  if (after === 'review') return undo ? 'reopen' : 'open';
  if (before === 'review') return undo ? 'unsend' : 'close';
  return null;
}

/** How a round ends when the video leaves review for `to`. */
export function roundDecision(to: string): RoundDecision {
  switch (normalizeStatus(to)) {
    case 'ready_to_post':
      return 'approved';
    case 'in_progress':
      return 'changes_requested';
    default:
      return 'withdrawn';
  }
}

/**
 * The frame rate of a version in a video's list (null: the source; undefined: the current one,
 * where a new note goes), the default while the list is not known (issue 43).
 */
export function frameRateIn(
  list: VersionList | undefined,
  version: number | null | undefined,
): FrameRate {
  if (!list) return DEFAULT_FRAME_RATE;
  const number = version === undefined ? (list.versions[0]?.number ?? null) : version;
  if (number === null) return list.source.frameRate;
  return list.versions.find((v) => v.number === number)?.frameRate ?? list.source.frameRate;
}
