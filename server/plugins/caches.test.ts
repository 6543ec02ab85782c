import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sessionIdOf } from '../modules/auth/sessions.repository';
import { createTestApp, loginAs, seedUser, type TestApp } from '../test/helper';

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
  userId = (await seedUser(t, { username: 'pat' })).id;
  cookie = await loginAs(t, 'pat');
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
