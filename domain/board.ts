import { STATUS_LABELS, normalizeStatus, type VideoStatus } from './video-status';
import { forClientRefusal, isClientApproval, moveRefusal, type WorkflowSide } from './workflow';

/**
 * The board (docs/product.md#the-board): a video list drawn as one column per status, whose cards
 * are dragged between columns. Which drops a viewer may make is the workflow table's word
 * (domain/workflow.ts); this file says it in the board's terms and words.
 */

/** Cards per page of a column: a column reads the list call with its status and its cursor. */
export const BOARD_PAGE_SIZE = 100;

const label = (s: string) => STATUS_LABELS[normalizeStatus(s)];

export const BOARD_MESSAGES = {
  /** Read by screen readers on a card's Move handle (aria-describedby). */
  instructions:
    'To move this video, press Space or Enter, choose a column with the Left and Right arrow keys, then press Space or Enter to drop it there, or Escape to cancel.',
  /** A manager's approval for the client goes through the video's dialog, saying so (issue 41). */
  managerApproval:
    'This video is waiting for the client’s decision: open it and choose “Approve for the client”',
  noAccess: 'You cannot move this video',
  handle: (name: string) => `Move “${name}”`,
  pickedUp: (name: string, from: string) =>
    `Picked up “${name}” from ${label(from)}. Choose a column with the Left and Right arrow keys.`,
  overSame: (name: string, from: string) => `“${name}” is over ${label(from)}, where it is now.`,
  overAllowed: (name: string, to: string) =>
    `“${name}” is over ${label(to)}: drop it to move it there.`,
  overForbidden: (name: string, to: string, why: string) =>
    `“${name}” cannot move to ${label(to)}: ${why}`,
  dropped: (name: string, to: string) => `“${name}” dropped on ${label(to)}.`,
  stays: (name: string, from: string) => `“${name}” stays in ${label(from)}.`,
  refused: (name: string, from: string, why: string) => `“${name}” stays in ${label(from)}: ${why}`,
  cancelled: (name: string, from: string) => `Move cancelled: “${name}” stays in ${label(from)}.`,
  /** A column's title with what it holds: '12' or, while pages remain, '100+'. */
  count: (loaded: number, more: boolean) => `${loaded}${more ? '+' : ''}`,
  empty: 'No videos',
} as const;

/**
 * Why the viewer may not drop a video now in `from` on the column `to`, in the rule's own words;
 * null when the drop is a move the viewer may make (or no move: its own column). The moves are
 * the table's (moveRefusal); a manager's free choice stops at the client's approval, which is
 * made in the video's dialog (forClientRefusal). `mayAct`: the viewer may change this video at
 * all (canEditVideo), as the card's buttons are shown.
 */
export function boardDropRefusal(
  side: WorkflowSide,
  from: string,
  to: VideoStatus,
  mayAct = true,
): string | null {
  if (normalizeStatus(from) === to) return null;
  if (!mayAct) return BOARD_MESSAGES.noAccess;
  const refusal = moveRefusal(side, from, to);
  if (refusal) return refusal;
  if (side === 'manager' && isClientApproval(from, to)) return BOARD_MESSAGES.managerApproval;
  return forClientRefusal(side, from, to, undefined)?.message ?? null;
}
