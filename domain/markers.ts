import { z } from 'zod';
import { textAnswer } from './api';
import { commentVersionQuery } from './comments';
import { csvText } from './csv';
import { DEFAULT_FRAME_RATE, findTimecodes, formatFrames } from './timecode';
import { STATUS_LABELS, type VideoStatus } from './video-status';

/**
 * Markers for the edit (issue 18 part 3): a video's timecoded comments written as Premiere Pro
 * marker CSV, a DaVinci Resolve EDL and plain CSV. A comment gives one marker per timecode it
 * names (findTimecodes); a comment without one gives none. Frames are at DEFAULT_FRAME_RATE
 * (the app does not know a video's own rate). Pure: the routes and the tests call these.
 */

export const MARKER_FORMATS = ['premiere', 'resolve', 'csv'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

/** The export menu's entries, in the menu's order. */
export const MARKER_FORMAT_LABELS: Record<MarkerFormat, string> = {
  premiere: 'Premiere Pro markers (CSV)',
  resolve: 'DaVinci Resolve markers (EDL)',
  csv: 'Plain CSV',
};

/** Several videos in one file: the two CSV formats (an EDL is one timeline, one video). */
export const MULTI_VIDEO_MARKER_FORMATS = ['premiere', 'csv'] as const satisfies MarkerFormat[];

/** The most videos one several-videos export takes. */
export const MARKER_EXPORT_MAX_VIDEOS = 100;

export const MARKER_MESSAGES = {
  format: 'Choose a format: premiere, resolve or csv',
  multiFormat:
    'Several videos export as csv or premiere; a Resolve EDL holds one video (export it from its dialog)',
  idsRequired: 'Select at least one video',
  idInvalid: 'Each id must be a video id',
  tooMany: `At most ${MARKER_EXPORT_MAX_VIDEOS} videos at once`,
} as const;

/**
 * GET /api/videos/{id}/markers: the notes of one version (`version`, a number or 'source'; by
 * default the current version, the source while there is none), as GET …/comments takes it.
 */
export const markersQuery = z.object({
  format: z.enum(MARKER_FORMATS, { error: MARKER_MESSAGES.format }),
  version: commentVersionQuery.optional(),
});
export type MarkersQuery = z.input<typeof markersQuery>;

/**
 * GET /api/videos/markers: `ids` comma-separated, each video checked for reading; each video's
 * notes of its current version.
 */
export const multiMarkersQuery = z.object({
  ids: z
    .string({ error: MARKER_MESSAGES.idsRequired })
    .max(MARKER_EXPORT_MAX_VIDEOS * 37, MARKER_MESSAGES.tooMany)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: MARKER_MESSAGES.idInvalid }))
        .min(1, MARKER_MESSAGES.idsRequired)
        .max(MARKER_EXPORT_MAX_VIDEOS, MARKER_MESSAGES.tooMany),
    ),
  format: z.enum(MULTI_VIDEO_MARKER_FORMATS, { error: MARKER_MESSAGES.multiFormat }),
});
export type MultiMarkersQuery = z.input<typeof multiMarkersQuery>;

/** The download's answer as the API document shows it (CSV, or an EDL as plain text). */
export const markersAnswer = textAnswer("The video's timecoded comments as markers", [
  'text/csv',
  'text/plain',
]);
export const multiMarkersAnswer = textAnswer(
  "The videos' timecoded comments as markers in one CSV",
  ['text/csv'],
);

/** What the writers need of a video and its comments (oldest first). */
export interface MarkerSource {
  name: string;
  /** A VideoStatus (shown by its label); any other text as it is. */
  status: string;
  comments: readonly { author: string; content: string }[];
}

/** One marker: a moment of a video with the comment that named it. */
export interface Marker {
  video: string;
  status: string;
  author: string;
  seconds: number;
  text: string;
}

/** The markers of a video, by time (comments at the same moment keep their order). */
export function markersOf(source: MarkerSource, frameRate = DEFAULT_FRAME_RATE): Marker[] {
  const status = STATUS_LABELS[source.status as VideoStatus] ?? source.status;
  const markers = source.comments.flatMap((c) =>
    findTimecodes(c.content, frameRate).map((t) => ({
      video: source.name,
      status,
      author: c.author,
      seconds: t.seconds,
      text: c.content.trim(),
    })),
  );
  return markers.sort((a, b) => a.seconds - b.seconds);
}

export const PLAIN_CSV_HEADER = ['Author', 'Time', 'Text', 'Status'] as const;

/**
 * Plain CSV: author, time (hh:mm:ss:ff, which a spreadsheet keeps as text and the comments read
 * back), the comment's text and the video's status at export (comments have no status of their
 * own). With several videos a Video column comes first.
 */
export function plainMarkersCsv(
  sources: readonly MarkerSource[],
  frameRate = DEFAULT_FRAME_RATE,
): string {
  const several = sources.length > 1;
  const header = several ? ['Video', ...PLAIN_CSV_HEADER] : [...PLAIN_CSV_HEADER];
  const rows = sources.flatMap((s) =>
    markersOf(s, frameRate).map((m) => {
      const cells = [m.author, formatFrames(m.seconds, frameRate), m.text, m.status];
      return several ? [m.video, ...cells] : cells;
    }),
  );
  return csvText(header, rows);
}

/** The columns of Premiere Pro's Markers panel (its export and import). */
export const PREMIERE_CSV_HEADER = [
  'Marker Name',
  'Description',
  'In',
  'Out',
  'Duration',
  'Marker Type',
] as const;

/**
 * Premiere Pro marker CSV: a point marker (Out = In, no duration) of type Comment per marker,
 * named after the comment's author (with several videos, 'Video: author', so a sequence holding
 * them all still tells them apart), the comment as its description. Sequences start at 0.
 */
export function premiereMarkersCsv(
  sources: readonly MarkerSource[],
  frameRate = DEFAULT_FRAME_RATE,
): string {
  const several = sources.length > 1;
  const rows = sources.flatMap((s) =>
    markersOf(s, frameRate).map((m) => {
      const at = formatFrames(m.seconds, frameRate);
      return [
        several ? `${m.video}: ${m.author}` : m.author,
        m.text,
        at,
        at,
        formatFrames(0, frameRate),
        'Comment',
      ];
    }),
  );
  return csvText(PREMIERE_CSV_HEADER, rows);
}

/** Resolve's timelines start at 01:00:00:00: the record side is the video's time plus this. */
export const RESOLVE_TIMELINE_START_SECONDS = 3600;

/**
 * Text on one EDL line: line breaks and tabs become spaces, other control characters and the
 * '|' that separates Resolve's fields go, runs of spaces become one.
 */
export function edlText(text: string): string {
  return (
    text
      .replace(/[\r\n\t]+/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f|]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A DaVinci Resolve EDL of markers (CMX3600, non-drop frame): per marker an event of one frame
 * whose source in/out is the video's time and record in/out the timeline's (from 01:00:00:00),
 * then the comment line Resolve reads as a blue marker: '|C:ResolveColorBlue |M:<author: text>
 * |D:1'. Events by time, numbered from 001; CRLF line ends.
 */
export function resolveMarkersEdl(source: MarkerSource, frameRate = DEFAULT_FRAME_RATE): string {
  const title = edlText(source.name).slice(0, 70) || 'Markers';
  const lines = [`TITLE: ${title}`, 'FCM: NON-DROP FRAME', ''];
  const frame = 1 / Math.round(frameRate);
  markersOf(source, frameRate).forEach((m, i) => {
    const tc = (seconds: number) => formatFrames(seconds, frameRate);
    const record = m.seconds + RESOLVE_TIMELINE_START_SECONDS;
    lines.push(
      `${String(i + 1).padStart(3, '0')}  001      V     C        ` +
        `${tc(m.seconds)} ${tc(m.seconds + frame)} ${tc(record)} ${tc(record + frame)}  `,
      ` |C:ResolveColorBlue |M:${edlText(`${m.author}: ${m.text}`)} |D:1`,
      '',
    );
  });
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The file of a format for one video or several, with its content type. */
export function markersFile(
  format: MarkerFormat,
  sources: readonly MarkerSource[],
  frameRate = DEFAULT_FRAME_RATE,
): { text: string; contentType: string } {
  if (format === 'resolve') {
    return {
      text: resolveMarkersEdl(sources[0]!, frameRate),
      contentType: 'text/plain; charset=utf-8',
    };
  }
  const text =
    format === 'premiere'
      ? premiereMarkersCsv(sources, frameRate)
      : plainMarkersCsv(sources, frameRate);
  return { text, contentType: 'text/csv; charset=utf-8' };
}

/**
 * A download's file name from a video's name: ASCII letters and digits in lowercase words
 * joined by '-', at most 60 characters ('video' when nothing is left), then the format's suffix.
 */
export function markersFileName(videoName: string, format: MarkerFormat): string {
  const base =
    videoName
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'video';
  const suffix = { premiere: 'premiere-markers.csv', resolve: 'markers.edl', csv: 'markers.csv' };
  return `${base}-${suffix[format]}`;
}

/** The file name of several videos' markers: the format and the day. */
export const multiMarkersFileName = (format: MarkerFormat, day: string) =>
  `${format === 'premiere' ? 'premiere-markers' : 'markers'}-${day}.csv`;
