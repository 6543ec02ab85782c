/**
 * Moments in a video, as people write them in comments and as editing software reads them
 * (review in place, issue 18): parsing 'm:ss', 'h:mm:ss' and SMPTE 'hh:mm:ss:ff', and writing
 * them back. The one home of timecode rules for the comments, the player and the marker exports.
 */

/** The frame rate assumed when a video's own is not known (frames in 'hh:mm:ss:ff'). */
export const DEFAULT_FRAME_RATE = 30;

export interface Timecode {
  /** The text as written, e.g. '1:23', '01:02:03' or '00:01:23:12'. */
  text: string;
  /** Offset of the first character in the comment. */
  index: number;
  /** The moment it names, in seconds (a fraction only when it names a frame). */
  seconds: number;
}

/*
 * m:ss, mm:ss, h:mm:ss / hh:mm:ss, or hh:mm:ss:ff (frames, two digits each). Not part of a
 * longer run of digits, colons or dots, so '10.1:20', '1:2:3:4' and the port in 'host:8080' are
 * left alone.
 */
const TIMECODE =
  /(?<![\w:.])(?:(\d{2}):(\d{2}):(\d{2}):(\d{2})|(?:(\d{1,2}):)?(\d{1,2}):(\d{2}))(?![\w:]|\.\d)/g;

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
 * The timecodes written in a text, in order. Seconds (and minutes after hours) must be below 60,
 * frames below the frame rate. The web turns each into a button that seeks the player, or a link
 * with linkAtSecond (domain/links.ts) where there is no player.
 */
export function findTimecodes(text: string, frameRate = DEFAULT_FRAME_RATE): Timecode[] {
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
      if (minutes > 59 || seconds > 59 || frames >= Math.ceil(frameRate)) continue;
      const at = hours * 3600 + minutes * 60 + seconds + frames / frameRate;
      found.push({ text: m[0], index: m.index, seconds: at });
      continue;
    }
    const hours = m[5] === undefined ? 0 : Number(m[5]);
    const minutes = Number(m[6]);
    const seconds = Number(m[7]);
    if (seconds > 59) continue;
    if (m[5] !== undefined && (minutes > 59 || m[6]!.length !== 2)) continue;
    found.push({ text: m[0], index: m.index, seconds: hours * 3600 + minutes * 60 + seconds });
  }
  return found;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as people write it: 'm:ss' under an hour, 'h:mm:ss' from an hour (whole seconds,
 * rounded down), the form findTimecodes reads back.
 */
export function formatTimecode(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** SMPTE 'hh:mm:ss:ff' (non-drop) at a frame rate, as editing software reads it. */
export function formatFrames(seconds: number, frameRate = DEFAULT_FRAME_RATE): string {
  const fps = Math.round(frameRate);
  const frames = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * fps)) : 0;
  const ff = frames % fps;
  const total = Math.floor(frames / fps);
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}:${two(ff)}`;
}

/**
 * What a person typed into the "Comment at" field: a timecode findTimecodes reads (the whole
 * text), or null.
 */
export function parseTimecode(text: string, frameRate = DEFAULT_FRAME_RATE): number | null {
  const trimmed = text.trim();
  const [only] = findTimecodes(trimmed, frameRate);
  return only && only.index === 0 && only.text === trimmed ? only.seconds : null;
}

/** The moment a text names first (a comment's moment), or null when it names none. */
export function firstTimecode(text: string, frameRate = DEFAULT_FRAME_RATE): number | null {
  return findTimecodes(text, frameRate)[0]?.seconds ?? null;
}

/**
 * Items in the order of the moment their text names first; those that name none come last, in
 * the order given (the comments panel's "by time in video").
 */
export function sortByTimecode<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  frameRate = DEFAULT_FRAME_RATE,
): T[] {
  return items
    .map((item, order) => ({ item, order, at: firstTimecode(textOf(item), frameRate) }))
    .sort((a, b) => {
      if (a.at === null || b.at === null) {
        return a.at === b.at ? a.order - b.order : a.at === null ? 1 : -1;
      }
      return a.at - b.at || a.order - b.order;
    })
    .map((x) => x.item);
}
