import { describe, expect, it } from 'vitest';
import { applyListDelta, DELTA_STATUS, LIST_DELTA, type ListDelta } from '@domain/list-delta';
import { seedPerson, seedVideo, setUpVideoPeople } from '../test/helper';
import { type CachedReply, readCacheKey } from './read-cache';

/*
 * Delta answers (docs/decisions/0014-list-deltas.md): a reader that holds a video list this
 * instance tagged, and asks for `vw-list-delta` in A-IM, is sent only what changed (226), which
 * applied to what it holds gives exactly the list a whole read gives.
 */
const t = setUpVideoPeople();

type Video = { id: string; name: string };

const read = (cookie: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
const asDelta = (tag: string) => ({ 'if-none-match': tag, 'a-im': LIST_DELTA });

/** A client of her own with `n` videos, signed in, and the list she holds (whole, tagged). */
async function clientWithList(username: string, n: number) {
  const client = await seedPerson(t, { username, role: 'client' });
  const videos = [];
  for (let i = 0; i < n; i++) {
    videos.push(await seedVideo(t, { userId: client.id, name: `${username} ${i}` }));
  }
  const first = await read(client.cookie, '/api/videos');
  expect(first.statusCode).toBe(200);
  return {
    client,
    videos,
    held: first.json<Video[]>(),
    tag: first.headers.etag as string,
    body: first.body,
  };
}

/** The list read whole, as a reader without one would get it. */
async function whole(cookie: string) {
  const res = await read(cookie, '/api/videos');
  expect(res.statusCode).toBe(200);
  return res;
}

const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/videos/${id}`, headers: { cookie }, payload });

describe('a video list sent as what changed since the one the reader holds', () => {
  it('sends a changed video alone (226), which applied to the held list gives the whole list', async () => {
    const { client, videos, held, tag, body } = await clientWithList('delta1', 60);
    expect((await patch(client.cookie, videos[20]!.id, { name: 'Renamed' })).statusCode).toBe(200);

    const delta = await read(client.cookie, '/api/videos', asDelta(tag));
    expect(delta.statusCode).toBe(DELTA_STATUS);
    expect(delta.headers.im).toBe(LIST_DELTA);
    const answer = delta.json<ListDelta<Video>>();
    expect(answer.changed.map((v) => v.id)).toEqual([videos[20]!.id]);
    expect(delta.body.length * 10).toBeLessThan(body.length);

    const full = await whole(client.cookie);
    expect(delta.headers.etag).toBe(full.headers.etag);
    expect(applyListDelta(held, answer)).toEqual(full.json());
    // The new tag is confirmed as any other (304), and a delta from the old one comes again,
    // now from the kept answer.
    expect(
      (await read(client.cookie, '/api/videos', asDelta(full.headers.etag as string))).statusCode,
    ).toBe(304);
    const again = await read(client.cookie, '/api/videos', asDelta(tag));
    expect(again.statusCode).toBe(DELTA_STATUS);
    expect(again.body).toBe(delta.body);
  });

  it("keeps a list as its videos' kept JSON, not a copy: two lists of one reader share each video's bytes", async () => {
    const { client, videos } = await clientWithList('shared1', 3);
    expect((await read(client.cookie, '/api/videos?status=draft')).statusCode).toBe(200);
    const partsOf = (url: string) => {
      const kept: CachedReply | undefined = t.app.readCache.peek(
        readCacheKey({ id: client.id, role: 'client', isAdmin: 'false' }, url),
      );
      expect(kept).toBeDefined();
      const body = kept!.body;
      if (!('list' in body)) throw new Error(`${url} was kept as bytes, not as its videos' JSON`);
      return body.list.parts;
    };
    const all = partsOf('/api/videos');
    const drafts = partsOf('/api/videos?status=draft');
    expect(drafts).toHaveLength(videos.length);
    // The same objects: the bytes each video's JSON was kept as once.
    drafts.forEach((part, i) => expect(part).toBe(all[i]));
  });

  it('adds a new video and drops a deleted one', async () => {
    const { client, videos, held, tag } = await clientWithList('delta2', 55);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: client.cookie },
      payload: { name: 'Brand new', link: 'https://youtu.be/new' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videos[10]!.id}`,
      headers: { cookie: client.cookie },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);

    const delta = await read(client.cookie, '/api/videos', asDelta(tag));
    expect(delta.statusCode).toBe(DELTA_STATUS);
    const answer = delta.json<ListDelta<Video>>();
    expect(answer.changed.map((v) => v.name)).toEqual(['Brand new']);
    const full = await whole(client.cookie);
    expect(applyListDelta(held, answer)).toEqual(full.json());
    expect(full.json<Video[]>().map((v) => v.id)).not.toContain(videos[10]!.id);
  });

  it('sends the whole list to a reader who did not ask, holds a tag it does not know, or is someone else', async () => {
    const { client, videos, tag, body } = await clientWithList('delta3', 50);
    expect((await patch(client.cookie, videos[0]!.id, { name: 'Changed' })).statusCode).toBe(200);
    const full = await whole(client.cookie);
    expect(full.body).not.toBe(body);

    const notAsked = await read(client.cookie, '/api/videos', { 'if-none-match': tag });
    expect(notAsked.statusCode).toBe(200);
    expect(notAsked.body).toBe(full.body);
    const unknown = await read(client.cookie, '/api/videos', asDelta('"not-a-tag"'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(full.body);
    // A manager who names her tag reads his own list, whole.
    const lead = await read(t.cookie.lead1, '/api/videos', asDelta(tag));
    expect(lead.statusCode).toBe(200);
    expect(lead.json<Video[]>().length).toBeGreaterThan(50);
  });

  it('sends the whole list when most of it changed', async () => {
    const { client, videos, tag } = await clientWithList('delta4', 50);
    for (const v of videos.slice(0, 30)) {
      expect((await patch(client.cookie, v.id, { name: `${v.name} again` })).statusCode).toBe(200);
    }
    const res = await read(client.cookie, '/api/videos', asDelta(tag));
    expect(res.statusCode).toBe(200);
    expect(res.json<Video[]>()).toHaveLength(50);
  });

  it('keeps short lists whole', async () => {
    const { client, videos, tag } = await clientWithList('delta5', 5);
    expect((await patch(client.cookie, videos[0]!.id, { name: 'Short' })).statusCode).toBe(200);
    const res = await read(client.cookie, '/api/videos', asDelta(tag));
    expect(res.statusCode).toBe(200);
    expect(res.json<Video[]>()).toHaveLength(5);
  });
});
