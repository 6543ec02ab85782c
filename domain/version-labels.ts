import { isManager, type Actor } from './roles';
import { workflowSide } from './workflow';

/**
 * How versions (cuts), open notes and review rounds read on screen (issue 41): the one home of
 * their labels and messages, for the detail dialog, the cards and the guest page. A version is
 * its number (1, 2, ...) or null for the client's source (videos.link).
 */

/** 'v2', or 'Source' for the client's own link. */
export const versionLabel = (version: number | null): string =>
  version === null ? 'Source' : `v${version}`;

/** The `version` query parameter of the comments and markers routes: 'source' or the number. */
export const versionParam = (version: number | null): string =>
  version === null ? 'source' : String(version);

export const VERSION_MESSAGES = {
  openNotes: (n: number) => (n === 1 ? '1 open note' : `${n} open notes`),
  /** A note carried over from an earlier cut (0 or null: from the source). */
  carriedFrom: (version: number | null) => `from ${versionLabel(version || null)}`,
  added: (version: number) => `${versionLabel(version)} added`,
  addFailed: 'Could not add the version',
  done: 'Note marked done',
  reopened: 'Note open again',
  doneFailed: 'Could not change the note',
  undo: 'Undo',
  round: (n: number) => `Round ${n}`,
  decidedForClient: 'decided for the client',
  noRounds: 'No review rounds yet',
} as const;

/** What becomes of one of the previous version's open notes when a version is added. */
export type CarryChoice = 'carry' | 'close' | 'leave';

export const CARRY_LABELS: Record<CarryChoice, string> = {
  carry: 'Carry over',
  close: 'Close',
  leave: 'Leave',
};

/** The body's `carry` and `close` lists from a choice per note (a note with none is left). */
export function carryLists(choices: Readonly<Record<string, CarryChoice>>): {
  carry: string[];
  close: string[];
} {
  const ids = (choice: CarryChoice) =>
    Object.entries(choices)
      .filter(([, c]) => c === choice)
      .map(([id]) => id);
  return { carry: ids('carry'), close: ids('close') };
}

/**
 * Who may add a version (docs/rules.md#who-may-do-what): the agency side (the assigned editor,
 * editors of the owner's team) and managers, among the video's readers; never the client side.
 */
export const mayAddVersion = (viewer: Pick<Actor, 'role' | 'isAdmin'>): boolean =>
  workflowSide(viewer) !== 'client';

/**
 * Who may mark a note done or open it again: the agency side and managers among the video's
 * readers, and the note's own author (a client may tick off its own notes, never others').
 */
export const mayMarkDone = (
  viewer: Pick<Actor, 'id' | 'role' | 'isAdmin'>,
  comment: { userId: string | null },
): boolean => isManager(viewer) || mayAddVersion(viewer) || comment.userId === viewer.id;

/** A round's decision as the history says it. */
export const DECISION_LABELS = {
  approved: 'Approved',
  changes_requested: 'Changes requested',
  withdrawn: 'Withdrawn',
} as const;
