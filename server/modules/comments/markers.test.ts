import { beforeAll, describe, expect, it } from 'vitest';
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
  it('answers plain CSV as a download named after the video', async () => {
    const res = await markers('owner', promo, 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="spring-promo-v2-markers.csv"',
    );
    expect(parseCsv(res.body)).toEqual([
      ['Author', 'Time', 'Text', 'Status'],
      ['Olivia "O" Owner', '00:00:05:00', tricky, 'In Review'],
      ['Lea', '00:00:10:00', 'Colour at 1:02:03 and again at 0:10', 'In Review'],
      ['Lea', '01:02:03:00', 'Colour at 1:02:03 and again at 0:10', 'In Review'],
    ]);
  });

  it("answers Premiere Pro's marker CSV", async () => {
    const res = await markers('editor', promo, 'premiere');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('spring-promo-v2-premiere-markers.csv');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Marker Name', 'Description', 'In', 'Out', 'Duration', 'Marker Type']);
    expect(rows[1]!.slice(0, 3)).toEqual(['Olivia "O" Owner', tricky, '00:00:05:00']);
    expect(rows.slice(1).map((r) => r[5])).toEqual(['Comment', 'Comment', 'Comment']);
  });

  it('answers a Resolve EDL as plain text', async () => {
    const res = await markers('teameditor', promo, 'resolve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('spring-promo-v2-markers.edl');
    const lines = res.body.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: Spring promo / "v2"', 'FCM: NON-DROP FRAME']);
    expect(lines[3]).toMatch(/^001 .* 00:00:05:00 00:00:05:01 01:00:05:00 01:00:05:01 {2}$/);
    expect(lines[4]).toBe(
      ' |C:ResolveColorBlue |M:Olivia "O" Owner: Fix the cut at 0:05, the "logo" flashes and the music is late |D:1',
    );
    expect(lines.filter((l) => /^\d{3} /.test(l))).toHaveLength(3);
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

  it('refuses a missing or unknown format with 400 and a message', async () => {
    for (const url of [`/api/videos/${promo}/markers`, `/api/videos/${promo}/markers?format=xml`]) {
      const res = await call('owner', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MARKER_MESSAGES.format);
    }
  });
});

describe('GET /api/videos/{id}/markers of one version (issue 41)', () => {
  let cut: string;
  const rowsOf = async (query: string) => {
    const res = await call('editor', 'GET', `/api/videos/${cut}/markers?format=csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return parseCsv(res.body)
      .slice(1)
      .map((r) => r[2]);
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
    expect(rows[0]).toEqual(['Video', 'Author', 'Time', 'Text', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
      ['Teaser', '00:00:01:00'],
      ['Spring promo / "v2"', '00:00:05:00'],
      ['Spring promo / "v2"', '00:00:10:00'],
      ['Spring promo / "v2"', '01:02:03:00'],
    ]);
    expect(rows[1]![4]).toBe('Draft');
  });

  it('names Premiere markers after their video', async () => {
    const res = await several('owner', [promo, teaser], 'premiere');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('premiere-markers-');
    expect(parseCsv(res.body).map((r) => r[0])).toEqual([
      'Marker Name',
      'Spring promo / "v2": Olivia "O" Owner',
      'Spring promo / "v2": Lea',
      'Spring promo / "v2": Lea',
      'Teaser: teameditor',
    ]);
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
      [`ids=${promo}&format=resolve`, MARKER_MESSAGES.multiFormat],
      [`ids=${promo}`, MARKER_MESSAGES.multiFormat],
    ];
    for (const [query, message] of cases) {
      const res = await call('owner', 'GET', `/api/videos/markers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});
