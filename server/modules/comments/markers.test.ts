import { XMLParser } from 'fast-xml-parser';
import SrtParser from 'srt-parser-2';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { COMMENT_MESSAGES } from '@domain/comments';
import { MARKER_MESSAGES } from '@domain/markers';
import { parseCsv } from '@domain/test-helpers';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

const t = setUpVideoPeople();
const { id, call } = t;
let promo: string;
let teaser: string;
let othersVideo: string;

const tricky = 'Fix the cut at 0:05, the "logo" flashes\nand the music is late';

/** A video of `userId` named `name` (with `more` of its fields): its id. */
const seed = async (
  userId: string,
  name: string,
  more: { assignedEditorId?: string; status?: string } = {},
) => (await seedVideo(t, { ...more, userId, name })).id;

beforeAll(async () => {
  promo = await seed(id.owner!, 'Spring promo / "v2"', {
    assignedEditorId: id.editor!,
    status: 'review',
  });
  teaser = await seed(id.owner!, 'Teaser', { status: 'draft' });
  othersVideo = await seed(id.other!, 'Not yours');
  for (const [who, video, content] of [
    ['owner', promo, tricky],
    ['editor', promo, 'No timecode in this one'],
    ['lead1', promo, 'Colour at 1:02:03 and again at 0:10'],
    ['teameditor', teaser, 'Title card at 0:01'],
  ] as const) {
    const res = await call(who, 'POST', `/api/videos/${video}/comments`, { content });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const markers = (who: string, video: string, format: string) =>
  call(who, 'GET', `/api/videos/${video}/markers?format=${format}`);

describe('GET /api/videos/{id}/markers', () => {
  it('answers plain CSV as a download named after the video and version', async () => {
    const res = await markers('owner', promo, 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="spring-promo-v2-source-markers.csv"',
    );
    // A note's time is its first timecode (at the source's 30 fps); one marker per note.
    expect(parseCsv(res.body)).toEqual([
      ['Time', 'Version', 'Author', 'Text', 'Status'],
      ['00:00:05:00', 'Source', 'Olivia "O" Owner', tricky, 'In Review'],
      ['01:02:03:00', 'Source', 'Lea', 'Colour at 1:02:03 and again at 0:10', 'In Review'],
    ]);
  });

  it('answers each format with its type and file name', async () => {
    const cases = [
      ['fcpxml', 'application/xml', 'spring-promo-v2-source-markers.fcpxml', '<fcpxml'],
      ['xmeml', 'application/xml', 'spring-promo-v2-source-markers.xml', '<xmeml'],
      ['edl', 'text/plain', 'spring-promo-v2-source-markers.edl', 'FCM: NON-DROP FRAME'],
      ['srt', 'application/x-subrip', 'spring-promo-v2-source-notes.srt', '00:00:05,000 --> '],
      ['vtt', 'text/vtt', 'spring-promo-v2-source-notes.vtt', 'WEBVTT'],
    ] as const;
    for (const [format, type, file, text] of cases) {
      const res = await markers('teameditor', promo, format);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      expect(res.body).toContain(text);
    }
  });

  it('answers 422 with a message when no note has a time, not a file of headers', async () => {
    const quiet = await seed(id.owner!, 'Quiet');
    const posted = await call('owner', 'POST', `/api/videos/${quiet}/comments`, {
      content: 'No time in this one',
    });
    expect(posted.statusCode).toBe(201);
    for (const format of ['csv', 'fcpxml', 'edl']) {
      const res = await markers('owner', quiet, format);
      expect(res.statusCode, format).toBe(422);
      expect(res.json()).toEqual({ message: MARKER_MESSAGES.none });
    }
  });

  it('is refused with 404 to whoever may not read the video, the same as a missing one', async () => {
    for (const who of ['other', 'stranger']) {
      const res = await markers(who, promo, 'csv');
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ message: 'Video not found' });
    }
    const missing = await markers('boss', '00000000-0000-4000-8000-000000000000', 'csv');
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('anonymous', 'GET', `/api/videos/${promo}/markers?format=csv`)).statusCode,
    ).toBe(401);
  });

  it('refuses a missing or unknown format (the old premiere and resolve too) with 400', async () => {
    for (const format of ['', '&format=xml', '&format=premiere', '&format=resolve']) {
      const url = `/api/videos/${promo}/markers?${format}`;
      const res = await call('owner', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MARKER_MESSAGES.format);
    }
  });
});

describe('markers at true frame rates (issue 43)', () => {
  /** A video at `rate` with notes typed at 0:00, 1:23.5 and 59:59 (one drawn-free, by time). */
  const videoAt = async (rate: string) => {
    const created = await call('owner', 'POST', '/api/videos', {
      name: `At ${rate}`,
      link: 'https://cdn.example.com/cut.mp4',
      frameRate: rate,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().frameRate).toBe(rate);
    const videoId = created.json().id as string;
    for (const time of ['0:00', '1:23.5', '59:59']) {
      const res = await call('owner', 'POST', `/api/videos/${videoId}/comments`, {
        content: `Note at ${time}`,
        time,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    return videoId;
  };
  // The frames (nearest) and the moments they start at, worked out by hand.
  const expected = {
    '23.976': { frames: [0, 2002, 86290], srt: ['00:00:00,000', '00:01:23,500', '00:59:59,012'] },
    '25': { frames: [0, 2088, 89975], srt: ['00:00:00,000', '00:01:23,520', '00:59:59,000'] },
    '29.97df': { frames: [0, 2502, 107862], srt: ['00:00:00,000', '00:01:23,483', '00:59:58,995'] },
  } as const;
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

  for (const [rate, want] of Object.entries(expected)) {
    it(`exports exact times at ${rate}`, async () => {
      const videoId = await videoAt(rate);
      const get = async (format: string) => {
        const res = await markers('owner', videoId, format);
        expect(res.statusCode, res.body).toBe(200);
        return res.body;
      };
      const notes = await call('owner', 'GET', `/api/videos/${videoId}/comments`);
      expect(notes.json().map((c: { frame: number }) => c.frame)).toEqual(want.frames);
      const drop = rate === '29.97df';
      expect(notes.json()[1].timecode).toBe(
        { '23.976': '00:01:23:10', '25': '00:01:23:13', '29.97df': '00:01:23;14' }[rate],
      );

      const srt = new SrtParser().fromSrt(await get('srt'));
      expect(srt.map((c) => c.startTime)).toEqual(want.srt);
      const xmeml = xml.parse(await get('xmeml')).xmeml.sequence;
      expect(xmeml.marker.map((m: { in: number }) => m.in)).toEqual(want.frames);
      expect(xmeml.timecode.displayformat).toBe(drop ? 'DF' : 'NDF');
      const fcpxml = xml.parse(await get('fcpxml')).fcpxml.library.event.project.sequence;
      expect(fcpxml['@_tcFormat']).toBe(drop ? 'DF' : 'NDF');
      expect(fcpxml.spine.gap.marker).toHaveLength(3);
      const edl = (await get('edl')).split('\r\n');
      expect(edl[1]).toBe(drop ? 'FCM: DROP FRAME' : 'FCM: NON-DROP FRAME');
      const vtt = new WebVTTParser().parse(await get('vtt'));
      expect(vtt.errors).toEqual([]);
      expect(vtt.cues).toHaveLength(3);
    });
  }
});

describe('GET /api/videos/{id}/markers of one version (issue 41)', () => {
  let cut: string;
  const rowsOf = async (query: string) => {
    const res = await call('editor', 'GET', `/api/videos/${cut}/markers?format=csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return parseCsv(res.body)
      .slice(1)
      .map((r) => r[3]);
  };

  beforeAll(async () => {
    cut = await seed(id.owner!, 'Cut', { assignedEditorId: id.editor!, status: 'in_progress' });
    const post = async (content: string, version?: number | null) => {
      const body = version === undefined ? { content } : { content, version };
      const res = await call('owner', 'POST', `/api/videos/${cut}/comments`, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    await post('Source: logo at 0:01');
    const added = await call('editor', 'POST', `/api/videos/${cut}/versions`, {
      link: 'https://cdn.example.com/cut-v1.mp4',
    });
    expect(added.statusCode, added.body).toBe(201);
    await post('v1: music at 0:02');
    await post('Source again at 0:03', null);
  });

  it("exports the current version's notes when none is named", async () => {
    expect(await rowsOf('')).toEqual(['v1: music at 0:02']);
    expect(await rowsOf('&version=1')).toEqual(['v1: music at 0:02']);
  });

  it("exports the source's notes with version=source", async () => {
    expect(await rowsOf('&version=source')).toEqual([
      'Source: logo at 0:01',
      'Source again at 0:03',
    ]);
  });

  it('answers 404 for a version the video does not have, 400 for one that is not a version', async () => {
    const missing = await call('editor', 'GET', `/api/videos/${cut}/markers?format=csv&version=2`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COMMENT_MESSAGES.noSuchVersion(2));
    for (const bad of ['0', 'v1', 'latest', '-1']) {
      const res = await call(
        'editor',
        'GET',
        `/api/videos/${cut}/markers?format=csv&version=${bad}`,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(COMMENT_MESSAGES.versionFilterInvalid);
    }
  });
});

describe('GET /api/videos/markers (several videos)', () => {
  const several = (who: string, ids: string[], format: string) =>
    call(who, 'GET', `/api/videos/markers?ids=${ids.join(',')}&format=${format}`);

  it('answers one CSV with a Video column, in the order asked', async () => {
    const res = await several('lead1', [teaser, promo], 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="markers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Video', 'Time', 'Version', 'Author', 'Text', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['Teaser', '00:00:01:00'],
      ['Spring promo / "v2"', '00:00:05:00'],
      ['Spring promo / "v2"', '01:02:03:00'],
    ]);
    expect(rows[1]![5]).toBe('Draft');
  });

  it('is refused whole (404) when one video is not readable', async () => {
    const res = await several('owner', [promo, othersVideo], 'csv');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Video not found' });
    expect((await several('boss', [promo, othersVideo], 'csv')).statusCode).toBe(200);
  });

  it('refuses bad ids, too many, none and the EDL with 400 and a message', async () => {
    const cases: [string, string][] = [
      [`ids=${promo},nope&format=csv`, MARKER_MESSAGES.idInvalid],
      [`ids=&format=csv`, MARKER_MESSAGES.idsRequired],
      [`format=csv`, MARKER_MESSAGES.idsRequired],
      [
        `ids=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}&format=csv`,
        MARKER_MESSAGES.tooMany,
      ],
      [`ids=${promo}&format=edl`, MARKER_MESSAGES.multiFormat],
      [`ids=${promo}`, MARKER_MESSAGES.multiFormat],
    ];
    for (const [query, message] of cases) {
      const res = await call('owner', 'GET', `/api/videos/markers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});
