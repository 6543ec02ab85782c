import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { titled, unmet } from '../../test/conditions';
import { secondInstance, seedVideo, setUpSuite } from '../../test/helper';
import { openAt, type TestSocket } from '../../test/socket';

/*
 * Issue 39, item 4 ("No window a user can see"), observations 1 and 2, on two app instances on
 * one PostgreSQL database:
 * 1. After the socket pushes a notification the web reads the bell's list again at once; that
 *    read lacked the pushed notification in 1 of 60 tries on the same instance and 6 of 60 on
 *    the other (the socket hub and the cache bus heard their NOTIFYs on two connections).
 * 2. After a write on A, B served the old unread count in 22 of 60 tries.
 * Here a read sent when a push arrives, on either instance, holds the pushed notification and
 * counts it; and once the write has answered, both instances count it.
 */
const noServer = unmet({ driver: 'postgres' });
const t = setUpSuite([
  ['owner', 'client'],
  ['editor', 'editor'],
]);
let other: Awaited<ReturnType<typeof secondInstance>>;
let apps: App[] = [];
let videoId = '';

async function listen(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (noServer) return;
  other = await secondInstance(t);
  apps = [t.app, other.app];
  ({ id: videoId } = await seedVideo(t, { userId: t.id.owner, assignedEditorId: t.id.editor }));
});
afterAll(async () => {
  await other?.close();
});

const name = (app: App) => (app === t.app ? 'A' : 'B');

/** The owner's bell, as the web reads it: the list's ids and the unread count. */
async function bell(app: App) {
  const headers = { cookie: t.cookie.owner };
  const [list, count] = await Promise.all([
    app.inject({ url: '/api/notifications', headers }),
    app.inject({ url: '/api/notifications/count', headers }),
  ]);
  expect(list.statusCode).toBe(200);
  return {
    ids: (list.json() as { id: string }[]).map((n) => n.id),
    count: (count.json() as { count: number }).count,
  };
}

describe.skipIf(noServer !== '')(titled('a push and the bell read after it', noServer), () => {
  it('holds the pushed notification on both instances, for 200 pushes', async () => {
    const sockets: TestSocket[] = [];
    const misses: string[] = [];
    const rereads: Promise<void>[] = [];
    let pushes = 0;
    for (const app of apps) {
      const socket = await openAt(await listen(app), { cookie: t.cookie.owner });
      await socket.messages(1);
      // As the web does: the push prompts a read of the bell at once, here on both instances.
      socket.ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; data: { id: string } };
        if (message.type !== 'notification') return;
        const seen = ++pushes;
        const at = name(app);
        for (const reader of apps) {
          rereads.push(
            bell(reader).then(({ ids, count }) => {
              if (!ids.includes(message.data.id)) misses.push(`push ${seen} on ${at}: list`);
              // Each of the owner's notifications is unread: the count has this one too.
              const pushed = socket.received.filter((m) => m.type === 'notification').length;
              if (count < pushed) misses.push(`push ${seen} on ${at}: count ${count} < ${pushed}`);
            }),
          );
        }
      });
      sockets.push(socket);
    }
    const stale: string[] = [];
    for (let i = 0; i < 100; i++) {
      const writer = apps[i % 2]!;
      const res = await writer.inject({
        method: 'POST',
        url: `/api/videos/${videoId}/comments`,
        headers: { cookie: t.cookie.editor },
        payload: { content: `Note ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      // Observation 2: once the write has answered, no instance counts as before it.
      for (const reader of [apps[(i + 1) % 2]!, writer]) {
        const { count } = await bell(reader);
        if (count !== i + 1) stale.push(`write ${i} on ${name(writer)}: ${name(reader)} ${count}`);
      }
      for (const socket of sockets) {
        await socket.until(
          () => socket.received.filter((m) => m.type === 'notification').length > i,
          5_000,
          `push ${i}`,
        );
      }
    }
    await Promise.all(rereads);
    expect(pushes).toBe(200);
    expect(misses).toEqual([]);
    expect(stale).toEqual([]);
    for (const socket of sockets) socket.ws.close();
  });
});
