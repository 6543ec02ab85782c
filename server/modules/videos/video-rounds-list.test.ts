import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_LIST_MESSAGES } from '@domain/videos';
import { videos } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';
import { giveRounds } from '../../test/rounds';

/**
 * Issue 41, item 5: review rounds in the video lists. GET /api/videos (and the admin list) take
 * `roundsOver=N` (more than N rounds) and `sort=rounds` (most rounds first, then newest first),
 * with a page cursor that keeps its place in that order.
 */
const t = setUpVideoPeople();

/** Name → rounds, in creation order (the last is the newest). */
const SCENE = [
  ['Zero', 0],
  ['Three A', 3],
  ['One', 1],
  ['Two', 2],
  ['Three B', 3],
  ['Five', 5],
  ['One B', 1],
] as const;

const names = (res: { json: <T>() => T }) => res.json<{ name: string }[]>().map((v) => v.name);

describe('rounds in the video lists', () => {
  beforeAll(async () => {
    for (const [i, [name, rounds]] of SCENE.entries()) {
      // One second apart, in order: newest first is the reverse of the scene.
      const video = await seedVideo(t, {
        userId: t.id.owner,
        name,
        assignedEditorId: t.id.editor,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
      await giveRounds(t.db, video.id, rounds, t.id.editor);
    }
    // Another client's busy video: the owner never sees it, the king does.
    const theirs = await seedVideo(t, {
      userId: t.id.other,
      name: 'Theirs',
      assignedEditorId: null,
    });
    await giveRounds(t.db, theirs.id, 4);
  });

  it('each video says its rounds', async () => {
    const res = await t.call('owner', 'GET', '/api/videos');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      res.json<{ name: string; rounds: number }[]>().map((v) => [v.name, v.rounds]),
    );
    expect(byName).toEqual(Object.fromEntries(SCENE));
  });

  it('roundsOver=N lists only the videos with more than N rounds, newest first', async () => {
    const over = async (n: number) =>
      names(await t.call('owner', 'GET', `/api/videos?roundsOver=${n}`));
    expect(await over(0)).toEqual(['One B', 'Five', 'Three B', 'Two', 'One', 'Three A']);
    expect(await over(1)).toEqual(['Five', 'Three B', 'Two', 'Three A']);
    expect(await over(2)).toEqual(['Five', 'Three B', 'Three A']);
    expect(await over(3)).toEqual(['Five']);
    expect(await over(5)).toEqual([]);
    // The king reads every client's: the other client's video with 4 rounds too.
    expect(names(await t.call('boss', 'GET', '/api/videos?roundsOver=3'))).toEqual([
      'Theirs',
      'Five',
    ]);
  });

  it('sort=rounds lists most rounds first, then newest first', async () => {
    const res = await t.call('owner', 'GET', '/api/videos?sort=rounds');
    expect(names(res)).toEqual(['Five', 'Three B', 'Three A', 'Two', 'One B', 'One', 'Zero']);
    // Filters and the order together.
    expect(names(await t.call('owner', 'GET', '/api/videos?sort=rounds&roundsOver=2'))).toEqual([
      'Five',
      'Three B',
      'Three A',
    ]);
    expect(names(await t.call('owner', 'GET', '/api/videos?sort=newest'))).toEqual(
      [...SCENE].reverse().map(([name]) => name),
    );
  });

  it('pages by rounds keep their place: every video once, in order, at every page size', async () => {
    const whole = names(await t.call('owner', 'GET', '/api/videos?sort=rounds'));
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await t.call(
          'owner',
          'GET',
          `/api/videos?sort=rounds&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        seen.push(...names(res));
        cursor = res.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(seen).toEqual(whole);
    }
    // The admin list pages the same way, over every client's videos.
    const adminSeen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await t.call(
        'boss',
        'GET',
        `/api/admin/videos?sort=rounds&roundsOver=0&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      adminSeen.push(...names(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(adminSeen).toEqual(['Five', 'Theirs', 'Three B', 'Three A', 'Two', 'One B', 'One']);
  });

  it('a page cut between two videos of the same rounds goes on from the right one', async () => {
    // Three B and Three A share 3 rounds: a page ending at Three B goes on with Three A.
    const first = await t.call('owner', 'GET', '/api/videos?sort=rounds&limit=2');
    expect(names(first)).toEqual(['Five', 'Three B']);
    const cursor = first.headers['x-next-cursor'] as string;
    const next = await t.call('owner', 'GET', `/api/videos?sort=rounds&limit=2&cursor=${cursor}`);
    expect(names(next)).toEqual(['Three A', 'Two']);
  });

  it('a video that gains a round moves in the order and into the filter', async () => {
    const [zero] = await t.db.select().from(videos).where(eq(videos.name, 'Zero'));
    await t.db.execute(sql`update videos set rounds = 6 where id = ${zero!.id}`);
    expect(names(await t.call('owner', 'GET', '/api/videos?sort=rounds&roundsOver=4'))).toEqual([
      'Zero',
      'Five',
    ]);
    await t.db.execute(sql`update videos set rounds = 0 where id = ${zero!.id}`);
    expect(names(await t.call('owner', 'GET', '/api/videos?sort=rounds&roundsOver=4'))).toEqual([
      'Five',
    ]);
  });

  it('refuses a bad filter, sort or cursor with a 400 that says why', async () => {
    for (const query of ['roundsOver=-1', 'roundsOver=1.5', 'roundsOver=many']) {
      const res = await t.call('owner', 'GET', `/api/videos?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(VIDEO_LIST_MESSAGES.roundsOver);
    }
    const sort = await t.call('owner', 'GET', '/api/videos?sort=oldest');
    expect(sort.statusCode).toBe(400);
    expect(sort.json<{ message: string }>().message).toContain(VIDEO_LIST_MESSAGES.sort);
    // A cursor of the newest-first order is not one of the rounds order, nor the other way.
    const newest = await t.call('owner', 'GET', '/api/videos?limit=1');
    const byRounds = await t.call('owner', 'GET', '/api/videos?sort=rounds&limit=1');
    const wrong = [
      `/api/videos?sort=rounds&limit=1&cursor=${newest.headers['x-next-cursor'] as string}`,
      `/api/videos?limit=1&cursor=${byRounds.headers['x-next-cursor'] as string}`,
    ];
    for (const url of wrong) {
      const res = await t.call('owner', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(VIDEO_LIST_MESSAGES.cursor);
    }
  });

  it('the API document describes both parameters on both lists', async () => {
    const doc = (await t.call('anonymous', 'GET', '/api/openapi.json')).json<{
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
    }>();
    for (const path of ['/api/videos', '/api/admin/videos']) {
      const params = Object.fromEntries(
        doc.paths[path]!.get.parameters.map((p) => [p.name, p.description]),
      );
      expect(params.roundsOver, path).toMatch(/more than this many review rounds/);
      expect(params.sort, path).toMatch(/most review rounds first/);
    }
  });
});
