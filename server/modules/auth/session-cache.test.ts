import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { notifications, sessions, users, videos } from '../../db/schema';
import {
  createTestApp,
  loginAs,
  secondInstance,
  seedUser,
  seedVideo,
  type TestApp,
} from '../../test/helper';

/*
 * Each instance caches session lookups (server/plugins/auth.ts, docs/decisions/
 * 0004-session-and-count-cache.md). Every test first warms the cache of both instances, then
 * ends or changes the session on instance A, and checks that A and B refuse or re-read at once:
 * A before its answer goes out, B as soon as the trigger's NOTIFY reaches it.
 */

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let second: App;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  second = other.app;
  await seedUser(t, { username: 'king', role: 'king', isAdmin: 'true' });
});

afterAll(async () => {
  await other.close();
  await t.close();
});

const get = (app: App, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/**
 * Lets the event loop read sockets. A cached answer to inject() completes without any I/O, so a
 * tight loop of them would starve the listener connection; real requests arrive through I/O.
 */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Several reads on both instances, so each holds the session in its cache. */
async function warm(cookie: string) {
  for (const app of [t.app, second]) {
    for (let i = 0; i < 3; i++) {
      expect((await get(app, '/api/notifications/count', cookie)).statusCode).toBe(200);
    }
  }
}

/**
 * The status instance B answers, polled without pause for at most `ms`: the NOTIFY travels on
 * its own connection, so B may hear it a moment after A's answer. Returns the first status that
 * is not `stale`, and how long it took.
 */
async function onB(url: string, cookie: string, stale: number, ms = 250) {
  const start = performance.now();
  for (;;) {
    await ioTurn();
    const status = (await get(second, url, cookie)).statusCode;
    const took = performance.now() - start;
    if (status !== stale || took > ms) return { status, took };
  }
}

async function user(username: string, role = 'client') {
  const row = await seedUser(t, { username, role });
  return { row, a: await loginAs(t, username), b: await loginAs(t, username) };
}

describe('a cached session ends at once', () => {
  it('after logout, on this instance and on the other', async () => {
    const { a } = await user('logout-user');
    await warm(a);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: a },
    });
    expect(out.statusCode).toBe(200);
    expect((await get(t.app, '/api/notifications/count', a)).statusCode).toBe(401);
    const b = await onB('/api/notifications/count', a, 200);
    expect(b.status).toBe(401);
    expect((await get(second, '/api/notifications/count', a)).statusCode).toBe(401);
  });

  it("after a password change, for the user's other sessions", async () => {
    const { a, b: other } = await user('password-user');
    await warm(a);
    await warm(other);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/change-password',
      headers: { cookie: a },
      payload: { currentPassword: 'secret123', newPassword: 'newsecret456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/notifications/count', other)).statusCode).toBe(401);
    expect((await onB('/api/notifications/count', other, 200)).status).toBe(401);
    // The session that made the change lives on, on both instances.
    expect((await get(t.app, '/api/notifications/count', a)).statusCode).toBe(200);
    expect((await get(second, '/api/notifications/count', a)).statusCode).toBe(200);
  });

  it('after the user is deleted', async () => {
    const { row, a } = await user('deleted-user');
    await warm(a);
    const king = await loginAs(t, 'king');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${row.id}`,
      headers: { cookie: king },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/notifications/count', a)).statusCode).toBe(401);
    expect((await onB('/api/notifications/count', a, 200)).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row.id))).toEqual([]);
  });

  it('after a role change: the demoted lead is refused the lead dashboard', async () => {
    const { row, a } = await user('demoted-lead', 'lead_editor');
    await warm(a);
    for (const app of [t.app, second]) {
      expect((await get(app, '/api/lead/summary', a)).statusCode).toBe(200);
    }
    const king = await loginAs(t, 'king');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${row.id}`,
      headers: { cookie: king },
      payload: { name: 'Demoted', role: 'client' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, '/api/lead/summary', a)).statusCode).toBe(403);
    expect((await onB('/api/lead/summary', a, 200)).status).toBe(403);
  });

  it('after a change made straight in the database (no app write on either instance)', async () => {
    const { row, a } = await user('promoted-by-sql');
    await warm(a);
    for (const app of [t.app, second]) {
      expect((await get(app, '/api/lead/summary', a)).statusCode).toBe(403);
    }
    await t.db.update(users).set({ role: 'lead_editor' }).where(eq(users.id, row.id));
    // Only the trigger's NOTIFY can tell either instance: both must hear it.
    const deadline = performance.now() + 250;
    for (const app of [t.app, second]) {
      let status = 0;
      while (performance.now() < deadline) {
        await ioTurn();
        status = (await get(app, '/api/lead/summary', a)).statusCode;
        if (status === 200) break;
      }
      expect(status).toBe(200);
    }
  });
});

describe('the unread count cache', () => {
  /** Polls both instances (B last) for at most 250 ms each until they count `n` for `cookie`. */
  async function expectCountOnBoth(cookie: string, n: number) {
    for (const app of [t.app, second]) {
      const deadline = performance.now() + 250;
      let count = -1;
      while (performance.now() < deadline) {
        await ioTurn();
        count = (
          JSON.parse((await get(app, '/api/notifications/count', cookie)).body) as {
            count: number;
          }
        ).count;
        if (count === n) break;
      }
      expect(count).toBe(n);
    }
  }

  it('shows a new notification at once on both instances', async () => {
    const { row, a } = await user('count-user');
    await warm(a);
    expect(JSON.parse((await get(second, '/api/notifications/count', a)).body)).toEqual({
      count: 0,
    });
    await t.db
      .insert(notifications)
      .values({ recipientId: row.id, type: 'comment', title: 'New comment', message: 'Hi' });
    await expectCountOnBoth(a, 1);
  });

  it("shows a write's notification at once on both instances (told after its commit)", async () => {
    const client = await user('count-client');
    const editor = await user('count-editor', 'editor');
    const video = await seedVideo(t, { userId: client.row.id, assignedEditorId: editor.row.id });
    await warm(client.a);
    await expectCountOnBoth(client.a, 0);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/comments`,
      headers: { cookie: editor.a },
      payload: { content: 'Have a look' },
    });
    expect(posted.statusCode).toBe(201);
    await expectCountOnBoth(client.a, 1);
  });
});

describe('the read cache (GET /api/videos, /api/lead/summary, /api/admin/invoicing)', () => {
  const names = async (app: App, cookie: string) =>
    ((await get(app, '/api/videos', cookie)).json() as { name: string }[]).map((v) => v.name);

  it('never serves an answer older than the request, whoever made the change', async () => {
    const { row, a } = await user('reader');
    const lead = (await user('reading-lead', 'lead_editor')).a;
    const total = async (app: App) =>
      ((await get(app, '/api/lead/summary', lead)).json() as { counts: { total: number } }).counts
        .total;
    // Warm both instances twice: the second answer comes from the cache.
    for (const app of [t.app, second]) {
      expect(await names(app, a)).toEqual([]);
      expect(await names(app, a)).toEqual([]);
    }
    const before = await total(second);
    expect(await total(second)).toBe(before);

    // Through the app on instance A: A and B show it on the next request.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: a },
      payload: { name: 'First cut', type: 'vlog', link: 'https://youtu.be/abc' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await names(t.app, a)).toEqual(['First cut']);
    expect(await names(second, a)).toEqual(['First cut']);
    expect(await total(second)).toBe(before + 1);

    // Straight in the database, with no NOTIFY awaited: the version check alone must see it.
    await t.db.update(videos).set({ name: 'Renamed by SQL' }).where(eq(videos.userId, row.id));
    expect(await names(t.app, a)).toEqual(['Renamed by SQL']);
    expect(await names(second, a)).toEqual(['Renamed by SQL']);
    await t.db.delete(videos).where(eq(videos.userId, row.id));
    expect(await names(second, a)).toEqual([]);
    expect(await total(second)).toBe(before);
  });

  it("keeps each user's answer to that user", async () => {
    const one = await user('reader-one');
    const two = await user('reader-two');
    await t.db.insert(videos).values({
      userId: one.row.id,
      ordinal: 1,
      name: 'Only for one',
      type: 'vlog',
      link: 'https://youtu.be/one',
    });
    expect(await names(second, one.a)).toEqual(['Only for one']);
    expect(await names(second, two.a)).toEqual([]);
    const again = await get(second, '/api/videos', one.a);
    expect(again.json()).toHaveLength(1);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
