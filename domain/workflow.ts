import { normalizeStatus, type VideoStatus } from './video-status';

/**
 * The status buttons of SPEC.md section 4 and the overdue rules. Statuses arrive as text (a
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

/** Ready to post and posted: the work is done, whatever the dates say. */
export const isCompletedStatus = (status: string): boolean => {
  const s = normalizeStatus(status);
  return s === 'ready_to_post' || s === 'posted';
};

/**
 * The lead dashboard's rule: the due date is earlier than now. Status is not checked, so a
 * posted video past its due date counts (SPEC.md section 4).
 */
export function isOverdueForLead(video: { dueDate: DateInput }, now: Date): boolean {
  const due = toTime(video.dueDate);
  return due !== null && due < now.getTime();
}

/** The card rule: the due date has passed and the video is not ready to post or posted. */
export function isOverdue(video: { dueDate: DateInput; status: string }, now: Date): boolean {
  return isOverdueForLead(video, now) && !isCompletedStatus(video.status);
}
