import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../app';
import { sessionIdOf } from './sessions.repository';
import { createTestApp, seedPerson, type TestApp } from '../test/helper';

/*
 * The set-up of the per-instance cache suites, caches.test.ts and its PostgreSQL-only part
 * caches-reconnect.test.ts: an app with one person, pat, signed in. Not a suite itself
 * (vitest.config.ts includes *.test.ts only).
 */

/** Waits up to 5 s for `done`, asked every 5 ms. */
export const until = (done: () => boolean | Promise<boolean>) =>
  expect.poll(done, { timeout: 5_000, interval: 5 }).toBe(true);

/**
 * Before a suite's tests a fresh app (`t`) and pat signed in on it (`pat`: their id, cookie
 * header and session id), both filled in place by that beforeAll, as setUpSuite's; the app closed
 * after them. `beforeSeeding` runs between the two. `countOn` reads pat's unread count on an app.
 */
export function setUpPat(beforeSeeding?: (t: TestApp) => Promise<void>) {
  const t = {} as TestApp;
  const pat = {} as { id: string; cookie: string; sessionId: string };

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    await beforeSeeding?.(t);
    const { id, cookie } = await seedPerson(t, { username: 'pat' });
    Object.assign(pat, { id, cookie, sessionId: sessionIdOf(cookie.slice('sid='.length)) });
  });
  afterAll(async () => {
    await t.close();
  });

  const countOn = async (app: App) => {
    const res = await app.inject({
      url: '/api/notifications/count',
      headers: { cookie: pat.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number }>().count;
  };

  return { t, pat, countOn };
}
