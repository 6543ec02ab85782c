import { versionLabel } from './versions';

/**
 * How versions (cuts), open notes and review rounds read on screen (issue 41), beside the API's
 * contract and messages in domain/versions.ts: for the detail dialog, the cards and the guest
 * page. A version is its number (1, 2, ...) or null for the client's source (videos.link).
 */

/** The `version` query parameter of the comments and markers routes: 'source' or the number. */
export const versionParam = (version: number | null): string =>
  version === null ? 'source' : String(version);

export const VERSION_TEXTS = {
  openNotes: (n: number) => (n === 1 ? '1 open note' : `${n} open notes`),
  /** In the open notes' place while the versions are read (the row keeps its room). */
  countingNotes: 'counting open notes…',
  /** A note carried over from an earlier cut (0 or null: from the source). */
  carriedFrom: (version: number | null) => `from ${versionLabel(version)}`,
  addFailed: 'Could not add the version',
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

/** A round's decision as the history says it. */
export const DECISION_LABELS = {
  approved: 'Approved',
  changes_requested: 'Changes requested',
  withdrawn: 'Withdrawn',
} as const;
