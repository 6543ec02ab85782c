import { describe, expect, it, vi } from 'vitest';
import { secondInstance, seedPerson, seedVideo, setUpVideoPeople } from '../test/helper';
import { recordStatements } from '../test/statements';

/*
 * Conditional reads (docs/decisions/0013-conditional-reads.md): a `cacheable` GET's answer carries an ETag, and a
 * reader that names it in If-None-Match is answered 304, with no body, while the answer is the
 * same. The web app sends the tag of the answer it holds (web/lib/api-client.ts), so an editor's
 * list (1.5 MB at 100,000 videos) crosses the wire again only when it changed.
 */
const t = setUpVideoPeople();

const read = (who: 'owner' | 'other' | 'lead1', url: string, tag?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: t.cookie[who], ...(tag ? { 'if-none-match': tag } : {}) },
  });

describe('conditional reads of cacheable answers', () => {
  it('tags an answer and answers 304 without a body to a reader who holds it', async () => {
    await seedVideo(t, { userId: t.id.owner, name: 'Tagged one' });
    const first = await read('owner', '/api/videos');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await read('owner', '/api/videos', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A weak form of the same tag, or a list of tags holding it, is the same answer.
    expect((await read('owner', '/api/videos', `"x", W/${etag}`)).statusCode).toBe(304);
    // Another tag gets the whole answer, with the same tag as before.
    const other = await read('owner', '/api/videos', '"not-this-one"');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(etag);
  });

  it('sends the whole answer again once it changed, with a new tag', async () => {
    const video = await seedVideo(t, { userId: t.id.owner, name: 'Before the change' });
    const before = await read('owner', '/api/videos');
    const etag = before.headers.etag as string;
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/${video.id}`,
      headers: { cookie: t.cookie.owner },
      payload: { name: 'After the change' },
    });
    expect(rename.statusCode, rename.body).toBe(200);

    const after = await read('owner', '/api/videos', etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('After the change');
    expect(after.headers.etag).not.toBe(etag);
    expect((await read('owner', '/api/videos', after.headers.etag as string)).statusCode).toBe(304);
  });

  it("never answers 304 to a reader whose answer differs from the tag's", async () => {
    await seedVideo(t, { userId: t.id.owner, name: "Owner's own" });
    const owners = await read('owner', '/api/videos');
    const others = await read('other', '/api/videos', owners.headers.etag as string);
    expect(others.statusCode).toBe(200);
    expect(others.body).not.toContain("Owner's own");
  });

  it('answers 304 from the kept tag alone when the answer itself is not kept', async () => {
    await seedVideo(t, { userId: t.id.owner, name: 'Kept by tag' });
    const statements = recordStatements(t.database);
    const first = await read('lead1', '/api/videos?limit=10');
    const etag = first.headers.etag as string;
    // The whole answers go (an editor's 1.5 MB list is often not kept); the tags stay.
    t.app.readCache.clear();
    let answer!: Awaited<ReturnType<typeof read>>;
    const sent = await statements.during(async () => {
      answer = await read('lead1', '/api/videos?limit=10', etag);
    });
    expect(answer.statusCode).toBe(304);
    if (!t.app.cacheBus.live) return; // nothing is kept while no bus listens
    // Only the label of the viewer's scopes is read: no video.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('cache_scopes');
  });

  it('keeps the tag of an answer the clock cannot change past the 3 s of a kept answer', async () => {
    await seedVideo(t, { userId: t.id.owner, name: 'Kept a while' });
    const first = await read('owner', '/api/videos');
    const overdue = await read('lead1', '/api/lead/summary');
    const statements = recordStatements(t.database);
    // A minute later (the read cache's clock only: the database's stays where it is).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      let list!: Awaited<ReturnType<typeof read>>;
      const sent = await statements.during(async () => {
        list = await read('owner', '/api/videos', first.headers.etag as string);
      });
      expect(list.statusCode).toBe(304);
      if (!t.app.cacheBus.live) return; // nothing is kept while no bus listens
      // The list's tag is still kept: the label is read (and the session, whose 5 s are past
      // too), no video...
      expect(sent.some((q) => q.includes('cache_scopes'))).toBe(true);
      expect(sent.filter((q) => q.includes('"videos"'))).toEqual([]);
      // ... but the lead's summary counts overdue videos by the clock: made again.
      const summarySent = await statements.during(async () => {
        await read('lead1', '/api/lead/summary', overdue.headers.etag as string);
      });
      expect(summarySent.filter((q) => q.includes('"videos"')).length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a page of the same videos another tag once a next page appears', async () => {
    const client = await seedPerson(t, { username: 'paged', role: 'client' });
    for (const name of ['Page one', 'Page two']) await seedVideo(t, { userId: client.id, name });
    const url = '/api/videos?limit=2';
    const first = await t.app.inject({ method: 'GET', url, headers: { cookie: client.cookie } });
    expect(first.headers['x-next-cursor']).toBeUndefined();
    // An older video: the page's two videos are the same, and now a page follows.
    await seedVideo(t, { userId: client.id, name: 'Older', createdAt: new Date(2020, 0, 1) });
    const after = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: client.cookie, 'if-none-match': first.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(first.body);
    expect(after.headers['x-next-cursor']).toBeTruthy();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    // A 304 carries the cursor of the page it confirms, from the kept answer and from the kept
    // tag alone (issue 39: a header that is part of the answer).
    const held = { cookie: client.cookie, 'if-none-match': after.headers.etag as string };
    const kept = await t.app.inject({ method: 'GET', url, headers: held });
    expect(kept.statusCode).toBe(304);
    expect(kept.headers['x-next-cursor']).toBe(after.headers['x-next-cursor']);
    t.app.readCache.clear();
    const byTag = await t.app.inject({ method: 'GET', url, headers: held });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.headers['x-next-cursor']).toBe(after.headers['x-next-cursor']);
  });

  it("tags the header's total, and leaves answers that are not cacheable untagged", async () => {
    const total = await read('owner', '/api/videos/count');
    expect(total.statusCode).toBe(200);
    expect(total.headers.etag).toBeDefined();
    expect(
      (await read('owner', '/api/videos/count', total.headers.etag as string)).statusCode,
    ).toBe(304);
    const notices = await read('owner', '/api/notifications');
    expect(notices.statusCode).toBe(200);
    expect(notices.headers.etag).toBeUndefined();
  });

  it('reads every label with one statement built once, on PostgreSQL prepared by name', async () => {
    expect(t.app.cacheBus.live).toBe(true);
    const statements = recordStatements(t.database);
    const labelReads = async (who: 'owner' | 'other' | 'lead1') => {
      const sent = await statements.sentDuring(async () => {
        expect((await read(who, '/api/videos')).statusCode).toBe(200);
      });
      return sent.filter((s) => s.text.includes('cache_scopes'));
    };
    const [first, second, manager] = [
      await labelReads('owner'),
      await labelReads('other'),
      await labelReads('lead1'),
    ];
    expect(first).toHaveLength(1);
    for (const sent of [second, manager]) {
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toBe(first[0]!.text);
      // The driver is handed the statement built for the first label, not one built anew.
      expect(sent[0]!.config).toBe(first[0]!.config);
      expect(sent[0]!.name).toBe(t.database.pool ? 'read_cache_labels' : undefined);
    }
  });
});

/*
 * A video list is tagged by the keys of its videos' JSON, which name its bytes only as far as one
 * build writes them and one database numbers its rows (row versions are transaction numbers,
 * which a database put back from a backup may give again). The tag also takes the instance's
 * salt, drawn at start and again after the cache bus's feed was down (a restore is reached
 * through new connections): a reader never gets 304 for bytes it does not hold.
 */
describe("a video list's tag is its instance's", () => {
  it('is not honoured by another instance (another build, as in a rolling deploy)', async () => {
    await seedVideo(t, { userId: t.id.owner, name: 'Across a deploy' });
    const here = await read('owner', '/api/videos');
    expect(here.statusCode).toBe(200);
    const other = await secondInstance(t);
    try {
      const there = await other.app.inject({
        method: 'GET',
        url: '/api/videos',
        headers: { cookie: t.cookie.owner, 'if-none-match': here.headers.etag as string },
      });
      expect(there.statusCode).toBe(200);
      expect(there.body).toBe(here.body);
      expect(there.headers.etag).not.toBe(here.headers.etag);
    } finally {
      await other.close();
    }
    // This instance still honours its own.
    expect((await read('owner', '/api/videos', here.headers.etag as string)).statusCode).toBe(304);
  });
});
