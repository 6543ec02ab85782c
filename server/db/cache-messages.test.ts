/**
 * The database's side of the cache bus's grammar (migrations 0004 and 0016, in SQL) says what
 * server/db/cache-messages.ts parses: each trigger's message, heard on the bus, is read as the
 * kind and id of the row that changed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionLifetime, createSession } from '../plugins/sessions.repository';
import { createTestApp, seedUser, type TestApp } from '../test/helper';
import { cacheMessage, parseCacheMessage } from './cache-messages';
import { notifications, sessions, users } from './schema';

let t: TestApp;
const heard: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.cacheBus.subscribe((message) => {
    if (message !== null) heard.push(message);
  });
});
afterAll(async () => {
  await t.close();
});

/** Waits until the bus has carried a message read as `kind` and `id`. */
const hears = (kind: Parameters<typeof cacheMessage>[0], id: string) =>
  vi.waitFor(
    () => {
      const said = heard.map(parseCacheMessage);
      expect(said).toContainEqual({ kind, id });
    },
    { timeout: 5_000 },
  );

describe("the cache bus's messages, as the triggers write them", () => {
  it('a changed user, an ended session and a new notification are each read as what changed', async () => {
    const user = await seedUser(t, { username: 'grammar.user' });
    await t.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
    await hears('user', user.id);

    const session = await createSession(t.db, user.id, sessionLifetime(1, 2));
    await t.db.delete(sessions).where(eq(sessions.id, session.id));
    await hears('session', session.id);

    await t.db
      .insert(notifications)
      .values({ recipientId: user.id, type: 'mention', title: 'T', message: 'M' });
    await hears('notices', user.id);
  });

  it('what the app writes is read back the same', () => {
    for (const kind of ['session', 'user', 'notices', 'marker'] as const) {
      expect(parseCacheMessage(cacheMessage(kind, 'abc'))).toEqual({ kind, id: 'abc' });
    }
    expect(parseCacheMessage('zabc')).toBeUndefined();
  });
});
