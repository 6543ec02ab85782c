import { COMPLETED_STATUSES, normalizeStatus, type VideoStatus } from './video-status';

/**
 * The status buttons of SPEC.md section 4 and the overdue rule. Statuses arrive as text (a
 * video view carries a string) and are read with normalizeStatus, so aliases behave like the
 * status they stand for and unknown text like draft.
 */
export interface StatusAction {
  label: string;
  to: VideoStatus;
}

/** Workflow actions on cards and tables, in order: the first is the primary button. */
export const WORKFLOW_ACTIONS: Readonly<Record<VideoStatus, readonly StatusAction[]>> = {
  draft: [
    { label: 'Start Work', to: 'in_progress' },
    { label: 'Submit Review', to: 'review' },
  ],
  in_progress: [
    { label: 'Submit Review', to: 'review' },
    { label: 'Back to Draft', to: 'draft' },
  ],
  review: [
    { label: 'Approve', to: 'ready_to_post' },
    { label: 'Request Changes', to: 'in_progress' },
  ],
  ready_to_post: [{ label: 'Mark as Posted', to: 'posted' }],
  posted: [],
};

export function workflowActions(status: string): readonly StatusAction[] {
  return WORKFLOW_ACTIONS[normalizeStatus(status)];
}

/** The card's primary button: the first workflow action, or null for posted. */
export function primaryAction(status: string): StatusAction | null {
  return workflowActions(status)[0] ?? null;
}

/**
 * The management list's one-click button. Its order is not in the spec; it is the primary
 * workflow action, which always moves one step forward (draft -> ... -> posted), so the list
 * and the cards never disagree.
 */
export const nextStatus = primaryAction;

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
 * ready to post or posted). This departs on purpose from SPEC.md section 4's "status is not
 * checked" (docs/rules.md). The server's SQL twin, overdueWhere in
 * server/modules/videos/videos.repository.ts, reads the same COMPLETED_STATUSES.
 */
export function isOverdue(video: { dueDate: DateInput; status: string }, now: Date): boolean {
  const due = toTime(video.dueDate);
  return due !== null && due < now.getTime() && !isCompletedStatus(video.status);
}
