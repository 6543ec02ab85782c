import { z } from 'zod';

/**
 * Moments in a video, as people write them in comments and as editing software reads them
 * (review in place, issue 18; true frame rates, issue 43): frame rates, frames <-> SMPTE
 * 'HH:MM:SS:FF' (';' before the frames for drop-frame), seconds <-> frames, and the typed forms
 * ('1:23', '1:23.5', '01:23:12', '00:01:23;12'). The one home of timecode rules for the
 * comments, the player and the marker exports (docs/rules.md#videos, Timecodes and frame rates).
 */

/** The frame rates a source or version may have; 'df': drop-frame timecode (migration 0029). */
export const FRAME_RATES = ['23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60'] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

/** The agency's default until it chooses one (agency_settings.frame_rate). */
export const DEFAULT_FRAME_RATE: FrameRate = '30';

/** How the menus name each rate. */
export const FRAME_RATE_LABELS: Record<FrameRate, string> = {
  '23.976': '23.976 fps',
  '24': '24 fps',
  '25': '25 fps',
  '29.97df': '29.97 fps drop-frame',
  '30': '30 fps',
  '50': '50 fps',
  '59.94df': '59.94 fps drop-frame',
  '60': '60 fps',
};

export const TIMECODE_MESSAGES = {
  frameRate: `Frame rate must be one of ${FRAME_RATES.join(', ')}`,
  time: 'Enter a time in the video like 1:23, 1:23.5, 01:02:03 or 00:01:23:12',
  frame: 'Frame must be a whole number from 0',
} as const;

export const frameRateSchema = z.enum(FRAME_RATES, { error: TIMECODE_MESSAGES.frameRate });

/**
 * A rate exactly: numerator/denominator frames a second (23.976 is 24000/1001), the frames a
 * timecode second counts (`nominal`), and the frame numbers drop-frame skips each minute but
 * every tenth (2 at 29.97, 4 at 59.94; 0 for non-drop).
 */
export interface RateSpec {
  numerator: number;
  denominator: number;
  nominal: number;
  dropFrames: number;
}

const SPECS: Record<FrameRate, RateSpec> = {
  '23.976': { numerator: 24000, denominator: 1001, nominal: 24, dropFrames: 0 },
  '24': { numerator: 24, denominator: 1, nominal: 24, dropFrames: 0 },
  '25': { numerator: 25, denominator: 1, nominal: 25, dropFrames: 0 },
  '29.97df': { numerator: 30000, denominator: 1001, nominal: 30, dropFrames: 2 },
  '30': { numerator: 30, denominator: 1, nominal: 30, dropFrames: 0 },
  '50': { numerator: 50, denominator: 1, nominal: 50, dropFrames: 0 },
  '59.94df': { numerator: 60000, denominator: 1001, nominal: 60, dropFrames: 4 },
  '60': { numerator: 60, denominator: 1, nominal: 60, dropFrames: 0 },
};

export const rateSpec = (rate: FrameRate): RateSpec => SPECS[rate];
export const isDropFrame = (rate: FrameRate): boolean => SPECS[rate].dropFrames > 0;
/** Where a frame starts, in seconds of the video. */
export const frameToSeconds = (frame: number, rate: FrameRate): number =>
  (frame * SPECS[rate].denominator) / SPECS[rate].numerator;

/** The frame nearest a moment typed in seconds (1:23.5), from 0. */
export function secondsToFrame(seconds: number, rate: FrameRate): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.round((seconds * SPECS[rate].numerator) / SPECS[rate].denominator);
}

/** The frame on screen at a player's time (a hair of tolerance for float time), from 0. */
export function frameAtTime(seconds: number, rate: FrameRate): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.floor((seconds * SPECS[rate].numerator) / SPECS[rate].denominator + 1e-3);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * SMPTE timecode of a frame number: 'HH:MM:SS:FF', or 'HH:MM:SS;FF' at a drop-frame rate, where
 * the labels of frames 0 and 1 (0-3 at 59.94) of every minute but each tenth are skipped so the
 * timecode keeps to the clock (frame 1,800 at 29.97 DF is 00:01:00;02). Hours wrap at 24.
 */
export function frameToTimecode(frame: number, rate: FrameRate): string {
  const { nominal, dropFrames: drop } = SPECS[rate];
  let n = Number.isFinite(frame) ? Math.max(0, Math.floor(frame)) : 0;
  if (drop > 0) {
    const perTenMinutes = 600 * nominal - 9 * drop;
    const perMinute = 60 * nominal - drop;
    const tens = Math.floor(n / perTenMinutes);
    const rest = n % perTenMinutes;
    n += 9 * drop * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = n % nominal;
  const total = Math.floor(n / nominal);
  const hh = Math.floor(total / 3600) % 24;
  return `${two(hh)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}${drop ? ';' : ':'}${two(ff)}`;
}

/**
 * The frame number of a SMPTE timecode's parts at a rate, or null when it names no frame: frames
 * at or past the rate, minutes or seconds past 59, or a label drop-frame skips.
 */
export function timecodeToFrame(
  parts: { hours: number; minutes: number; seconds: number; frames: number },
  rate: FrameRate,
): number | null {
  const { hours, minutes, seconds, frames } = parts;
  const { nominal, dropFrames: drop } = SPECS[rate];
  if (minutes > 59 || seconds > 59 || frames >= nominal) return null;
  if (drop > 0 && seconds === 0 && minutes % 10 !== 0 && frames < drop) return null;
  const totalMinutes = hours * 60 + minutes;
  return (
    (hours * 3600 + minutes * 60 + seconds) * nominal +
    frames -
    drop * (totalMinutes - Math.floor(totalMinutes / 10))
  );
}

export interface Timecode {
  /** The text as written, e.g. '1:23', '1:23.5', '01:02:03' or '00:01:23;12'. */
  text: string;
  /** Offset of the first character in the comment. */
  index: number;
  /** The moment it names, in seconds. */
  seconds: number;
  /** The frame it names at the rate read with (a clock time: the nearest frame). */
  frame: number;
}

/*
 * SMPTE hh:mm:ss:ff or hh:mm:ss;ff (two digits each), or a clock time m:ss, mm:ss, h:mm:ss /
 * hh:mm:ss with an optional fraction of a second (1:23.5). Not part of a longer run of digits,
 * colons or dots, so '10.1:20', '1:2:3:4' and the port in 'host:8080' are left alone.
 */
const TIMECODE =
  /(?<![\w:;.])(?:(\d{2}):(\d{2}):(\d{2})[:;](\d{2})|(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:\.(\d{1,3}))?)(?![\w:;]|\.\d)/g;

/*
 * An aspect ratio reads like a time ('a 9:16 version' is not nine minutes in): a short code
 * with the word ratio or aspect before it, or a word about the picture's shape after it.
 */
const RATIO_BEFORE = /\b(?:ratio|aspect)\s*(?:of\s*)?$/i;
const SHAPE_AFTER =
  /^\s*(?:aspect|ratio|format|version|vertical|horizontal|portrait|landscape|crop)\b/i;
const isAspectRatio = (text: string, code: string, index: number) =>
  code.length <= 5 &&
  (RATIO_BEFORE.test(text.slice(0, index)) || SHAPE_AFTER.test(text.slice(index + code.length)));

/**
 * The timecodes written in a text, in order, read at a frame rate. Seconds (and minutes after
 * hours) must be below 60, SMPTE frames below the rate and not a label drop-frame skips. The web
 * turns each into a button that seeks the player, or a link with linkAtSecond
 * (domain/links.ts) where there is no player.
 */
export function findTimecodes(text: string, rate: FrameRate = DEFAULT_FRAME_RATE): Timecode[] {
  const found: Timecode[] = [];
  for (const m of text.matchAll(TIMECODE)) {
    if (isAspectRatio(text, m[0], m.index)) continue;
    if (m[1] !== undefined) {
      const [hours, minutes, seconds, frames] = [m[1], m[2], m[3], m[4]].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const frame = timecodeToFrame({ hours, minutes, seconds, frames }, rate);
      if (frame === null) continue;
      found.push({ text: m[0], index: m.index, seconds: frameToSeconds(frame, rate), frame });
      continue;
    }
    const hours = m[5] === undefined ? 0 : Number(m[5]);
    const minutes = Number(m[6]);
    const seconds = Number(m[7]) + (m[8] === undefined ? 0 : Number(`0.${m[8]}`));
    if (seconds >= 60) continue;
    if (m[5] !== undefined && (minutes > 59 || m[6]!.length !== 2)) continue;
    const at = hours * 3600 + minutes * 60 + seconds;
    found.push({ text: m[0], index: m.index, seconds: at, frame: secondsToFrame(at, rate) });
  }
  return found;
}

/**
 * A moment as people write it: 'm:ss' under an hour, 'h:mm:ss' from an hour (whole seconds,
 * rounded down), the form findTimecodes reads back (the compare view's clock).
 */
export function formatTimecode(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * What a person typed as a note's time ("Comment at", the API's `time`): the frame it names at
 * the rate when the whole text is one timecode findTimecodes reads, else null.
 */
export function parseTime(text: string, rate: FrameRate = DEFAULT_FRAME_RATE): number | null {
  const trimmed = text.trim();
  const [only] = findTimecodes(trimmed, rate);
  return only && only.index === 0 && only.text === trimmed ? only.frame : null;
}

/**
 * Items in the order of their moment (`at`: seconds, or null for none); those without one come
 * last, in the order given (the comments panel's "by time in video").
 */
export function sortByTime<T>(items: readonly T[], at: (item: T) => number | null): T[] {
  return items
    .map((item, order) => ({ item, order, at: at(item) }))
    .sort((a, b) => {
      if (a.at === null || b.at === null) {
        return a.at === b.at ? a.order - b.order : a.at === null ? 1 : -1;
      }
      return a.at - b.at || a.order - b.order;
    })
    .map((x) => x.item);
}
