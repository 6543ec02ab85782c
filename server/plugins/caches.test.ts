import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sessionIdOf } from '../modules/auth/sessions.repository';
import { titled, unmet } from '../test/conditions';
import { createTestApp, seedPerson, type TestApp } from '../test/helper';

/*
 * The per-instance caches (docs/decisions/0004-session-and-count-cache.md) belong to the app
 * that made them, decorated on it: two apps on one database (as the tests and a process with
 * two instances build them) keep theirs apart, and closing one leaves the other caching. Until
 * issue 16 the unread counts lived in a module-level map keyed by the database, which the
 * second app took over and its close emptied.
 */

let t: TestApp;
let second: App;
let userId: string;
let cookie: string;
let sessionId: string;

beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp({ database: t.database, logger: false });
  await second.ready();
  ({ id: userId, cookie } = await seedPerson(t, { username: 'pat' }));
  sessionId = sessionIdOf(cookie.slice('sid='.length));
});
afterAll(async () => {
  await t.close();
});

const countOn = async (app: App) => {
  const res = await app.inject({ url: '/api/notifications/count', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { count: number }).count;
};

describe('the caches of two apps on one database', () => {
  it('keep what each app read to that app', async () => {
    expect(await countOn(t.app)).toBe(0);
    expect(t.app.unreadCounts.get(userId)).toBe(0);
    expect(t.app.sessionCache.get(sessionId)?.user.id).toBe(userId);
    expect(second.unreadCounts.get(userId)).toBeUndefined();
    expect(second.sessionCache.get(sessionId)).toBeUndefined();

    expect(await countOn(second)).toBe(0);
    expect(second.unreadCounts.get(userId)).toBe(0);
  });

  it('forget on the app that answered a write before its answer leaves', async () => {
    const res = await second.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(second.unreadCounts.get(userId)).toBeUndefined();
    expect(second.sessionCache.get(sessionId)).toBeUndefined();
  });

  // The last test: it closes the second app.
  it('keep caching on one app when the other closes', async () => {
    await second.close();
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/clear-all',
      headers: { cookie },
    });
    expect(t.app.unreadCounts.get(userId)).toBeUndefined();
    expect(await countOn(t.app)).toBe(0);
    expect(t.app.unreadCounts.get(userId)).toBe(0);
    expect(t.app.sessionCache.get(sessionId)?.user.id).toBe(userId);
  });
});

const noServer = unmet({ driver: 'postgres' });

describe.skipIf(noServer !== '')(
  titled(
    'the cache bus losing its connection (PostgreSQL only: PGlite has no backend to kill)',
    noServer,
  ),
  () => {
    /** Polls `done` for up to 5 s. */
    const until = async (done: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 5_000;
      while (!(await done()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return done();
    };
    const listenerPids = async () =>
      (
        (await t.database.pool!.query(
          `select pid from pg_stat_activity
            where query = 'LISTEN "vw_cache_' || current_schema() || '"'`,
        )) as { rows: { pid: number }[] }
      ).rows.map((r) => r.pid);

    it('keeps nothing while it is away, and caches again once it has reconnected', async () => {
      const [pid, ...others] = await listenerPids();
      expect(others).toEqual([]);
      expect(await countOn(t.app)).toBe(0);
      expect(t.app.unreadCounts.get(userId)).toBe(0);

      await t.database.pool!.query('select pg_terminate_backend($1)', [pid]);
      expect(await until(() => !t.app.cacheBus.live)).toBe(true);
      expect(t.app.unreadCounts.get(userId)).toBeUndefined();
      expect(t.app.sessionCache.get(sessionId)).toBeUndefined();

      expect(await until(() => t.app.cacheBus.live)).toBe(true);
      expect(await listenerPids()).not.toContain(pid);
      expect(await countOn(t.app)).toBe(0);
      expect(t.app.unreadCounts.get(userId)).toBe(0);
    });
  },
);
