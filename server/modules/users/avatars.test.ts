import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { rowsOf } from '../../db/rows';
import { comments, userAvatars, users, videos } from '../../db/schema';
import { createTestDatabase, setUpSuite } from '../../test/helper';

/**
 * Issue 15, finding 1: every comment, mentionable person, user and editor list carried the
 * author's avatar as a data URL, so a client with a 2 MB avatar and 20 comments made a thread
 * answer 64 MB. Now answers carry `avatarUrl` and the image is served once, cacheably.
 */

const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG-signed image of `size` bytes (the avatar check reads the signature and the size). */
function pngOf(size: number, fill = 1): Buffer {
  const bytes = Buffer.alloc(size, fill);
  PNG_HEAD.copy(bytes);
  return bytes;
}
const dataUrl = (bytes: Buffer, type = 'png') =>
  `data:image/${type};base64,${bytes.toString('base64')}`;

/** Just under the 2 MB limit, like the attacker's. */
const BIG = pngOf(2 * 1024 * 1024 - 100);

const t = setUpSuite([
  ['pictured', 'client'],
  ['editor', 'editor'],
  ['lead', 'lead_editor'],
]);
const { id, cookie, call } = t;
let videoId: string;

beforeAll(async () => {
  const set = await call('pictured', 'POST', '/api/users/avatar', { imageData: dataUrl(BIG) });
  expect(set.statusCode).toBe(200);
  const [v] = await t.db
    .insert(videos)
    .values({
      userId: id.pictured,
      assignedEditorId: id.editor!,
      ordinal: 1,
      name: 'Thread',
      link: 'https://a.io/v',
    })
    .returning();
  videoId = v!.id;
  await t.db.insert(comments).values(
    Array.from({ length: 199 }, (_, i) => ({
      videoId,
      userId: id.pictured,
      content: `Comment number ${i + 1} about the cut at 0:${String(i % 60).padStart(2, '0')}`,
    })),
  );
  // The 200th through the API, as a browser posts it.
  const posted = await call('pictured', 'POST', `/api/videos/${videoId}/comments`, {
    content: 'And the last one',
  });
  expect(posted.statusCode).toBe(201);
  expect(posted.body).not.toContain('base64');
});

const get = (url: string, who: keyof typeof cookie | null, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...headers, ...(who ? { cookie: cookie[who] } : {}) } });

describe('answers carry avatar URLs, never image data', () => {
  it('a thread of 200 comments by a user with a 2 MB avatar answers in under 200 KB', async () => {
    const res = await get(`/api/videos/${videoId}/comments`, 'editor');
    expect(res.statusCode).toBe(200);
    const thread = res.json() as { author: { avatarUrl: string | null } }[];
    expect(thread).toHaveLength(200);
    expect(res.rawPayload.length).toBeLessThan(200 * 1024);
    const url = thread[0]!.author.avatarUrl!;
    expect(url).toMatch(new RegExp(`^/api/users/${id.pictured}/avatar\\?v=[0-9a-f]{16}$`));
    expect(thread.every((c) => c.author.avatarUrl === url)).toBe(true);
    expect(res.body).not.toContain('data:image');
  });

  it('no list of people, video or user answer carries the image', async () => {
    for (const [who, url] of [
      ['pictured', '/api/auth/me'],
      ['pictured', `/api/users/${id.pictured}`],
      ['editor', '/api/users/search'],
      ['editor', `/api/videos/${videoId}/mentionable`],
      ['editor', '/api/clients'],
      ['editor', '/api/assignments/my-clients'],
      ['editor', '/api/videos'],
      ['editor', `/api/videos/${videoId}`],
      ['lead', '/api/king/users'],
    ] as const) {
      const res = await get(url, who);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('data:image');
      expect(res.rawPayload.length, url).toBeLessThan(50 * 1024);
    }
    const video = (await get(`/api/videos/${videoId}`, 'editor')).json();
    expect(video.owner.avatarUrl).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=/);
    expect(video.assignedEditor.avatarUrl).toBeNull();
  });
});

describe('GET /api/users/{id}/avatar', () => {
  it('serves the bytes with their type, a strong ETag and a year of caching for its URL', async () => {
    const { avatarUrl } = (await get('/api/auth/me', 'pictured')).json() as { avatarUrl: string };
    const res = await get(avatarUrl, 'editor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(BIG)).toBe(true);
    const version = avatarUrl.split('v=')[1]!;
    expect(res.headers.etag).toBe(`"${version}"`);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const again = await get(avatarUrl, 'editor', { 'if-none-match': `"${version}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // Without the version (or with an old one) the answer must be checked again before use.
    const bare = await get(`/api/users/${id.pictured}/avatar`, 'editor');
    expect(bare.headers['cache-control']).toBe('private, no-cache');
  });

  it('a new picture gets a new URL; the old URL is no longer kept for a year', async () => {
    const before = (await get('/api/auth/me', 'pictured')).json().avatarUrl as string;
    const small = pngOf(300, 7);
    const res = await call('pictured', 'PATCH', `/api/users/${id.pictured}`, {
      avatar: dataUrl(small),
    });
    const after = res.json().avatarUrl as string;
    expect(after).not.toBe(before);
    const old = await get(before, 'editor');
    expect(old.headers['cache-control']).toBe('private, no-cache');
    expect(old.rawPayload.equals(small)).toBe(true);
    // The same picture again keeps its URL.
    const same = await call('pictured', 'POST', '/api/users/avatar', { imageData: dataUrl(small) });
    expect(same.json().avatarUrl).toBe(after);
  });

  it('needs a session, and answers 404 with a message when there is no avatar', async () => {
    const { avatarUrl } = (await get('/api/auth/me', 'pictured')).json() as { avatarUrl: string };
    expect((await get(avatarUrl, null)).statusCode).toBe(401);
    const none = await get(`/api/users/${id.lead}/avatar`, 'editor');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Avatar not found');
  });
});

describe('migration 0008: stored data URLs become bytes', () => {
  it('moves each valid data URL into user_avatars and drops what is not an image', async () => {
    const database = await createTestDatabase({ until: '0005_read_cache_notify' });
    try {
      const image = pngOf(5000, 3);
      await database.db.execute(sql`
        insert into users (username, password, role, avatar) values
          ('had-png', 'x', 'client', ${dataUrl(image)}),
          ('had-webp', 'x', 'client', ${`data:image/webp;base64,${Buffer.from('RIFF0000WEBPVP8 ').toString('base64')}`}),
          ('had-junk', 'x', 'client', 'data:image/png;base64,@@not base64@@'),
          ('had-svg', 'x', 'client', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='),
          ('had-none', 'x', 'client', null)`);
      await migrate(database);
      const rows = await database.db
        .select({
          username: users.username,
          version: users.avatarVersion,
          type: userAvatars.contentType,
          bytes: userAvatars.bytes,
        })
        .from(users)
        .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
        .orderBy(users.username);
      const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
      expect(byName['had-png']!.type).toBe('image/png');
      expect(Buffer.from(byName['had-png']!.bytes!).equals(image)).toBe(true);
      expect(byName['had-png']!.version).toMatch(/^[0-9a-f]{16}$/);
      expect(byName['had-webp']!.type).toBe('image/webp');
      for (const name of ['had-junk', 'had-svg', 'had-none']) {
        expect(byName[name], name).toMatchObject({ version: null, type: null, bytes: null });
      }
      const columns = rowsOf<{ column_name: string }>(
        await database.db.execute(
          sql`select column_name from information_schema.columns
              where table_schema = current_schema() and table_name = 'users'`,
        ),
      ).map((c) => c.column_name);
      expect(columns).not.toContain('avatar');
    } finally {
      await database.close();
    }
  }, 60_000);
});
