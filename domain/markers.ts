import { z } from 'zod';
import { textAnswer } from './api';
import { commentVersionQuery } from './comments';
import { csvText } from './csv';
import {
  frameToSeconds,
  frameToTimecode,
  isDropFrame,
  rateSpec,
  timecodeToFrame,
  type FrameRate,
} from './timecode';
import { STATUS_LABELS, type VideoStatus } from './video-status';

/**
 * Markers for the edit (issue 18 part 3; issue 43 part 3): the notes of one version of a video
 * that have a time (comments.frame), written in files editing programs and players open: FCPXML
 * (Final Cut Pro, DaVinci Resolve), FCP 7 XML (xmeml, what Premiere Pro imports), a CMX 3600 EDL
 * at the version's rate and drop-frame flag, SRT and WebVTT subtitles, and a plain CSV. Every
 * marker carries the note's text, author and version; a drawn note says "(drawing)"; its replies
 * follow it, a line each ("↳ Name: text", issue 45 part 4; CSV: in the Text cell). Times are
 * the version's frames (domain/timecode.ts). Pure: the routes and the tests call these.
 */

export const MARKER_FORMATS = ['fcpxml', 'xmeml', 'edl', 'srt', 'vtt', 'csv'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

/** The export menu's entries, in the menu's order. */
export const MARKER_FORMAT_LABELS: Record<MarkerFormat, string> = {
  fcpxml: 'Final Cut Pro / DaVinci Resolve (FCPXML)',
  xmeml: 'Premiere Pro (FCP 7 XML)',
  edl: 'EDL (CMX 3600)',
  srt: 'Subtitles (SRT)',
  vtt: 'Subtitles (WebVTT)',
  csv: 'Spreadsheet (CSV)',
};

/** Several videos in one file: the CSV (the others are one timeline of one video). */
export const MULTI_VIDEO_MARKER_FORMATS = ['csv'] as const satisfies MarkerFormat[];

/** The most videos one several-videos export takes. */
export const MARKER_EXPORT_MAX_VIDEOS = 100;

export const MARKER_MESSAGES = {
  format: `Choose a format: ${MARKER_FORMATS.join(', ')}`,
  multiFormat:
    'Several videos export as csv; the other formats hold one video (export it from its dialog)',
  idsRequired: 'Select at least one video',
  idInvalid: 'Each id must be a video id',
  tooMany: `At most ${MARKER_EXPORT_MAX_VIDEOS} videos at once`,
  /** 422: nothing to write (not a file with only a header). */
  none: 'No notes with a time to export: add a note at a time in the video first',
} as const;

/** A note that is drawn on the picture says so in every format. */
export const DRAWING_NOTE = '(drawing)';

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

/** Each format's content type (the answer's, and the API document's). */
export const MARKER_CONTENT_TYPES: Record<MarkerFormat, string> = {
  fcpxml: 'application/xml',
  xmeml: 'application/xml',
  edl: 'text/plain',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  csv: 'text/csv',
};

/** The download's answer as the API document shows it. */
export const markersAnswer = textAnswer(
  "The version's timecoded notes as markers: FCPXML or FCP 7 XML (application/xml), a CMX 3600 EDL (text/plain), SRT, WebVTT or CSV",
  [...new Set(Object.values(MARKER_CONTENT_TYPES))],
);
export const multiMarkersAnswer = textAnswer("The videos' timecoded notes as markers in one CSV", [
  'text/csv',
]);

/** What the writers need of a video's version and its notes (oldest first). */
export interface MarkerSource {
  name: string;
  /** A VideoStatus (shown by its label); any other text as it is. */
  status: string;
  /** The version's label ('v2', 'Source'). */
  version: string;
  frameRate: FrameRate;
  notes: readonly {
    author: string;
    content: string;
    frame: number | null;
    drawn: boolean;
    /** The note's thread (issue 45 part 4): its replies, oldest first. */
    replies?: readonly { author: string; content: string }[];
  }[];
}

export const REPLY_MARK = '↳';
/** A reply as a line under its note in every format: '↳ Name: text'. */
export const replyLine = (reply: { author: string; content: string }) =>
  `${REPLY_MARK} ${reply.author}: ${reply.content.trim()}`;

/** One marker: a note with a time. */
export interface Marker {
  video: string;
  status: string;
  version: string;
  author: string;
  frame: number;
  /**
   * The note's words, with "(drawing)" after them when it is drawn, then each reply on a line of
   * its own (replyLine); a format that keeps to one line (EDL) joins them with spaces.
   */
  text: string;
}

/** The markers of a version, by frame (notes at the same frame keep their order). */
export function markersOf(source: MarkerSource): Marker[] {
  const status = STATUS_LABELS[source.status as VideoStatus] ?? source.status;
  return source.notes
    .flatMap((n) =>
      n.frame === null
        ? []
        : [
            {
              video: source.name,
              status,
              version: source.version,
              author: n.author,
              frame: n.frame,
              text: [
                n.drawn ? `${n.content.trim()} ${DRAWING_NOTE}` : n.content.trim(),
                ...(n.replies ?? []).map(replyLine),
              ].join('\n'),
            },
          ],
    )
    .sort((a, b) => a.frame - b.frame);
}

/** True when some source has a marker to write (else the export answers MARKER_MESSAGES.none). */
export const hasMarkers = (sources: readonly MarkerSource[]) =>
  sources.some((s) => s.notes.some((n) => n.frame !== null));

/** "Author (v2): text", the line most formats show. */
const markerLine = (m: Marker) => `${m.author} (${m.version}): ${m.text}`;

export const PLAIN_CSV_HEADER = ['Time', 'Version', 'Author', 'Text', 'Status'] as const;

/**
 * Plain CSV: the SMPTE timecode at the version's rate (a spreadsheet keeps it as text), the
 * version, author, the note (with "(drawing)"), the video's status at export. With several videos
 * a Video column comes first. The formula guard (domain/csv.ts) applies here, in CSV only.
 */
export function plainMarkersCsv(sources: readonly MarkerSource[]): string {
  const several = sources.length > 1;
  const header = several ? ['Video', ...PLAIN_CSV_HEADER] : [...PLAIN_CSV_HEADER];
  const rows = sources.flatMap((s) =>
    markersOf(s).map((m) => {
      const cells = [frameToTimecode(m.frame, s.frameRate), m.version, m.author, m.text, m.status];
      return several ? [m.video, ...cells] : cells;
    }),
  );
  return csvText(header, rows);
}

/** Characters XML 1.0 cannot hold go; the five special ones are escaped (line breaks kept). */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** In an attribute a line break is written as a character reference (else it reads as a space). */
const xmlAttr = (text: string) => xmlText(text).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A frame count as FCPXML's rational seconds: '0s', '1001/30000s', '2/25s'. */
export function fcpxmlTime(frames: number, rate: FrameRate): string {
  const { numerator, denominator } = rateSpec(rate);
  const top = frames * denominator;
  if (top === 0) return '0s';
  const d = gcd(top, numerator);
  return numerator / d === 1 ? `${top / d}s` : `${top / d}/${numerator / d}s`;
}

/** A timeline long enough to hold every marker: a second past the last one. */
const lengthOf = (markers: readonly Marker[], rate: FrameRate) =>
  (markers.at(-1)?.frame ?? 0) + rateSpec(rate).nominal;

/** The timeline's name: the video and the version ('Spring promo v2'). */
const timelineName = (s: MarkerSource) => `${s.name} ${s.version}`;

/**
 * FCPXML 1.10 (Final Cut Pro; DaVinci Resolve imports it too): a project whose sequence at the
 * version's rate (tcFormat DF or NDF) holds one gap as long as the notes, and on it a marker per
 * note at its frame, one frame long; its value is "Author (v2): text", its note the same.
 */
export function fcpxmlMarkers(source: MarkerSource): string {
  const rate = source.frameRate;
  const markers = markersOf(source);
  const length = fcpxmlTime(lengthOf(markers, rate), rate);
  const name = xmlAttr(timelineName(source));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.10">',
    '  <resources>',
    `    <format id="r1" frameDuration="${fcpxmlTime(1, rate)}" width="1920" height="1080"/>`,
    '  </resources>',
    '  <library>',
    `    <event name="${name}">`,
    `      <project name="${name}">`,
    `        <sequence format="r1" duration="${length}" tcStart="0s" tcFormat="${isDropFrame(rate) ? 'DF' : 'NDF'}">`,
    '          <spine>',
    `            <gap name="Notes" offset="0s" start="0s" duration="${length}">`,
    ...markers.map(
      (m) =>
        `              <marker start="${fcpxmlTime(m.frame, rate)}" duration="${fcpxmlTime(1, rate)}" value="${xmlAttr(markerLine(m))}" note="${xmlAttr(markerLine(m))}"/>`,
    ),
    '            </gap>',
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
  ];
  return `${lines.join('\n')}\n`;
}

/** xmeml's rate: the timebase (frames a timecode second) and NTSC for the x/1.001 rates. */
const xmemlRate = (rate: FrameRate, indent: string) => {
  const { nominal, denominator } = rateSpec(rate);
  return [
    `${indent}<rate>`,
    `${indent}  <timebase>${nominal}</timebase>`,
    `${indent}  <ntsc>${denominator === 1001 ? 'TRUE' : 'FALSE'}</ntsc>`,
    `${indent}</rate>`,
  ];
};

/**
 * FCP 7 XML (xmeml version 4), which Premiere Pro imports: a sequence at the version's rate
 * (timecode display DF or NDF) with an empty video track and a sequence marker per note at its
 * frame: name the author and version, comment the note.
 */
export function xmemlMarkers(source: MarkerSource): string {
  const rate = source.frameRate;
  const markers = markersOf(source);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    '<xmeml version="4">',
    '  <sequence id="sequence-1">',
    `    <name>${xmlText(timelineName(source))}</name>`,
    `    <duration>${lengthOf(markers, rate)}</duration>`,
    ...xmemlRate(rate, '    '),
    '    <timecode>',
    ...xmemlRate(rate, '      '),
    `      <string>${frameToTimecode(0, rate)}</string>`,
    '      <frame>0</frame>',
    `      <displayformat>${isDropFrame(rate) ? 'DF' : 'NDF'}</displayformat>`,
    '    </timecode>',
    '    <media>',
    '      <video>',
    '        <format>',
    '          <samplecharacteristics>',
    ...xmemlRate(rate, '            '),
    '            <width>1920</width>',
    '            <height>1080</height>',
    '          </samplecharacteristics>',
    '        </format>',
    '        <track/>',
    '      </video>',
    '    </media>',
    ...markers.flatMap((m) => [
      '    <marker>',
      `      <name>${xmlText(`${m.author} (${m.version})`)}</name>`,
      `      <comment>${xmlText(m.text)}</comment>`,
      `      <in>${m.frame}</in>`,
      '      <out>-1</out>',
      '    </marker>',
    ]),
    '  </sequence>',
    '</xmeml>',
  ];
  return `${lines.join('\n')}\n`;
}

/** The EDL's timeline starts at 01:00:00:00 (Resolve's default): the record side adds it. */
export const EDL_TIMELINE_START = { hours: 1, minutes: 0, seconds: 0, frames: 0 } as const;

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
 * A CMX 3600 EDL of markers at the version's rate: 'FCM: DROP FRAME' (timecodes with ';') or
 * 'FCM: NON-DROP FRAME'; per note an event of one frame whose source in/out is the version's
 * timecode and record in/out the timeline's (from 01:00:00:00), then the comment line Resolve
 * reads as a marker: ' |C:ResolveColorBlue |M:Author (v2): text |D:1'. Events by time, numbered
 * from 001; CRLF line ends.
 */
export function edlMarkers(source: MarkerSource): string {
  const rate = source.frameRate;
  const title = edlText(timelineName(source)).slice(0, 70) || 'Markers';
  const lines = [
    `TITLE: ${title}`,
    `FCM: ${isDropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
    '',
  ];
  const start = timecodeToFrame(EDL_TIMELINE_START, rate)!;
  const tc = (frame: number) => frameToTimecode(frame, rate);
  markersOf(source).forEach((m, i) => {
    const record = m.frame + start;
    lines.push(
      `${String(i + 1).padStart(3, '0')}  AX       V     C        ` +
        `${tc(m.frame)} ${tc(m.frame + 1)} ${tc(record)} ${tc(record + 1)}`,
      ` |C:ResolveColorBlue |M:${edlText(markerLine(m))} |D:1`,
      '',
    );
  });
  return lines.map((line) => `${line}\r\n`).join('');
}

/** How long a subtitle of a note stays on screen. */
export const SUBTITLE_SECONDS = 3;

/** A moment as a subtitle's clock, to the millisecond: '00:01:23,500' (SRT) or '.500' (VTT). */
function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(ms % 1000).padStart(3, '0')}`;
}

/** A cue's lines: no empty line (it would end the cue) and no '-->' (it would start one). */
const cueText = (text: string) =>
  text
    .replace(/-->/g, '->')
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

function subtitles(source: MarkerSource, separator: ',' | '.', escape: (t: string) => string) {
  return markersOf(source).map((m, i) => {
    const at = frameToSeconds(m.frame, source.frameRate);
    const time = `${clock(at, separator)} --> ${clock(at + SUBTITLE_SECONDS, separator)}`;
    return `${i + 1}\n${time}\n${escape(cueText(markerLine(m)))}\n`;
  });
}

/** SRT: a numbered cue per note from its frame's moment, for SUBTITLE_SECONDS. */
export const srtMarkers = (source: MarkerSource): string =>
  subtitles(source, ',', (t) => t).join('\n');

/** WebVTT: the same cues ('&', '<' and '>' escaped as VTT wants). */
export const vttMarkers = (source: MarkerSource): string =>
  [
    'WEBVTT\n',
    ...subtitles(source, '.', (t) =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ),
  ].join('\n');

/** The file of a format for one video (several: CSV only), with its content type. */
export function markersFile(
  format: MarkerFormat,
  sources: readonly MarkerSource[],
): { text: string; contentType: string } {
  const one = sources[0]!;
  const writers: Record<MarkerFormat, () => string> = {
    fcpxml: () => fcpxmlMarkers(one),
    xmeml: () => xmemlMarkers(one),
    edl: () => edlMarkers(one),
    srt: () => srtMarkers(one),
    vtt: () => vttMarkers(one),
    csv: () => plainMarkersCsv(sources),
  };
  return { text: writers[format](), contentType: `${MARKER_CONTENT_TYPES[format]}; charset=utf-8` };
}

/** Each format's file name ending. */
const SUFFIXES: Record<MarkerFormat, string> = {
  fcpxml: 'markers.fcpxml',
  xmeml: 'markers.xml',
  edl: 'markers.edl',
  srt: 'notes.srt',
  vtt: 'notes.vtt',
  csv: 'markers.csv',
};

/**
 * A download's file name from a video's name and version: ASCII letters and digits in lowercase
 * words joined by '-', at most 60 characters ('video' when nothing is left), then the format's
 * suffix.
 */
export function markersFileName(videoName: string, format: MarkerFormat, version?: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const base = slug(videoName).slice(0, 60).replace(/-+$/, '') || 'video';
  const tag = version ? `-${slug(version)}` : '';
  return `${base}${tag}-${SUFFIXES[format]}`;
}

/** The file name of several videos' markers: the day. */
export const multiMarkersFileName = (day: string) => `markers-${day}.csv`;
