import { z } from 'zod';
import { dateInRange, DATE_RANGE_MESSAGE } from './dates';
import { localDateText, localTimeText, toUtcIso } from './video-form';
import { normalizeStatus } from './video-status';
import { videoListQuery } from './videos';
import { isOverdue, type DateInput } from './workflow';

/**
 * The calendar of due and posting dates (issue 45 part 2; docs/product.md#calendar): the window
 * GET /api/videos/calendar reads, the days a month and a week show, where each video falls and
 * what moving its due date sends. Days are 'YYYY-MM-DD' in the viewer's time zone.
 */

/** The longest window one call reads: a month's grid is at most six weeks. */
export const CALENDAR_MAX_DAYS = 62;

export const CALENDAR_MESSAGES = {
  window: 'from and to must be a date and time with its offset, e.g. 2026-12-01T00:00:00+01:00',
  order: 'to must be after from',
  tooLong: `A calendar window is at most ${CALENDAR_MAX_DAYS} days`,
  moved: (name: string, day: string) => `“${name}” is now due ${dayLabel(day)}`,
  undone: (name: string, day: string) => `“${name}” is due ${dayLabel(day)} again`,
  moveFailed: 'Could not move the due date',
  undoFailed: 'Could not undo the move',
  undo: 'Undo',
  sameTime: 'At the same time of day',
  noDate: 'Choose a day',
} as const;

const windowEnd = z
  .string({ error: CALENDAR_MESSAGES.window })
  .max(40, CALENDAR_MESSAGES.window)
  .pipe(z.iso.datetime({ offset: true, error: CALENDAR_MESSAGES.window }))
  .refine((text) => !Number.isNaN(Date.parse(text)), CALENDAR_MESSAGES.window)
  .refine((text) => dateInRange(new Date(text)), DATE_RANGE_MESSAGE)
  .describe(
    "An instant with the caller's offset (2026-12-01T00:00:00+01:00); its date as written is " +
      "the caller's day",
  );

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/videos/calendar: the videos due from `from` up to `to`, and those posted on a day from
 * `from`'s date up to `to`'s (the dates as written: the caller's days), with the lists' filters.
 */
export const calendarQuery = videoListQuery
  .pick({ status: true, type: true, clientId: true })
  .extend({ from: windowEnd, to: windowEnd })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    message: CALENDAR_MESSAGES.order,
    path: ['to'],
  })
  // An hour more for a daylight-saving change inside the window.
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * DAY_MS + 3_600_000, {
    message: CALENDAR_MESSAGES.tooLong,
    path: ['to'],
  });
export type CalendarQuery = z.input<typeof calendarQuery>;

/** The window as the SQL reads it (server/modules/videos/videos.repository.ts, listWhere). */
export interface CalendarWindow {
  from: Date;
  to: Date;
  /** The caller's first day and the day after its last: posting dates are days. */
  fromDay: string;
  toDay: string;
}

export const calendarWindowOf = (q: { from: string; to: string }): CalendarWindow => ({
  from: new Date(q.from),
  to: new Date(q.to),
  fromDay: q.from.slice(0, 10),
  toDay: q.to.slice(0, 10),
});

// --- Days in the viewer's time zone ---------------------------------------------------------------

/** A day's local noon: adding days to it never trips over a daylight-saving change. */
function noonOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d, 12);
}

export function addDays(day: string, days: number): string {
  const at = noonOf(day);
  at.setDate(at.getDate() + days);
  return localDateText(at);
}

export const today = (now: Date): string => localDateText(now);

/** The day's local midnight with the local offset, as the calendar call takes it. */
export function localMidnight(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const offset = -new Date(y!, m! - 1, d).getTimezoneOffset();
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}T00:00:00${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The call's window for days `first` to `last` (both shown). */
export const windowOfDays = (first: string, last: string) => ({
  from: localMidnight(first),
  to: localMidnight(addDays(last, 1)),
});

/** Monday of the day's week (weeks start on Monday). */
export function weekStart(day: string): string {
  const weekday = (noonOf(day).getDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The seven days of the day's week, Monday first. */
export const weekDays = (day: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(weekStart(day), i));

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The month's grid: whole weeks, Monday first, from the week of its 1st to that of its last. */
export function monthWeeks(day: string): string[][] {
  const last = addDays(shiftMonth(day, 1), -1);
  const weeks: string[][] = [];
  for (let start = weekStart(monthOf(day)); start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start));
  }
  return weeks;
}

/** The month before or after (`by` months), as its 1st. */
export function shiftMonth(day: string, by: number): string {
  const at = noonOf(monthOf(day));
  at.setMonth(at.getMonth() + by);
  return localDateText(at);
}

const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', options);

/** 'Tue 8 Dec' */
export const dayLabel = (day: string) =>
  fmt({ weekday: 'short', day: 'numeric', month: 'short' }).format(noonOf(day));

/** 'Tuesday 8 December 2026': a day cell's name for screen readers. */
export const dayLongLabel = (day: string) =>
  fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(noonOf(day));

/** 'December 2026' */
export const monthLabel = (day: string) =>
  fmt({ month: 'long', year: 'numeric' }).format(noonOf(day));

/** '7 – 13 Dec 2026' */
export function weekLabel(day: string): string {
  const [first, last] = [weekStart(day), addDays(weekStart(day), 6)];
  const end = fmt({ day: 'numeric', month: 'short', year: 'numeric' }).format(noonOf(last));
  const sameMonth = first.slice(0, 7) === last.slice(0, 7);
  const start = fmt(sameMonth ? { day: 'numeric' } : { day: 'numeric', month: 'short' }).format(
    noonOf(first),
  );
  return `${start} – ${end}`;
}

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

// --- Where each video falls ---------------------------------------------------------------------

export type CalendarEntryKind = 'due' | 'posted';

export interface CalendarVideo {
  id: string;
  status: string;
  dueDate: DateInput;
  publishedAt: string | null;
}

export interface CalendarEntry<V extends CalendarVideo> {
  video: V;
  kind: CalendarEntryKind;
  /** The overdue rule (isOverdue, domain/workflow.ts): a due entry past due and not completed. */
  overdue: boolean;
}

export const ENTRY_LABELS: Record<CalendarEntryKind | 'overdue', string> = {
  due: 'Due',
  posted: 'Posted',
  overdue: 'Overdue',
};

/**
 * Each day's entries: a video on the local day of its due date, and a posted video on the day
 * it was posted too (publishedAt, a day already). Days without entries are absent.
 */
export function calendarEntries<V extends CalendarVideo>(
  videos: readonly V[],
  now: Date,
): Map<string, CalendarEntry<V>[]> {
  const days = new Map<string, CalendarEntry<V>[]>();
  const add = (day: string, entry: CalendarEntry<V>) => {
    const list = days.get(day);
    if (list) list.push(entry);
    else days.set(day, [entry]);
  };
  for (const video of videos) {
    if (video.dueDate) {
      const due = new Date(video.dueDate);
      if (!Number.isNaN(due.getTime())) {
        add(localDateText(due), { video, kind: 'due', overdue: isOverdue(video, now) });
      }
    }
    if (video.publishedAt && normalizeStatus(video.status) === 'posted') {
      add(video.publishedAt, { video, kind: 'posted', overdue: false });
    }
  }
  return days;
}

/** The due date moved to `day`, at the same local time of day (14:00 when it had none). */
export function movedDueDate(due: DateInput, day: string): string | null {
  const at = due ? new Date(due) : null;
  return toUtcIso(day, at && !Number.isNaN(at.getTime()) ? localTimeText(at) : '');
}
