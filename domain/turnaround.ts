import { z } from 'zod';
import { DAY_MS } from './day-counter';
import { DATE_RANGE_MESSAGE, yearInRange } from './dates';
import { normalizeStatus, VIDEO_STATUSES, type VideoStatus } from './video-status';
import { isCompletedStatus, toTime, type DateInput } from './workflow';

/**
 * Whose turn it is (issue 18, part 4): the rule, and the turnaround figures computed from a
 * video's status history (video_status_history, one row per status it entered, the first at its
 * creation). The server computes the lead dashboard's figures with these functions; the card
 * says whose turn it is with turnLine.
 */

/** The side a video waits on: the agency works on it, the client reviews it, or nobody. */
export type Turn = 'agency' | 'client';

/**
 * The rule: the agency's turn in draft, in progress and ready to post (it must make, fix or post
 * the video), the client's in review; posted is nobody's.
 */
export const TURN_BY_STATUS: Record<VideoStatus, Turn | null> = {
  draft: 'agency',
  in_progress: 'agency',
  review: 'client',
  ready_to_post: 'agency',
  posted: null,
};

/** Whose turn a video in `status` is (any status text, read as normalizeStatus reads it). */
export const whoseTurn = (status: string): Turn | null => TURN_BY_STATUS[normalizeStatus(status)];

/** One row of a video's status history: the status it entered and when. */
export interface HistoryStep {
  toStatus: string;
  changedAt: DateInput;
}

/** One stay in a status: from entering it until the next change (or now, while `open`). */
export interface StatusStay {
  status: VideoStatus;
  turn: Turn | null;
  start: number;
  end: number;
  ms: number;
  open: boolean;
}

/** The steps with readable times, oldest first (a stable sort: equal times keep their order). */
function ordered(history: readonly HistoryStep[]) {
  return history
    .map((s, i) => ({ status: normalizeStatus(s.toStatus), at: toTime(s.changedAt), i }))
    .filter((s): s is { status: VideoStatus; at: number; i: number } => s.at !== null)
    .sort((a, b) => a.at - b.at || a.i - b.i);
}

/**
 * Each stay of a video in a status, in order: a video that went back and forth has one stay per
 * visit. The last stay is open and counted up to `now` (never below zero).
 */
export function statusStays(history: readonly HistoryStep[], now: Date): StatusStay[] {
  const steps = ordered(history);
  return steps.map((s, i) => {
    const next = steps[i + 1];
    const end = next ? next.at : Math.max(s.at, now.getTime());
    return {
      status: s.status,
      turn: TURN_BY_STATUS[s.status],
      start: s.at,
      end,
      ms: end - s.at,
      open: !next,
    };
  });
}

/** The time a video spent in each status (every stay summed), and on each side. */
export function timeInStatus(history: readonly HistoryStep[], now: Date) {
  const byStatus = Object.fromEntries(VIDEO_STATUSES.map((s) => [s, 0])) as Record<
    VideoStatus,
    number
  >;
  const byTurn: Record<Turn, number> = { agency: 0, client: 0 };
  for (const stay of statusStays(history, now)) {
    byStatus[stay.status] += stay.ms;
    if (stay.turn) byTurn[stay.turn] += stay.ms;
  }
  return { byStatus, byTurn };
}

/** One finished cycle of a video: from its start to the first time it was ready. */
export interface VideoTurnaround {
  /** When the video first left draft (its creation, when it was created past draft). */
  startedAt: number;
  /** When it first became ready to post (or posted) after that. */
  readyAt: number;
  /** readyAt - startedAt. */
  turnaroundMs: number;
  /** The time in review (the client's turn) between the two, every stay summed. */
  clientWaitMs: number;
}

/**
 * The turnaround of a video, or null while it has not been ready yet (still open) or never left
 * draft. Start is the first step into a status other than draft: time spent as a draft is the
 * backlog, not the work, and a draft may wait weeks before anyone starts it. Ready is the first
 * step into ready to post or posted after the start; later returns to work do not move it.
 */
export function videoTurnaround(history: readonly HistoryStep[]): VideoTurnaround | null {
  const steps = ordered(history);
  const startIndex = steps.findIndex((s) => s.status !== 'draft');
  if (startIndex < 0) return null;
  const readyIndex = steps.findIndex((s, i) => i >= startIndex && isCompletedStatus(s.status));
  if (readyIndex < 0) return null;
  const startedAt = steps[startIndex]!.at;
  const readyAt = steps[readyIndex]!.at;
  let clientWaitMs = 0;
  for (let i = startIndex; i < readyIndex; i++) {
    if (TURN_BY_STATUS[steps[i]!.status] === 'client')
      clientWaitMs += steps[i + 1]!.at - steps[i]!.at;
  }
  return { startedAt, readyAt, turnaroundMs: readyAt - startedAt, clientWaitMs };
}

/**
 * The p-th percentile (0 to 100) of some numbers, by linear interpolation between the closest
 * ranks (the spreadsheet PERCENTILE / numpy default): the median of 1 and 2 is 1.5. Null for none.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

// --- the lead dashboard's figures: GET /api/lead/turnaround -----------------------------------

/** The default range: the last 30 days, today included. */
export const DEFAULT_TURNAROUND_DAYS = 30;
/** The longest range a call may ask for: a year, a leap year's too. */
export const MAX_TURNAROUND_DAYS = 366;

export const TURNAROUND_MESSAGES = {
  badDate: 'Dates are written YYYY-MM-DD',
  fromAfterTo: 'The start of the range must be on or before its end',
  tooLong: `The range can cover at most ${MAX_TURNAROUND_DAYS} days`,
} as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: TURNAROUND_MESSAGES.badDate })
  // A real day: 2026-02-30 is not one (Date.parse would roll it over to 2 March).
  .refine((s) => isoDay(Date.parse(`${s}T00:00:00Z`) || 0) === s, {
    error: TURNAROUND_MESSAGES.badDate,
  })
  .refine(yearInRange, { error: DATE_RANGE_MESSAGE });

/** GET /api/lead/turnaround?from=&to=: whole UTC days, both included. */
export const turnaroundQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: TURNAROUND_MESSAGES.fromAfterTo,
    path: ['from'],
  });
export type TurnaroundQuery = z.input<typeof turnaroundQuery>;

/**
 * The range a query asks for, as instants [start, end): `to` defaults to today, `from` to 29
 * days before it (30 days); a range longer than MAX_TURNAROUND_DAYS is refused (null).
 */
export function turnaroundRange(
  query: { from?: string; to?: string },
  now: Date,
): { from: string; to: string; start: Date; end: Date } | null {
  const to = query.to ?? isoDay(now.getTime());
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  const from = query.from ?? isoDay(end - DEFAULT_TURNAROUND_DAYS * DAY_MS);
  const start = Date.parse(`${from}T00:00:00Z`);
  if (start >= end || (end - start) / DAY_MS > MAX_TURNAROUND_DAYS) return null;
  return { from, to, start: new Date(start), end: new Date(end) };
}

/** Median and 90th percentile of the finished videos' turnaround and client wait, in ms. */
export const turnaroundStatsSchema = z.object({
  /** Videos that became ready within the range. */
  count: z.number().int(),
  turnaroundMedianMs: z.number().nullable(),
  turnaroundP90Ms: z.number().nullable(),
  clientWaitMedianMs: z.number().nullable(),
  clientWaitP90Ms: z.number().nullable(),
});
export type TurnaroundStats = z.infer<typeof turnaroundStatsSchema>;

export const turnaroundGroupSchema = turnaroundStatsSchema.extend({
  /** The editor's or client's id, the type's name; null for videos with no editor. */
  key: z.string().nullable(),
  label: z.string(),
});
export type TurnaroundGroup = z.infer<typeof turnaroundGroupSchema>;

export const turnaroundSchema = z.object({
  from: z.string(),
  to: z.string(),
  overall: turnaroundStatsSchema,
  byEditor: z.array(turnaroundGroupSchema),
  byClient: z.array(turnaroundGroupSchema),
  byType: z.array(turnaroundGroupSchema),
});
export type TurnaroundFigures = z.infer<typeof turnaroundSchema>;

/** A video with its history and what the figures group it by. */
export interface TurnaroundVideo {
  editor: { key: string | null; label: string };
  client: { key: string; label: string };
  type: { key: string; label: string };
  history: readonly HistoryStep[];
}

/** A percentile in whole milliseconds. */
const pct = (values: readonly number[], p: number) => {
  const value = percentile(values, p);
  return value === null ? null : Math.round(value);
};

function stats(cycles: readonly VideoTurnaround[]): TurnaroundStats {
  const turnaround = cycles.map((c) => c.turnaroundMs);
  const wait = cycles.map((c) => c.clientWaitMs);
  return {
    count: cycles.length,
    turnaroundMedianMs: pct(turnaround, 50),
    turnaroundP90Ms: pct(turnaround, 90),
    clientWaitMedianMs: pct(wait, 50),
    clientWaitP90Ms: pct(wait, 90),
  };
}

/**
 * The figures over the videos that became ready within [start, end): overall and per editor,
 * client and type, each group's videos counted once, the groups busiest first (then by label).
 */
export function turnaroundFigures(
  videos: readonly TurnaroundVideo[],
  range: { from: string; to: string; start: Date; end: Date },
): TurnaroundFigures {
  const done = videos.flatMap((video) => {
    const cycle = videoTurnaround(video.history);
    return cycle && cycle.readyAt >= range.start.getTime() && cycle.readyAt < range.end.getTime()
      ? [{ video, cycle }]
      : [];
  });
  const groupBy = (pick: (v: TurnaroundVideo) => { key: string | null; label: string }) => {
    const groups = new Map<string | null, { label: string; cycles: VideoTurnaround[] }>();
    for (const { video, cycle } of done) {
      const { key, label } = pick(video);
      const group = groups.get(key) ?? { label, cycles: [] };
      group.cycles.push(cycle);
      groups.set(key, group);
    }
    return [...groups]
      .map(([key, g]) => ({ key, label: g.label, ...stats(g.cycles) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  };
  return {
    from: range.from,
    to: range.to,
    overall: stats(done.map((d) => d.cycle)),
    byEditor: groupBy((v) => v.editor),
    byClient: groupBy((v) => v.client),
    byType: groupBy((v) => v.type),
  };
}

// --- words ------------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;

/** A span in words: '12 min', '5 h', '1 day', '3 days' (whole units, rounded down; at least 1 min). */
export function formatSpan(ms: number): string {
  if (ms >= DAY_MS) {
    const days = Math.floor(ms / DAY_MS);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (ms >= HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h`;
  return `${Math.max(1, Math.floor(ms / 60_000))} min`;
}

/**
 * A figure of the lead dashboard: '–' for none, '< 1 min' under a minute (a video made ready at
 * once), '5 h' under a day, '2.4 days' from a day.
 */
export function formatFigure(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 60_000) return '< 1 min';
  return ms < DAY_MS ? formatSpan(ms) : `${(ms / DAY_MS).toFixed(1)} days`;
}

/**
 * Whose turn, in the words of the viewer's side (issue 41): the client side reads its own turn as
 * "Waiting for you", the agency (and managers) read it as "Waiting on client".
 */
export const TURN_LABELS: Record<Turn, Record<Turn, string>> = {
  agency: { agency: "Agency's turn", client: 'Waiting on client' },
  client: { agency: "Agency's turn", client: 'Waiting for you' },
};

/**
 * The card's line: whose turn it is and for how long, in the words of the viewer's side
 * (`viewer`: 'agency' for the agency and managers, 'client' for the client side): 'Agency's turn
 * · 3 days', 'Waiting on client · 5 h', 'Waiting for you · 3 days'; null for a posted video or
 * without a readable start of the status. The time counts from entering the status
 * (status_changed_at): a Ready to Post card counts the agency's turn since the approval.
 */
export function turnLine(
  video: { status: string; statusSince?: DateInput },
  now: Date,
  viewer: Turn = 'agency',
): { turn: Turn; text: string } | null {
  const turn = whoseTurn(video.status);
  const since = toTime(video.statusSince ?? null);
  if (!turn || since === null) return null;
  return {
    turn,
    text: `${TURN_LABELS[viewer][turn]} · ${formatSpan(Math.max(0, now.getTime() - since))}`,
  };
}
