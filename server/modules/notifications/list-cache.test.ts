import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, secondInstance, seedPerson, type TestApp } from '../../test/helper';
import { NoticeCache } from './notifications.repository';
import type { App } from '../../app';

/*
 * The bell's list is kept with the unread count (NoticeCache, ADR 0004): the working day's
 * benchmark read it on every screen from the database. It goes exactly when the count does: a
 * change to the recipient's notifications on any instance drops it everywhere, well before
 * SHORT_CACHE_MS (5 s) would.
 */

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let pat: Awaited<ReturnType<typeof seedPerson>>;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  pat = await seedPerson(t, { username: 'pat-bell' });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface Listed {
  id: string;
  title: string;
  isRead: boolean;
}

const listOn = async (app: App) => {
  const res = await app.inject({
    url: '/api/notifications?includeRead=true',
    headers: { cookie: pat.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Listed[]).map(({ title, isRead }) => ({ title, isRead }));
};

/** Waits up to 2 s (under the 5 s a kept list may live unheard) for the first app's list. */
const firstAppLists = (expected: { title: string; isRead: boolean }[]) =>
  expect.poll(() => listOn(t.app), { timeout: 2_000, interval: 20 }).toEqual(expected);

describe("the bell's list, kept with the count", () => {
  it('is kept once read, for the recipient and the variant asked', async () => {
    expect(await listOn(t.app)).toEqual([]);
    expect(t.app.notices.lists.get(NoticeCache.listKey(pat.id, true))).toEqual([]);
    expect(t.app.notices.lists.get(NoticeCache.listKey(pat.id, false))).toBeUndefined();
  });

  it('goes on every instance when a notification is added, read or cleared elsewhere', async () => {
    expect(await listOn(t.app)).toEqual([]);
    // Added by a statement of its own (the trigger tells every instance at its commit).
    await t.db.insert(notifications).values({
      recipientId: pat.id,
      type: 'mention',
      title: 'You were mentioned',
      message: 'Hello',
    });
    await firstAppLists([{ title: 'You were mentioned', isRead: false }]);

    const read = await other.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: pat.cookie },
    });
    expect(read.statusCode).toBe(200);
    await firstAppLists([{ title: 'You were mentioned', isRead: true }]);

    const cleared = await other.app.inject({
      method: 'DELETE',
      url: '/api/notifications/clear-all',
      headers: { cookie: pat.cookie },
    });
    expect(cleared.statusCode).toBe(200);
    await firstAppLists([]);
  });

  it('goes at once on the instance that answered the write', async () => {
    await t.db.insert(notifications).values({
      recipientId: pat.id,
      type: 'mention',
      title: 'Once more',
      message: 'Hello',
    });
    await firstAppLists([{ title: 'Once more', isRead: false }]);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      headers: { cookie: pat.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(await listOn(t.app)).toEqual([{ title: 'Once more', isRead: true }]);
  });
});
