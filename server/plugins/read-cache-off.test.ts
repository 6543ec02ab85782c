import { eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { DELTA_STATUS, LIST_DELTA } from '@domain/list-delta';
import type { App } from '../app';
import { notifications, sessions, videos } from '../db/schema';
import { readSettings } from '../env';
import { sessionIdOf } from './sessions.repository';
import { ListVersionsCache, VideoJsonCache } from '../modules/videos/video-list';
import { secondInstance, seedVideo, setUpVideoPeople } from '../test/helper';

/**
 * READ_CACHE=off (issue 39, item 2): an instance with it keeps no answer between requests. A
 * change made behind the apps' backs (in SQL with the triggers off: no scope moves, no NOTIFY)
 * is seen by it at once, where an instance with its caches on still serves what it kept, the
 * read cache's answer, the session and the unread count alike. Its answers are still tagged (by
 * their bytes: 304 to a reader who holds them), but it sends no delta.
 */
const t = setUpVideoPeople();
let off: Awaited<ReturnType<typeof secondInstance>>;
let videoId: string;

beforeAll(async () => {
  off = await secondInstance(t, { readCache: false });
  videoId = (await seedVideo(t, { userId: t.id.owner, name: 'Before' })).id;
  // Enough videos for a delta (read-cache.ts, DELTA_MIN_PARTS).
  for (let i = 0; i < 60; i++) await seedVideo(t, { userId: t.id.owner, name: `Filler ${i}` });
});
afterAll(async () => {
  await off?.close();
});

/** A change no trigger sees: the caches are not told, no scope's version moves. */
const behindTheBack = (change: (tx: typeof t.db) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx as unknown as typeof t.db);
  });

const get = (app: App, url: string, who: keyof typeof t.cookie = 'owner') =>
  app.inject({ url, headers: { cookie: t.cookie[who] } });

describe('READ_CACHE=off', () => {
  it('is read from the environment: on unless off, anything else refused', () => {
    expect(readSettings({}).readCache).toBe(true);
    expect(readSettings({ READ_CACHE: 'on' }).readCache).toBe(true);
    expect(readSettings({ READ_CACHE: 'off' }).readCache).toBe(false);
    expect(() => readSettings({ READ_CACHE: 'no' })).toThrow(/READ_CACHE must be on or off/);
  });

  it('sees at once a change no trigger told of, where the caches still serve what they kept', async () => {
    const read = async (app: App) => {
      const [list, count] = await Promise.all(
        ['/api/videos', '/api/notifications/count'].map((url) => get(app, url)),
      );
      return {
        listed: (list!.json() as { id: string; name: string }[]).find((v) => v.id === videoId)
          ?.name,
        unread: (count!.json() as { count: number }).count,
      };
    };
    // Both read, so the caching instance keeps the list, the count and the session.
    expect(await read(t.app)).toEqual({ listed: 'Before', unread: 0 });
    expect(await read(off.app)).toEqual({ listed: 'Before', unread: 0 });

    await behindTheBack(async (tx) => {
      await tx.update(videos).set({ name: 'After' }).where(eq(videos.id, videoId));
      await tx
        .insert(notifications)
        .values({ recipientId: t.id.owner, type: 'test', title: 'Hi', message: 'Hello' });
    });

    expect(await read(off.app)).toEqual({ listed: 'After', unread: 1 });
    // The same reads from the caching instance, within its time limits: what it kept.
    expect(await read(t.app)).toEqual({ listed: 'Before', unread: 0 });
  });

  it('ends a session deleted behind its back at once', async () => {
    const { cookie } = await (async () => {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'other', password: 'secret123' },
      });
      return { cookie: `sid=${res.cookies.find((c) => c.name === 'sid')!.value}` };
    })();
    const me = (app: App) => app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect((await me(t.app)).statusCode).toBe(200);
    expect((await me(off.app)).statusCode).toBe(200);
    const id = sessionIdOf(cookie.slice('sid='.length));
    await behindTheBack((tx) => tx.delete(sessions).where(eq(sessions.id, id)));
    expect((await me(off.app)).statusCode).toBe(401);
    expect((await me(t.app)).statusCode).toBe(200);
  });

  it('tags its answers by their bytes, answers 304 to their holder, and sends no delta', async () => {
    const first = await get(off.app, '/api/videos');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await off.app.inject({
      url: '/api/videos',
      headers: { cookie: t.cookie.owner, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // Another instance's answer of the same bytes has the same tag: no cache behind it.
    const other = await secondInstance(t, { readCache: false });
    try {
      expect((await get(other.app, '/api/videos')).headers.etag).toBe(etag);
    } finally {
      await other.close();
    }

    // A change to one video of a list the reader holds: the caching instance sends the delta,
    // the cache-off one the whole list.
    const held = await get(t.app, '/api/videos');
    await t.db.update(videos).set({ name: 'Changed' }).where(eq(videos.id, videoId));
    const ask = (app: App, tag: string) =>
      app.inject({
        url: '/api/videos',
        headers: { cookie: t.cookie.owner, 'if-none-match': tag, 'a-im': LIST_DELTA },
      });
    expect((await ask(t.app, held.headers.etag as string)).statusCode).toBe(DELTA_STATUS);
    const whole = await ask(off.app, etag);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toContain('"name":"Changed"');
  });

  it("keeps no video's JSON and no list's versions when their limits are 0", () => {
    const json = new VideoJsonCache(0);
    json.set('a|1|0|0', Buffer.from('{}'), json.epoch);
    expect(json.get('a|1|0|0')).toBeUndefined();
    const lists = new ListVersionsCache(0);
    lists.set('key', 'label', { keys: [], clients: [], editors: [], micros: [], rounds: [] });
    expect(lists.get('key')).toBeUndefined();
  });
});
