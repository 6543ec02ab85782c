import { describe, expect, it, vi } from 'vitest';
import { LIST_DELTA } from '@domain/list-delta';
import { titled, unmet } from '../test/conditions';
import { cacheListenerPids, seedPerson, seedVideo, setUpVideoPeople } from '../test/helper';

/*
 * Delta answers (list-delta.test.ts, docs/decisions/0014-list-deltas.md) once the feed that
 * tells an instance of changes was down. PostgreSQL only (PGlite has no backend to kill): this
 * file runs in the api-postgres project alone (vitest.config.ts), so none of its tests is
 * skipped in CI.
 */
const t = setUpVideoPeople();

type Video = { id: string; name: string };

const read = (cookie: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
const asDelta = (tag: string) => ({ 'if-none-match': tag, 'a-im': LIST_DELTA });
const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/videos/${id}`, headers: { cookie }, payload });

/** A client of her own with `n` videos, signed in, and the tag of the list she holds. */
async function clientWithList(username: string, n: number) {
  const client = await seedPerson(t, { username, role: 'client' });
  const videos = [];
  for (let i = 0; i < n; i++) {
    videos.push(await seedVideo(t, { userId: client.id, name: `${username} ${i}` }));
  }
  const first = await read(client.cookie, '/api/videos');
  expect(first.statusCode).toBe(200);
  return { client, videos, tag: first.headers.etag as string };
}

describe('a video list sent as what changed since the one the reader holds', () => {
  const noServer = unmet({ driver: 'postgres' });
  describe.skipIf(noServer !== '')(
    titled('forgets the held lists once the feed was down (PostgreSQL only)', noServer),
    () => {
      it('sends the whole list to a reader holding a tag from before', async () => {
        const { client, videos, tag } = await clientWithList('delta6', 50);
        expect((await patch(client.cookie, videos[1]!.id, { name: 'Across' })).statusCode).toBe(
          200,
        );
        await t.database.pool!.query(
          'select pg_terminate_backend(pid) from unnest($1::int[]) pid',
          [await cacheListenerPids(t)],
        );
        await vi.waitUntil(() => !t.app.cacheBus.live, { timeout: 5_000 });
        await vi.waitUntil(() => t.app.cacheBus.live, { timeout: 5_000 });
        const res = await read(client.cookie, '/api/videos', asDelta(tag));
        expect(res.statusCode).toBe(200);
        expect(res.json<Video[]>()).toHaveLength(50);
      });
    },
  );
});
