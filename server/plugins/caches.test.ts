import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sessionIdOf } from './sessions.repository';
import { seedPerson } from '../test/helper';
import { setUpPat, until } from './caches.setup';

/*
 * The per-instance caches (docs/decisions/0004-session-and-count-cache.md) belong to the app
 * that made them, decorated on it: two apps on one database (as the tests and a process with
 * two instances build them) keep theirs apart, and closing one leaves the other caching. Until
 * issue 16 the unread counts lived in a module-level map keyed by the database, which the
 * second app took over and its close emptied.
 */

let second: App;
const { t, pat, countOn } = setUpPat(async (first) => {
  second = await buildApp({ database: first.database, logger: false });
  await second.ready();
});

describe('the caches of two apps on one database', () => {
  it('keep what each app read to that app', async () => {
    expect(await countOn(t.app)).toBe(0);
    expect(t.app.notices.get(pat.id)).toBe(0);
    expect(t.app.sessionCache.get(pat.sessionId)?.user.id).toBe(pat.id);
    expect(second.notices.get(pat.id)).toBeUndefined();
    expect(second.sessionCache.get(pat.sessionId)).toBeUndefined();

    expect(await countOn(second)).toBe(0);
    expect(second.notices.get(pat.id)).toBe(0);
  });

  it('serve nothing on the app that answered a write until its messages are heard', async () => {
    expect(await countOn(second)).toBe(0);
    expect(second.sessionCache.get(pat.sessionId)?.user.id).toBe(pat.id);
    const res = await second.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: pat.cookie },
    });
    expect(res.statusCode).toBe(200);
    // The answer has left; the write's NOTIFYs may still be on their way.
    expect(second.notices.get(pat.id)).toBeUndefined();
    if (!second.cacheBus.settled) expect(second.sessionCache.get(pat.sessionId)).toBeUndefined();
    await until(() => second.cacheBus.settled);
    // Heard: the write changed no session, so the session is served from the cache again.
    expect(second.sessionCache.get(pat.sessionId)?.user.id).toBe(pat.id);
  });

  it("keep other people's sessions across a write, where emptying them cost everyone a read", async () => {
    const other = await seedPerson(t, { username: 'quinn' });
    const otherSession = sessionIdOf(other.cookie.slice('sid='.length));
    await second.inject({ url: '/api/notifications/count', headers: { cookie: other.cookie } });
    expect(second.sessionCache.get(otherSession)?.user.id).toBe(other.id);

    second.cacheBus.localWrite();
    // Until the marker sent after the write comes back, nothing unversioned is served...
    expect(second.cacheBus.settled).toBe(false);
    expect(second.sessionCache.get(otherSession)).toBeUndefined();
    expect(second.notices.get(other.id)).toBeUndefined();
    // ... a request's lookup waits for it rather than read the database...
    const found = await second.sessionCache.load(otherSession, () => {
      throw new Error('read the database');
    });
    expect(found?.user.id).toBe(other.id);
    // ... and then everything the write did not change is served.
    await until(() => second.cacheBus.settled);
    expect(second.sessionCache.get(otherSession)?.user.id).toBe(other.id);
    expect(second.notices.get(other.id)).toBe(0);
  });

  it('see a change the write made at once, though its NOTIFY comes after the answer', async () => {
    const other = await seedPerson(t, { username: 'robin' });
    expect(
      (await second.inject({ url: '/api/auth/me', headers: { cookie: other.cookie } })).statusCode,
    ).toBe(200);
    const out = await second.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: other.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await second.inject({ url: '/api/auth/me', headers: { cookie: other.cookie } });
    expect(after.statusCode).toBe(401);
  });

  // The last test: it closes the second app.
  it('keep caching on one app when the other closes', async () => {
    await second.close();
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/clear-all',
      headers: { cookie: pat.cookie },
    });
    expect(await countOn(t.app)).toBe(0);
    await until(() => t.app.cacheBus.settled);
    expect(t.app.notices.get(pat.id)).toBe(0);
    expect(t.app.sessionCache.get(pat.sessionId)?.user.id).toBe(pat.id);
  });
});
