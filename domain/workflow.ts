import { isManager, normalizeRole, type Actor } from './roles';
import {
  COMPLETED_STATUSES,
  normalizeStatus,
  STATUS_LABELS,
  VIDEO_STATUSES,
  type VideoStatus,
} from './video-status';

/**
 * The workflow as a contract (docs/rules.md#rules-the-product-leaves-open): one table of who may move a video from which
 * status to which. The server enforces it on every path that sets a status; the web app reads it
 * to show each viewer only the actions they may take. Statuses arrive as text (a video view
 * carries a string) and are read with normalizeStatus, so aliases behave like the status they
 * stand for and unknown text like draft.
 */

/**
 * Who is acting on a video. `agency`: the assigned editor and editors of the owner's team;
 * `client`: the owner and the owner's team leads; `manager`: lead editors, the king and admins,
 * who may also pick any status in the edit dialog.
 */
export type WorkflowSide = 'agency' | 'client' | 'manager';

/**
 * The side of a viewer who may read the video. Reading is checked first (canReadVideo): among
 * readers the role decides, since a client reads only its own or led clients' videos and an
 * editor only those of its team or assigned to it.
 */
export function workflowSide(viewer: Pick<Actor, 'role' | 'isAdmin'>): WorkflowSide {
  if (isManager(viewer)) return 'manager';
  const role = normalizeRole(viewer.role);
  return role === 'client' || role === 'client_team_lead' ? 'client' : 'agency';
}

export interface StatusAction {
  label: string;
  to: VideoStatus;
  /** The client side must say what needs to change; the note becomes a comment. */
  noteRequired?: boolean;
  /** The move takes an optional (agency) or required (client) note that becomes a comment. */
  takesNote?: boolean;
}

interface Transition {
  from: VideoStatus;
  to: VideoStatus;
  /**
   * The agency side's (and managers') button, when the agency may make the move. None for the
   * client's approval of a video in review: the agency never approves in the client's place
   * (issue 41); a manager may decide for the client only from the dialog, saying so
   * (clientDecisions, `forClient`).
   */
  agency?: string;
  /** The client side's button, when the client side may make the move. */
  client?: string;
  takesNote?: boolean;
}

/**
 * The table, in each status's button order: the first move of a status is the card's primary
 * button, the others go in its menu (docs/product.md#statuses-and-the-workflow's card actions, both ways).
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'draft', to: 'in_progress', agency: 'Start Work' },
  { from: 'draft', to: 'review', agency: 'Submit Review' },
  { from: 'in_progress', to: 'review', agency: 'Submit Review' },
  { from: 'in_progress', to: 'draft', agency: 'Back to Draft' },
  { from: 'review', to: 'ready_to_post', client: 'Approve' },
  {
    from: 'review',
    to: 'in_progress',
    agency: 'Send Back',
    client: 'Request Changes',
    takesNote: true,
  },
  { from: 'ready_to_post', to: 'posted', agency: 'Mark as Posted' },
  { from: 'posted', to: 'ready_to_post', agency: 'Back to Ready to Post' },
];

/** The card and table actions a side has on a video in `status`, primary first. */
export function allowedActions(side: WorkflowSide, status: string): StatusAction[] {
  const from = normalizeStatus(status);
  const actions: StatusAction[] = [];
  for (const t of TRANSITIONS) {
    if (t.from !== from) continue;
    const label = side === 'client' ? t.client : t.agency;
    if (label === undefined) continue;
    actions.push({
      label,
      to: t.to,
      ...(t.takesNote && { takesNote: true }),
      ...(t.takesNote && side === 'client' && { noteRequired: true }),
    });
  }
  return actions;
}

/** The table's move from `status` to `to` for a side (its label and note), if it has one. */
export function findMove(side: WorkflowSide, status: string, to: string): StatusAction | undefined {
  return allowedActions(side, status).find((a) => a.to === to);
}

/**
 * Whether moving a video from `from` to `to` is the client's approval: a video in review leaving
 * it done (ready to post, or straight to posted). Only the client side makes it, or a manager who
 * says it decides for the client (`forClient`).
 */
export const isClientApproval = (from: string, to: string): boolean =>
  normalizeStatus(from) === 'review' && isCompletedStatus(to);

/** A manager's decision for the client, from the detail dialog with its confirmation. */
export interface ClientDecision extends StatusAction {
  forClient: true;
}

/**
 * The decisions a manager may make for the client on a video waiting for it in review (issue
 * 41): only in the detail dialog, with a confirmation that says so, recorded as the manager's
 * decision for the client. Nobody else has any.
 */
export function clientDecisions(side: WorkflowSide, status: string): ClientDecision[] {
  if (side !== 'manager' || normalizeStatus(status) !== 'review') return [];
  return [
    { label: 'Approve for the client', to: 'ready_to_post', forClient: true },
    {
      label: 'Request changes for the client',
      to: 'in_progress',
      takesNote: true,
      noteRequired: true,
      forClient: true,
    },
  ];
}

/**
 * Why a move's `forClient` does not fit it (issue 41), with the answer's status; null when it
 * fits. A manager's approval of a video waiting for the client needs it; only managers may send
 * it, and only with a decision on a video in review.
 */
export function forClientRefusal(
  side: WorkflowSide,
  fromText: string,
  to: VideoStatus,
  forClient: boolean | undefined,
): { status: 400 | 403 | 409; message: string } | null {
  const from = normalizeStatus(fromText);
  if (forClient) {
    if (side !== 'manager')
      return { status: 403, message: WORKFLOW_MESSAGES.forClientOnlyManagers };
    if (from !== 'review' || !(to === 'in_progress' || isCompletedStatus(to)))
      return { status: 400, message: WORKFLOW_MESSAGES.forClientOnlyDecisions };
    return null;
  }
  if (side === 'manager' && isClientApproval(from, to))
    return { status: 409, message: WORKFLOW_MESSAGES.forClientRequired };
  return null;
}

/** The statuses the edit dialog offers: the current one and the moves the side may make. */
export function selectableStatuses(side: WorkflowSide, status: string): VideoStatus[] {
  const from = normalizeStatus(status);
  // A manager's free choice, but the client's approval, which goes through clientDecisions.
  if (side === 'manager') return VIDEO_STATUSES.filter((s) => !isClientApproval(from, s));
  const targets = new Set<VideoStatus>([from, ...allowedActions(side, from).map((a) => a.to)]);
  return VIDEO_STATUSES.filter((s) => targets.has(s));
}

/** The statuses a side's new video may start in: the client side's start as draft. */
export function initialStatuses(side: WorkflowSide): readonly VideoStatus[] {
  if (side === 'manager') return VIDEO_STATUSES;
  if (side === 'client') return ['draft'];
  return ['draft', 'in_progress', 'review'];
}

const label = (s: VideoStatus) => STATUS_LABELS[s];
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

export const WORKFLOW_MESSAGES = {
  noteRequired: 'Please say what needs to change',
  noteOnlyWhenSendingBack: 'A note goes with Send Back or Request Changes only',
  changedMeanwhile: 'Someone else changed this video meanwhile: reload it and try again',
  /** The agency side's refusal of an approval: the client decides a video in review. */
  clientApproves:
    'The client approves a video in review: you can send it back (In Progress) while it waits',
  forClientRequired:
    'This video is waiting for the client’s decision: approve it for the client from its dialog (“Approve for the client”, sent with forClient: true)',
  forClientOnlyManagers: 'Only a lead editor, the king or an admin may decide for the client',
  forClientOnlyDecisions:
    'forClient goes only with a decision for the client on a video in review: Approve (Ready to Post) or Request Changes (In Progress)',
  approveForClient: (client: string) =>
    `Approve for the client? This is recorded as your decision for ${client}.`,
  requestChangesForClient: (client: string) =>
    `Request changes for the client? This is recorded as your decision for ${client}.`,
} as const;

/**
 * Why the side may not move a video from `from` to `to`, in words that say what it may do; null
 * when the move is allowed. Staying in the same status is no move and always allowed.
 */
export function moveRefusal(side: WorkflowSide, fromText: string, to: VideoStatus): string | null {
  const from = normalizeStatus(fromText);
  if (from === to || side === 'manager') return null;
  const actions = allowedActions(side, from);
  if (actions.some((a) => a.to === to)) return null;
  if (side === 'client') {
    return from === 'review'
      ? `A video in review can be approved (${label('ready_to_post')}) or sent back with changes requested (${label('in_progress')}), not moved to ${label(to)}`
      : `The agency moves this video while it is ${label(from)}: you can approve it or request changes once it is ${label('review')}`;
  }
  if (isClientApproval(from, to)) return WORKFLOW_MESSAGES.clientApproves;
  if (!actions.length) return `A video that is ${label(from)} cannot be moved`;
  const choices = actions.map((a) => `${a.label} (${label(a.to)})`);
  return `A video that is ${label(from)} can move to ${list(actions.map((a) => label(a.to)))} only: ${list(choices)}`;
}

/**
 * How long a move may be undone by whoever made it (the server's rule): longer than the toast's
 * Undo button is shown (UNDO_TOAST_MS), so a click at the toast's last moment still lands.
 */
export const UNDO_WINDOW_MS = 60_000;
/** How long the move's confirmation offers its Undo in the web app. */
export const UNDO_TOAST_MS = 9_000;

/** A status history entry as far as the undo rule reads it. */
export interface HistoryMove {
  fromStatus: string | null;
  toStatus: string;
  changedAt: string | Date;
  changedBy: { id: string } | null;
}

/**
 * Whether `actorId` may move a video now in `current` to `to` as the undo of its own move: the
 * video's latest history entry is that actor's move from exactly `to` to `current`, made less
 * than UNDO_WINDOW_MS ago. The transition table is not asked: a client may take back its
 * Approve (ready_to_post -> review) though it may not make that move otherwise. A paid video
 * stays completed (its billing lock): an undo that would take it out of completed is refused.
 */
export function mayUndo(
  latest: HistoryMove | undefined,
  move: { actorId: string; current: string; to: VideoStatus; paid: boolean },
  now: Date,
): boolean {
  if (!latest || latest.changedBy?.id !== move.actorId) return false;
  if (latest.fromStatus === null || normalizeStatus(latest.fromStatus) !== move.to) return false;
  if (normalizeStatus(latest.toStatus) !== normalizeStatus(move.current)) return false;
  if (move.paid && isCompletedStatus(move.current) && !isCompletedStatus(move.to)) return false;
  const at = toTime(latest.changedAt);
  return at !== null && now.getTime() - at < UNDO_WINDOW_MS;
}

/** The confirmation of a move, with its Undo (web/hooks/use-status-change.ts). */
export const MOVE_MESSAGES = {
  moved: (name: string, to: string) => `“${name}” moved to ${label(normalizeStatus(to))}`,
  undone: (name: string, to: string) => `“${name}” is back in ${label(normalizeStatus(to))}`,
  from: (status: string) => `From ${label(normalizeStatus(status))}`,
  undo: 'Undo',
  undoFailed: 'Could not undo',
} as const;

/**
 * Starting work on an unassigned video makes someone its editor (docs/rules.md#rules-the-product-leaves-open): a manager
 * is asked whom (the web's picker, defaulting to themselves when they may be an editor); an
 * editor becomes it.
 */
export const startsWorkUnassigned = (video: { status: string }, assigned: boolean, to: string) =>
  normalizeStatus(video.status) === 'draft' && to === 'in_progress' && !assigned;

/** Why the side may not create a video in `status`; null when it may. */
export function creationRefusal(side: WorkflowSide, status: VideoStatus): string | null {
  const allowed = initialStatuses(side);
  if (allowed.includes(status)) return null;
  return side === 'client'
    ? 'Your new videos start as Draft: the agency moves them from there'
    : `New videos start as ${list(allowed.map(label))}: a lead editor can set any status`;
}

/** The card's primary button for a side: the first allowed action, or null. */
export function primaryAction(side: WorkflowSide, status: string): StatusAction | null {
  return allowedActions(side, status)[0] ?? null;
}

/**
 * The management list's one-click button: the agency's primary action, which always moves one
 * step forward (draft -> ... -> posted), so the list and the cards never disagree.
 */
export function nextStatus(side: WorkflowSide, status: string): StatusAction | null {
  const action = primaryAction(side, status);
  return action &&
    VIDEO_STATUSES.indexOf(action.to) > VIDEO_STATUSES.indexOf(normalizeStatus(status))
    ? action
    : null;
}

const MARK_READY: StatusAction = { label: 'Mark Ready', to: 'ready_to_post' };
const MARK_POSTED: StatusAction = { label: 'Mark as Posted', to: 'posted' };

/** The simpler set of the landing/session item list (green buttons). */
export function simpleActions(status: string): readonly StatusAction[] {
  switch (normalizeStatus(status)) {
    case 'ready_to_post':
      return [MARK_POSTED];
    case 'posted':
      return [];
    default:
      return [MARK_READY];
  }
}

/** The confirm dialog's toggle: posted <-> ready_to_post; other statuses have none. */
export function postedToggleTarget(status: string): 'posted' | 'ready_to_post' | null {
  switch (normalizeStatus(status)) {
    case 'posted':
      return 'ready_to_post';
    case 'ready_to_post':
      return 'posted';
    default:
      return null;
  }
}

export type DateInput = string | number | Date | null | undefined;

/** A time in ms, or null for a missing or unreadable date. */
export function toTime(value: DateInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Ready to post and posted (COMPLETED_STATUSES): the work is done, whatever the dates say. */
export const isCompletedStatus = (status: string): boolean =>
  (COMPLETED_STATUSES as readonly string[]).includes(normalizeStatus(status));

/**
 * THE overdue rule, for the lead dashboard's tile and tab, the cards' mark, every count and the
 * overdue notices: the due date has passed and the video is still in the agency's hands (not
 * ready to post or posted). This departs on purpose from docs/product.md#statuses-and-the-workflow's "status is not
 * checked" (docs/rules.md). The server's SQL twin, overdueWhere in
 * server/modules/videos/videos.repository.ts, reads the same COMPLETED_STATUSES.
 */
export function isOverdue(video: { dueDate: DateInput; status: string }, now: Date): boolean {
  const due = toTime(video.dueDate);
  return due !== null && due < now.getTime() && !isCompletedStatus(video.status);
}
