import { describe, expect, it } from 'vitest';
import {
  edlText,
  markersFile,
  markersFileName,
  markersOf,
  multiMarkersQuery,
  plainMarkersCsv,
  premiereMarkersCsv,
  resolveMarkersEdl,
  type MarkerSource,
} from './markers';
import { parseCsv } from './test-helpers';
import { findTimecodes } from './timecode';

const tricky = 'Cut here at 0:05, the "logo" flashes\nand the music is late';
const video: MarkerSource = {
  name: 'Spring promo, "final"',
  status: 'review',
  comments: [
    { author: 'Lena Lead', content: 'Colour at 01:02:03 looks off' },
    { author: 'Client Bright', content: tricky },
    { author: 'Sam', content: 'No timecode here, just a thought' },
    { author: 'Sam', content: 'Compare 1:10 with 00:00:20:15' },
  ],
};
const other: MarkerSource = {
  name: 'Teaser',
  status: 'in_progress',
  comments: [{ author: 'Sam', content: '=SUM(1) at 0:02 | pipes too' }],
};

describe('markersOf', () => {
  it('gives one marker per timecode, by time, and leaves comments without one out', () => {
    const markers = markersOf(video);
    expect(markers.map((m) => [m.author, m.seconds])).toEqual([
      ['Client Bright', 5],
      ['Sam', 20.5],
      ['Sam', 70],
      ['Lena Lead', 3723],
    ]);
    expect(markers.every((m) => m.status === 'In Review')).toBe(true);
  });
});

describe('plain CSV', () => {
  it('reads back: author, time, text and status, the tricky comment whole', () => {
    const rows = parseCsv(plainMarkersCsv([video]));
    expect(rows[0]).toEqual(['Author', 'Time', 'Text', 'Status']);
    expect(rows.slice(1)).toEqual([
      ['Client Bright', '00:00:05:00', tricky, 'In Review'],
      ['Sam', '00:00:20:15', 'Compare 1:10 with 00:00:20:15', 'In Review'],
      ['Sam', '00:01:10:00', 'Compare 1:10 with 00:00:20:15', 'In Review'],
      ['Lena Lead', '01:02:03:00', 'Colour at 01:02:03 looks off', 'In Review'],
    ]);
    // The time column is a timecode the comments read back to the same moment.
    for (const [, time] of rows.slice(1)) expect(findTimecodes(time!)).toHaveLength(1);
  });

  it('puts a Video column first for several videos and keeps formulas as text', () => {
    const rows = parseCsv(plainMarkersCsv([video, other]));
    expect(rows[0]).toEqual(['Video', 'Author', 'Time', 'Text', 'Status']);
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual([
      'Spring promo, "final"',
      'Client Bright',
      '00:00:05:00',
      tricky,
      'In Review',
    ]);
    expect(rows[5]).toEqual([
      'Teaser',
      'Sam',
      '00:00:02:00',
      "'=SUM(1) at 0:02 | pipes too",
      'In Progress',
    ]);
  });

  it('is the header alone when nothing is timecoded', () => {
    expect(plainMarkersCsv([{ name: 'x', status: 'draft', comments: [] }])).toBe(
      '\uFEFFAuthor,Time,Text,Status\r\n',
    );
  });
});

describe('Premiere Pro marker CSV', () => {
  it("reads back with the Markers panel's columns, point markers of type Comment", () => {
    const rows = parseCsv(premiereMarkersCsv([video]));
    expect(rows[0]).toEqual(['Marker Name', 'Description', 'In', 'Out', 'Duration', 'Marker Type']);
    expect(rows[1]).toEqual([
      'Client Bright',
      tricky,
      '00:00:05:00',
      '00:00:05:00',
      '00:00:00:00',
      'Comment',
    ]);
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      '00:00:05:00',
      '00:00:20:15',
      '00:01:10:00',
      '01:02:03:00',
    ]);
    for (const row of rows) expect(row).toHaveLength(6);
  });

  it('names each marker after its video too when there are several', () => {
    const rows = parseCsv(premiereMarkersCsv([video, other]));
    expect(rows.map((r) => r[0])).toEqual([
      'Marker Name',
      'Spring promo, "final": Client Bright',
      'Spring promo, "final": Sam',
      'Spring promo, "final": Sam',
      'Spring promo, "final": Lena Lead',
      'Teaser: Sam',
    ]);
  });
});

describe('DaVinci Resolve EDL', () => {
  const EVENT =
    /^(\d{3}) {2}001 {6}V {5}C {8}(\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d) {2}$/;
  const COMMENT = /^ \|C:ResolveColorBlue \|M:(.*) \|D:1$/;

  /** The EDL read line by line as Resolve does: title, FCM, then event and marker lines. */
  function parseEdl(text: string) {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.some((l) => /[\r\n]/.test(l))).toBe(false);
    const title = /^TITLE: (.+)$/.exec(lines[0]!)?.[1];
    expect(lines[1]).toBe('FCM: NON-DROP FRAME');
    const events: { n: string; tc: string[]; text: string }[] = [];
    for (let i = 2; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '') continue;
      const event = EVENT.exec(line);
      if (!event) throw new Error(`not an event line: ${JSON.stringify(line)}`);
      const comment = COMMENT.exec(lines[++i] ?? '');
      if (!comment) throw new Error(`no marker line after event ${event[1]}`);
      events.push({ n: event[1]!, tc: event.slice(2, 6), text: comment[1]! });
    }
    return { title, events };
  }

  it('writes the title, FCM and an event per marker with its |M: text on one line', () => {
    const { title, events } = parseEdl(resolveMarkersEdl(video));
    expect(title).toBe('Spring promo, "final"');
    expect(events.map((e) => e.n)).toEqual(['001', '002', '003', '004']);
    expect(events[0]!.tc).toEqual(['00:00:05:00', '00:00:05:01', '01:00:05:00', '01:00:05:01']);
    expect(events[1]!.tc).toEqual(['00:00:20:15', '00:00:20:16', '01:00:20:15', '01:00:20:16']);
    expect(events[3]!.tc).toEqual(['01:02:03:00', '01:02:03:01', '02:02:03:00', '02:02:03:01']);
    expect(events[0]!.text).toBe(
      'Client Bright: Cut here at 0:05, the "logo" flashes and the music is late',
    );
  });

  it('strips what would break a line or a field: pipes, tabs, control characters', () => {
    const { events } = parseEdl(resolveMarkersEdl(other));
    expect(events[0]!.text).toBe('Sam: =SUM(1) at 0:02 pipes too');
    expect(edlText('a\tb\u0007c\r\n|d  e')).toBe('a bc d e');
  });

  it('has no events when nothing is timecoded, and a title even for an odd name', () => {
    const { title, events } = parseEdl(
      resolveMarkersEdl({ name: '|\n', status: 'draft', comments: [] }),
    );
    expect(title).toBe('Markers');
    expect(events).toEqual([]);
  });
});

describe('the files', () => {
  it('are CSV or plain text by format', () => {
    expect(markersFile('resolve', [video]).contentType).toBe('text/plain; charset=utf-8');
    expect(markersFile('premiere', [video]).contentType).toBe('text/csv; charset=utf-8');
    expect(markersFile('csv', [video]).text).toBe(plainMarkersCsv([video]));
  });

  it.each([
    ['Spring promo, "final"', 'csv', 'spring-promo-final-markers.csv'],
    ['Été déjà vu', 'premiere', 'ete-deja-vu-premiere-markers.csv'],
    ['../../etc/passwd', 'resolve', 'etc-passwd-markers.edl'],
    ['日本語', 'csv', 'video-markers.csv'],
  ] as const)('a safe file name: %j as %s is %j', (name, format, file) => {
    expect(markersFileName(name, format)).toBe(file);
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
    [{ ids: a, format: 'resolve' }, 'Several videos export as csv or premiere'],
    [{ ids: Array(101).fill(a).join(','), format: 'csv' }, 'At most 100 videos at once'],
  ])('refuses %j', (query, message) => {
    const result = multiMarkersQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
