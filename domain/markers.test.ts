import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Timecode from 'smpte-timecode';
import SrtParser from 'srt-parser-2';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import {
  DRAWING_NOTE,
  edlMarkers,
  edlText,
  fcpxmlMarkers,
  fcpxmlTime,
  hasMarkers,
  markersFile,
  markersFileName,
  markersOf,
  multiMarkersQuery,
  plainMarkersCsv,
  srtMarkers,
  vttMarkers,
  xmemlMarkers,
  type MarkerSource,
} from './markers';
import { parseCsv } from './test-helpers';
import { isDropFrame, parseTime, rateSpec, type FrameRate } from './timecode';

const tricky = 'Cut here, the "logo" & <title> flash --> \n\nand the music is late';

/**
 * The moments the issue names (typed 0:00, 1:23.5 and 59:59) at three rates, with the frame
 * each is (the nearest, worked out by hand: 83.5 × 24000 / 1001 = 2001.998…) and the moment that
 * frame starts at, to the millisecond, as a subtitle shows it.
 */
const MOMENTS: Record<'23.976' | '25' | '29.97df', [string, number, string][]> = {
  '23.976': [
    ['0:00', 0, '00:00:00,000'],
    ['1:23.5', 2002, '00:01:23,500'],
    ['59:59', 86290, '00:59:59,012'],
  ],
  '25': [
    ['0:00', 0, '00:00:00,000'],
    ['1:23.5', 2088, '00:01:23,520'],
    ['59:59', 89975, '00:59:59,000'],
  ],
  '29.97df': [
    ['0:00', 0, '00:00:00,000'],
    ['1:23.5', 2502, '00:01:23,483'],
    ['59:59', 107862, '00:59:58,995'],
  ],
};
const RATES = Object.keys(MOMENTS) as (keyof typeof MOMENTS)[];

/** A version at `rate` with a note at each moment (typed as the composer sends them). */
function versionAt(rate: FrameRate): MarkerSource {
  const notes = MOMENTS[rate as keyof typeof MOMENTS].map(([typed], i) => ({
    author: ['Lena Lead', 'Client Bright', 'Sam'][i]!,
    content: i === 1 ? tricky : `Note ${i} at ${typed}`,
    frame: parseTime(typed, rate),
    drawn: i === 2,
  }));
  return {
    name: 'Spring promo, "final"',
    status: 'review',
    version: 'v2',
    frameRate: rate,
    notes: [
      ...notes,
      { author: 'Sam', content: 'No time, just a thought', frame: null, drawn: false },
    ],
  };
}

/** An independent timecode of a frame (npm smpte-timecode), and its frame back from text. */
const theirTimecode = (frame: number, rate: FrameRate) => {
  const { numerator, denominator } = rateSpec(rate);
  return Timecode(frame, [numerator, denominator], isDropFrame(rate)).toString();
};
const theirFrame = (text: string, rate: FrameRate) => {
  const { numerator, denominator } = rateSpec(rate);
  return Timecode(text, [numerator, denominator], isDropFrame(rate)).frameCount;
};

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  htmlEntities: true,
});
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
/** FCPXML's rational seconds ('2004002/24000s') as a frame count at the rate, exactly. */
const framesOfRational = (text: string, rate: FrameRate) => {
  const m = /^(\d+)(?:\/(\d+))?s$/.exec(text)!;
  const [top, bottom] = [Number(m[1]), Number(m[2] ?? 1)];
  const { numerator, denominator } = rateSpec(rate);
  const frames = (top * numerator) / (bottom * denominator);
  expect(Number.isInteger(frames), text).toBe(true);
  return frames;
};

describe('markersOf', () => {
  it('gives a marker per note with a frame, by time, drawn ones saying so', () => {
    const markers = markersOf(versionAt('25'));
    expect(markers.map((m) => [m.author, m.frame, m.version])).toEqual([
      ['Lena Lead', 0, 'v2'],
      ['Client Bright', 2088, 'v2'],
      ['Sam', 89975, 'v2'],
    ]);
    expect(markers[2]!.text).toBe(`Note 2 at 59:59 ${DRAWING_NOTE}`);
    expect(markers.every((m) => m.status === 'In Review')).toBe(true);
    expect(hasMarkers([versionAt('25')])).toBe(true);
    expect(hasMarkers([{ ...versionAt('25'), notes: [] }])).toBe(false);
  });
});

for (const rate of RATES) {
  describe(`every format at ${rate}`, () => {
    const source = versionAt(rate);
    const moments = MOMENTS[rate];

    it('FCPXML: the element structure Final Cut Pro reads, markers at exact frames', () => {
      const text = fcpxmlMarkers(source);
      expect(XMLValidator.validate(text)).toBe(true);
      const doc = xml.parse(text);
      expect(doc.fcpxml['@_version']).toBe('1.10');
      const format = doc.fcpxml.resources.format;
      expect(framesOfRational(format['@_frameDuration'], rate)).toBe(1);
      const sequence = doc.fcpxml.library.event.project.sequence;
      expect(sequence['@_format']).toBe(format['@_id']);
      expect(sequence['@_tcFormat']).toBe(isDropFrame(rate) ? 'DF' : 'NDF');
      const gap = sequence.spine.gap;
      const markers = list<Record<string, string>>(gap.marker);
      expect(markers.map((m) => framesOfRational(m['@_start']!, rate))).toEqual(
        moments.map(([, frame]) => frame),
      );
      expect(framesOfRational(gap['@_duration'], rate)).toBeGreaterThan(moments[2]![1]);
      expect(markers[1]!['@_value']).toBe(
        'Client Bright (v2): Cut here, the "logo" & <title> flash --> \n\nand the music is late',
      );
      expect(markers[2]!['@_value']).toBe(`Sam (v2): Note 2 at 59:59 ${DRAWING_NOTE}`);
    });

    it('FCP 7 XML (xmeml): a sequence at the rate with its markers', () => {
      const text = xmemlMarkers(source);
      expect(XMLValidator.validate(text)).toBe(true);
      const sequence = xml.parse(text).xmeml.sequence;
      expect(sequence.name).toBe('Spring promo, "final" v2');
      const { nominal, denominator } = rateSpec(rate);
      expect(sequence.rate).toEqual({
        timebase: nominal,
        ntsc: denominator === 1001 ? 'TRUE' : 'FALSE',
      });
      expect(sequence.timecode.displayformat).toBe(isDropFrame(rate) ? 'DF' : 'NDF');
      const markers = list<{ name: string; comment: string; in: number; out: number }>(
        sequence.marker,
      );
      expect(markers.map((m) => m.in)).toEqual(moments.map(([, frame]) => frame));
      expect(markers.map((m) => m.out)).toEqual([-1, -1, -1]);
      expect(markers[0]!.name).toBe('Lena Lead (v2)');
      expect(markers[1]!.comment).toBe(tricky.trim());
    });

    it('EDL: the FCM flag and every event parsed back to its frame', () => {
      const lines = edlMarkers(source).split('\r\n');
      expect(lines[0]).toBe('TITLE: Spring promo, "final" v2');
      expect(lines[1]).toBe(`FCM: ${isDropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME'}`);
      const sep = isDropFrame(rate) ? ';' : ':';
      const tc = `(\\d{2}:\\d{2}:\\d{2}[${sep}]\\d{2})`;
      const event = new RegExp(`^(\\d{3})  AX +V +C +${tc} ${tc} ${tc} ${tc}$`);
      const events = lines.flatMap((line, i) => {
        const m = event.exec(line);
        return m ? [{ n: m[1], tc: m.slice(2, 6), note: lines[i + 1] }] : [];
      });
      expect(events.map((e) => e.n)).toEqual(['001', '002', '003']);
      const hour = theirFrame(`01:00:00${sep}00`, rate);
      events.forEach((e, i) => {
        const frame = moments[i]![1];
        expect(e.tc[0]).toBe(theirTimecode(frame, rate));
        expect(e.tc.map((t) => theirFrame(t!, rate))).toEqual([
          frame,
          frame + 1,
          frame + hour,
          frame + hour + 1,
        ]);
      });
      expect(events[1]!.note).toBe(
        ' |C:ResolveColorBlue |M:Client Bright (v2): Cut here, the "logo" & <title> flash --> and the music is late |D:1',
      );
    });

    it('SRT: a cue per note at the exact millisecond', () => {
      const cues = new SrtParser().fromSrt(srtMarkers(source));
      expect(cues.map((c) => c.startTime)).toEqual(moments.map(([, , at]) => at));
      expect(cues[1]!.text).toBe(
        'Client Bright (v2): Cut here, the "logo" & <title> flash ->\nand the music is late',
      );
      expect(cues[2]!.text).toBe(`Sam (v2): Note 2 at 59:59 ${DRAWING_NOTE}`);
      expect(cues[0]!.endSeconds - cues[0]!.startSeconds).toBeCloseTo(3);
    });

    it('WebVTT: valid, the same cues and moments', () => {
      const tree = new WebVTTParser().parse(vttMarkers(source));
      expect(tree.errors).toEqual([]);
      const seconds = (at: string) => {
        const [h, m, s] = at.replace(',', '.').split(':').map(Number) as [number, number, number];
        return h * 3600 + m * 60 + s;
      };
      expect(tree.cues.map((c) => Math.round(c.startTime * 1000))).toEqual(
        moments.map(([, , at]) => Math.round(seconds(at) * 1000)),
      );
      expect(tree.cues[1]!.text).toBe(
        'Client Bright (v2): Cut here, the "logo" &amp; &lt;title&gt; flash -&gt;\nand the music is late',
      );
    });

    it('CSV: SMPTE timecodes, version, author, the note', () => {
      const rows = parseCsv(plainMarkersCsv([source]));
      expect(rows[0]).toEqual(['Time', 'Version', 'Author', 'Text', 'Status']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(
        moments.map(([, frame]) => theirTimecode(frame, rate)),
      );
      expect(rows[2]!.slice(1, 4)).toEqual(['v2', 'Client Bright', tricky.trim()]);
    });
  });
}

describe('the formula guard', () => {
  const formula: MarkerSource = {
    ...versionAt('25'),
    notes: [{ author: 'Sam', content: '=SUM(1) | pipes too', frame: 50, drawn: false }],
  };
  it('is in the CSV only', () => {
    expect(parseCsv(plainMarkersCsv([formula]))[1]![3]).toBe("'=SUM(1) | pipes too");
    expect(new SrtParser().fromSrt(srtMarkers(formula))[0]!.text).toBe(
      'Sam (v2): =SUM(1) | pipes too',
    );
    const marker = xml.parse(fcpxmlMarkers(formula)).fcpxml.library.event.project.sequence.spine.gap
      .marker;
    expect(marker['@_value']).toBe('Sam (v2): =SUM(1) | pipes too');
    // The EDL drops only the '|' that separates Resolve's fields.
    expect(edlMarkers(formula)).toContain('|M:Sam (v2): =SUM(1) pipes too |D:1');
  });
});

describe('several videos in one CSV', () => {
  it('puts a Video column first', () => {
    const other = { ...versionAt('29.97df'), name: 'Teaser', version: 'Source' };
    const rows = parseCsv(plainMarkersCsv([versionAt('25'), other]));
    expect(rows[0]).toEqual(['Video', 'Time', 'Version', 'Author', 'Text', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Spring promo, "final"', '00:00:00:00', 'v2'],
      ['Spring promo, "final"', '00:01:23:13', 'v2'],
      ['Spring promo, "final"', '00:59:59:00', 'v2'],
      ['Teaser', '00:00:00;00', 'Source'],
      ['Teaser', '00:01:23;14', 'Source'],
      ['Teaser', '00:59:59;00', 'Source'],
    ]);
  });
});

describe('pieces', () => {
  it('writes FCPXML rational time in lowest terms', () => {
    expect(fcpxmlTime(0, '29.97df')).toBe('0s');
    expect(fcpxmlTime(1, '29.97df')).toBe('1001/30000s');
    expect(fcpxmlTime(50, '25')).toBe('2s');
    expect(fcpxmlTime(2, '50')).toBe('1/25s');
  });

  it('strips what would break an EDL line or field', () => {
    expect(edlText('a\tb\u0007c\r\n|d  e')).toBe('a bc d e');
  });

  it('answers each format with its content type', () => {
    const source = versionAt('25');
    expect(markersFile('fcpxml', [source]).contentType).toBe('application/xml; charset=utf-8');
    expect(markersFile('xmeml', [source]).contentType).toBe('application/xml; charset=utf-8');
    expect(markersFile('edl', [source]).contentType).toBe('text/plain; charset=utf-8');
    expect(markersFile('srt', [source]).contentType).toBe('application/x-subrip; charset=utf-8');
    expect(markersFile('vtt', [source]).contentType).toBe('text/vtt; charset=utf-8');
    expect(markersFile('csv', [source]).text).toBe(plainMarkersCsv([source]));
  });

  it.each([
    ['Spring promo, "final"', 'csv', 'v2', 'spring-promo-final-v2-markers.csv'],
    ['Été déjà vu', 'fcpxml', 'Source', 'ete-deja-vu-source-markers.fcpxml'],
    ['../../etc/passwd', 'edl', 'v1', 'etc-passwd-v1-markers.edl'],
    ['日本語', 'vtt', undefined, 'video-notes.vtt'],
  ] as const)('a safe file name: %j as %s of %s is %j', (name, format, version, file) => {
    expect(markersFileName(name, format, version)).toBe(file);
  });
});

describe('the several-videos query', () => {
  const a = '11111111-1111-4111-8111-111111111111';
  const b = '22222222-2222-4222-8222-222222222222';
  it('reads comma-separated ids once each', () => {
    expect(multiMarkersQuery.parse({ ids: `${a}, ${b},${a}`, format: 'csv' }).ids).toEqual([a, b]);
  });
  it.each([
    [{ ids: '', format: 'csv' }, 'Select at least one video'],
    [{ ids: 'nope', format: 'csv' }, 'Each id must be a video id'],
    [{ ids: a, format: 'edl' }, 'Several videos export as csv'],
    [{ ids: Array(101).fill(a).join(','), format: 'csv' }, 'At most 100 videos at once'],
  ])('refuses %j', (query, message) => {
    const result = multiMarkersQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
