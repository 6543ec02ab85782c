import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '@domain/comments';
import { TIMECODE_MESSAGES } from '@domain/timecode';
import { agencySettings, comments, videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/** True frame rates (issue 43): the rates of sources and versions, and the notes' frames. */
const t = setUpVideoPeople();
const { id, call } = t;

/** The agency's default rate (C's PUT /api/admin/agency stores it; set here directly). */
const setAgencyRate = async (rate: '30' | '25' | '23.976' | '29.97df') => {
  await t.db
    .insert(agencySettings)
    .values({ id: true, frameRate: rate })
    .onConflictDoUpdate({ target: agencySettings.id, set: { frameRate: rate } });
};

const create = async (more: object = {}) => {
  const res = await call('owner', 'POST', '/api/videos', {
    name: 'Rated',
    link: 'https://cdn.example.com/source.mp4',
    ...more,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; frameRate: string };
};

const post = (who: string, videoId: string, body: object) =>
  call(who, 'POST', `/api/videos/${videoId}/comments`, body);

describe("a source's and a version's rate", () => {
  it("takes the agency's rate unless one is chosen", async () => {
    await setAgencyRate('25');
    expect((await create()).frameRate).toBe('25');
    expect((await create({ frameRate: '59.94df' })).frameRate).toBe('59.94df');
    await setAgencyRate('30');
    expect((await create()).frameRate).toBe('30');
  });

  it('refuses a rate that is not one of the eight with 400 and a message', async () => {
    for (const frameRate of ['29.97', '120', 30]) {
      const res = await call('owner', 'POST', '/api/videos', {
        link: 'https://cdn.example.com/x.mp4',
        frameRate,
      });
      expect(res.statusCode, String(frameRate)).toBe(400);
      expect(res.json().message).toContain(TIMECODE_MESSAGES.frameRate);
    }
  });

  it("gives a version the rate chosen, else the agency's; carried notes keep their moment and drawing", async () => {
    const video = await seedVideo(t, {
      userId: id.owner!,
      assignedEditorId: id.editor!,
      frameRate: '30',
    });
    // 1:23.5 at 30 fps is frame 2505; at 25 fps the same moment is frame 2088 (2087.5 rounds up).
    const drawing = {
      shapes: [
        {
          tool: 'arrow',
          color: 'yellow',
          points: [
            [0.1, 0.2],
            [0.5, 0.75],
          ],
        },
      ],
    };
    const note = await post('owner', video.id, { content: 'Logo', time: '1:23.5', drawing });
    expect(note.json()).toMatchObject({ frame: 2505, timecode: '00:01:23:15', drawing });
    const v1 = await call('editor', 'POST', `/api/videos/${video.id}/versions`, {
      link: 'https://cdn.example.com/v1.mp4',
      frameRate: '25',
      carry: [note.json().id],
    });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json().frameRate).toBe('25');
    const carried = (
      await call('owner', 'GET', `/api/videos/${video.id}/comments?version=1`)
    ).json();
    expect(carried).toMatchObject([
      { content: 'Logo', frame: 2088, timecode: '00:01:23:13', carriedFrom: 0, drawing },
    ]);
    const v2 = await call('editor', 'POST', `/api/videos/${video.id}/versions`, {
      link: 'https://cdn.example.com/v2.mp4',
    });
    expect(v2.json().frameRate).toBe('30');
    const list = (await call('owner', 'GET', `/api/videos/${video.id}/versions`)).json();
    expect(list.versions.map((v: { frameRate: string }) => v.frameRate)).toEqual(['30', '25']);
    expect(list.source.frameRate).toBe('30');
    const bad = await call('editor', 'POST', `/api/videos/${video.id}/versions`, {
      link: 'https://cdn.example.com/v3.mp4',
      frameRate: 'fast',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TIMECODE_MESSAGES.frameRate);
  });
});

describe("a note's frame", () => {
  let df: string;
  beforeAll(async () => {
    df = (await seedVideo(t, { userId: id.owner!, frameRate: '29.97df' })).id;
  });

  it('is the typed time at the rate, in every form people write', async () => {
    const cases: [string, number, string][] = [
      ['1:23', 2488, '00:01:23;00'],
      ['1:23.5', 2502, '00:01:23;14'],
      ['01:23:12', 149610, '01:23:12;00'],
      ['00:01:23;12', 2500, '00:01:23;12'],
      ['00:01:00;02', 1800, '00:01:00;02'],
      ['00:10:00;00', 17982, '00:10:00;00'],
    ];
    for (const [time, frame, timecode] of cases) {
      const res = await post('owner', df, { content: 'Here', time });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json(), time).toMatchObject({ frame, timecode, content: 'Here' });
    }
  });

  it('is the frame given, or the first timecode of the text, or none', async () => {
    expect((await post('owner', df, { content: 'x', frame: 3600 })).json().timecode).toBe(
      '00:02:00;04',
    );
    expect((await post('owner', df, { content: 'fix 1:23.5 then 2:00' })).json().frame).toBe(2502);
    expect((await post('owner', df, { content: 'a 9:16 version' })).json()).toMatchObject({
      frame: null,
      timecode: null,
    });
    const [row] = await t.db
      .select({ frame: comments.frame })
      .from(comments)
      .where(eq(comments.content, 'x'));
    expect(row!.frame).toBe(3600);
  });

  it('refuses a time that names no frame, and a bad frame, with 400 and a message', async () => {
    for (const time of ['soon', '1:60', '00:01:00;00', '00:00:00:30']) {
      const res = await post('owner', df, { content: 'Nope', time });
      expect(res.statusCode, time).toBe(400);
      expect(res.json().message).toBe(TIMECODE_MESSAGES.time);
    }
    for (const frame of [-1, 1.5, 'x', 3e9]) {
      const res = await post('owner', df, { content: 'Nope', frame });
      expect(res.statusCode, String(frame)).toBe(400);
      expect(res.json().message).toBe(TIMECODE_MESSAGES.frame);
    }
    const stored = await t.db.select().from(comments).where(eq(comments.content, 'Nope'));
    expect(stored).toEqual([]);
    // A note on a version that does not exist is still refused first.
    const none = await post('owner', df, { content: 'Nope', version: 4, time: '0:01' });
    expect(none.json().message).toBe(COMMENT_MESSAGES.noSuchVersion(4));
  });

  it("is read at the rate of the version it is on, for a review link's guest too", async () => {
    const video = await seedVideo(t, {
      userId: id.owner!,
      assignedEditorId: id.editor!,
      status: 'review',
      frameRate: '30',
    });
    await call('editor', 'POST', `/api/videos/${video.id}/versions`, {
      link: 'https://cdn.example.com/v1.mp4',
      frameRate: '23.976',
    });
    const shared = await call('lead1', 'POST', '/api/review-links', {
      videoIds: [video.id],
      expiresInDays: 7,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const token = shared.json().token as string;
    const page = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
    expect(page.json().videos[0]).toMatchObject({ version: 1, frameRate: '23.976' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/review/${token}/videos/${video.id}/comments`,
      payload: { name: 'Alex', content: 'Cut earlier', time: '1:23.5', version: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ frame: 2002, timecode: '00:01:23:10' });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/review/${token}/videos/${video.id}/comments`,
      payload: { name: 'Alex', content: 'Cut earlier', time: 'later', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TIMECODE_MESSAGES.time);
    const [source] = await t.db
      .select({ rate: videos.frameRate })
      .from(videos)
      .where(eq(videos.id, video.id));
    expect(source!.rate).toBe('30');
  });
});
