import { isCompletedStatus, isOverdue, toTime, type DateInput } from './workflow';

/** The day counter of docs/product.md#statuses-and-the-workflow and #constants-and-limits. */
export const DAY_MS = 86_400_000;
/** With a due date: the counter turns yellow once this share of start -> due has elapsed. */
export const DUE_WARNING_RATIO = 0.7;
/** Without a due date: the counter shows 'delayed' once this many whole days have elapsed. */
export const NO_DUE_DATE_DELAYED_DAYS = 2;

export type DayCounterState = 'overdue' | 'warning' | 'normal' | 'delayed' | 'info';

export interface DayCounter {
  /** 'Day N'. */
  label: string;
  /** N: whole days elapsed since the start date, plus 1. */
  day: number;
  state: DayCounterState;
  /** A Mantine colour name. */
  color: 'red' | 'yellow' | 'green' | 'orange' | 'blue';
  icon: 'warning' | 'clock' | null;
  /** Completed (ready to post or posted) with a finishDate: N and the colour are as of then. */
  stopped: boolean;
}

const LOOK: Record<DayCounterState, Pick<DayCounter, 'color' | 'icon'>> = {
  overdue: { color: 'red', icon: 'warning' },
  warning: { color: 'yellow', icon: null },
  // The spec says only 'normal'; green reads as on track beside yellow and red.
  normal: { color: 'green', icon: null },
  delayed: { color: 'orange', icon: 'clock' },
  info: { color: 'blue', icon: null },
};

function state(start: number, due: number | null, status: string, now: number): DayCounterState {
  if (due === null) {
    return Math.floor((now - start) / DAY_MS) >= NO_DUE_DATE_DELAYED_DAYS ? 'delayed' : 'info';
  }
  if (isOverdue({ dueDate: due, status }, new Date(now))) return 'overdue';
  const span = due - start;
  // A due date at or before the start has no span to measure: it warns once it is reached.
  const elapsed = span > 0 ? (now - start) / span : now >= due ? 1 : 0;
  return elapsed >= DUE_WARNING_RATIO ? 'warning' : 'normal';
}

/**
 * The counter for a video, or null when it has no (readable) start date. A start date in the
 * future counts as Day 1. An unreadable due date counts as none. The counter stops at
 * completion: a ready or posted video with a finishDate (docs/rules.md#rules-the-product-leaves-open: set when it first became
 * complete, cleared when it goes back) is counted, and coloured, as of that moment. Literally
 * per the spec, a ready or posted video past its due date is not overdue but still past 70%:
 * yellow.
 */
export function dayCounter(
  video: { startDate: DateInput; dueDate: DateInput; status: string; finishDate?: DateInput },
  now: Date,
): DayCounter | null {
  const start = toTime(video.startDate);
  if (start === null) return null;
  const finish = isCompletedStatus(video.status) ? toTime(video.finishDate) : null;
  const at = finish ?? now.getTime();
  const day = Math.max(0, Math.floor((at - start) / DAY_MS)) + 1;
  const s = state(start, toTime(video.dueDate), video.status, at);
  return { label: `Day ${day}`, day, state: s, ...LOOK[s], stopped: finish !== null };
}
