import { describe, expect, it, vi } from 'vitest';
import { titled, unmet } from '../test/conditions';
import { cacheListenerPids, seedVideo, setUpVideoPeople } from '../test/helper';

/*
 * A video list's tag (read-cache-etag.test.ts, docs/decisions/0013-conditional-reads.md) takes
 * the instance's salt, drawn at start and again after the cache bus's feed was down (a restore
 * is reached through new connections): a reader never gets 304 for bytes it does not hold.
 * PostgreSQL only (PGlite has no backend to kill): this file runs in the api-postgres project
 * alone (vitest.config.ts), so none of its tests is skipped in CI.
 */
const t = setUpVideoPeople();

const read = (who: 'owner' | 'other', url: string, tag?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: t.cookie[who], ...(tag ? { 'if-none-match': tag } : {}) },
  });

describe("a video list's tag is its instance's", () => {
  const noServer = unmet({ driver: 'postgres' });
  describe.skipIf(noServer !== '')(
    titled(
      'changes once the feed was down (PostgreSQL only: PGlite has no backend to kill)',
      noServer,
    ),
    () => {
      it('answers the whole list, under a new tag, to a reader holding the old one', async () => {
        await seedVideo(t, { userId: t.id.owner, name: 'Across a restore' });
        const before = await read('owner', '/api/videos');
        const etag = before.headers.etag as string;
        expect((await read('owner', '/api/videos', etag)).statusCode).toBe(304);

        // A list being read as the feed goes down is tagged by its bytes, not the old salt.
        const takenBefore = t.app.keysTagger();
        expect(takenBefore(['a key'])).toMatch(/^"/);
        // This app's listener (and the closed second instance's, if it is still going away).
        const pids = await cacheListenerPids(t);
        expect(pids.length).toBeGreaterThan(0);
        await t.database.pool!.query(
          'select pg_terminate_backend(pid) from unnest($1::int[]) pid',
          [pids],
        );
        await vi.waitUntil(() => !t.app.cacheBus.live, { timeout: 5_000 });
        await vi.waitUntil(() => t.app.cacheBus.live, { timeout: 5_000 });

        expect(takenBefore(['a key'])).toBeUndefined();
        const after = await read('owner', '/api/videos', etag);
        expect(after.statusCode).toBe(200);
        expect(after.body).toBe(before.body);
        expect(after.headers.etag).not.toBe(etag);
        expect((await read('owner', '/api/videos', after.headers.etag as string)).statusCode).toBe(
          304,
        );
      });

      it('changes once a write went unheard, and the feed listens again', async () => {
        await seedVideo(t, { userId: t.id.owner, name: 'Across a deaf feed' });
        const elsewhere = await seedVideo(t, { userId: t.id.other, name: 'Not in the list' });
        const before = await read('owner', '/api/videos');
        const etag = before.headers.etag as string;
        expect((await read('owner', '/api/videos', etag)).statusCode).toBe(304);
        const [pid] = await cacheListenerPids(t);

        // A feed that counts as live but hears nothing (a socket half open after a failover):
        // its connection stops listening behind the bus's back.
        const { listener } = t.app.cacheBus as unknown as {
          listener: { client: { query(text: string): Promise<unknown> } };
        };
        await listener.client.query('UNLISTEN *');
        const rename = (name: string) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/videos/${elsewhere.id}`,
            headers: { cookie: t.cookie.other },
            payload: { name },
          });
        expect((await rename('Renamed unheard')).statusCode).toBe(200);
        // The write's marker does not come back: the bus listens on a new connection.
        await vi.waitUntil(() => !t.app.cacheBus.live, { timeout: 5_000, interval: 20 });
        await vi.waitUntil(() => t.app.cacheBus.live, { timeout: 5_000 });
        expect(await cacheListenerPids(t)).not.toContain(pid);

        // The owner's list is the same, but under the old salt's tag it is not confirmed.
        const after = await read('owner', '/api/videos', etag);
        expect(after.statusCode).toBe(200);
        expect(after.body).toBe(before.body);
        expect(after.headers.etag).not.toBe(etag);
        // The new connection hears this instance's writes.
        expect((await rename('Renamed and heard')).statusCode).toBe(200);
        await vi.waitUntil(() => t.app.cacheBus.settled, { timeout: 1_000 });
        expect(t.app.cacheBus.live).toBe(true);
      });
    },
  );
});
