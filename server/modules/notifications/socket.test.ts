import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { clientEditorAssignments, notifications, sessions } from '../../db/schema';
import { loginAs, seedUser } from '../../test/helper';
import { openAt, type TestSocket } from '../../test/socket';
import { listen, setUpInstanceB, setUpSocketSuite } from './socket.setup';

const { t, comment } = setUpSocketSuite([['other', 'client']]);
const { id, cookie } = t;

/** After the count on connect: one notification with `data`, then the new count, 1. */
async function expectOneNotice(socket: TestSocket, data: object) {
  const [, notification, count] = await socket.messages(3);
  expect(notification).toMatchObject({ type: 'notification', data });
  expect(count).toEqual({ type: 'count_update', data: { count: 1 } });
  return notification!;
}

describe('the /ws handshake', () => {
  it('is refused without a session (401)', async () => {
    await expect(openAt(t.base, {})).rejects.toThrow('HTTP 401');
    await expect(openAt(t.base, { cookie: 'sid=forged' })).rejects.toThrow('HTTP 401');
  });

  it('is refused from a foreign or missing Origin (403)', async () => {
    await expect(
      openAt(t.base, { cookie: cookie.owner, origin: 'http://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    await expect(openAt(t.base, { cookie: cookie.owner, origin: null })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openAt(t.base, { cookie: cookie.owner, origin: 'not a url' })).rejects.toThrow(
      'HTTP 403',
    );
  });
});

describe('delivery', () => {
  it('sends the count on connect, then each notification followed by the new count', async () => {
    await t.db.delete(notifications);
    const socket = await openAt(t.base, { cookie: cookie.owner });
    expect(await socket.messages(1)).toEqual([{ type: 'count_update', data: { count: 0 } }]);
    expect((await comment(t.app, 'editor', 'Cut at 0:12')).statusCode).toBe(201);
    const notification = await expectOneNotice(socket, {
      recipientId: id.owner,
      type: 'comment',
      message: 'editor commented on "Spring promo": “Cut at 0:12”',
      videoId: t.videoId,
      isRead: false,
      priority: 'normal',
    });

    // Reading it elsewhere (another tab) updates the count on this socket too.
    const id0 = (notification!.data as { id: string }).id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${id0}/read`,
      headers: { cookie: cookie.owner! },
    });
    expect((await socket.messages(4))[3]).toEqual({ type: 'count_update', data: { count: 0 } });
    socket.ws.close();
  });

  it("ignores a userId that is not the session's: nothing of that user arrives", async () => {
    const spy = await openAt(t.base, { cookie: cookie.other, path: `/ws?userId=${id.owner}` });
    const owner = await openAt(t.base, { cookie: cookie.owner });
    await spy.messages(1);
    await owner.messages(1);
    await comment(t.app, 'editor', 'for the owner only');
    await owner.messages(3);
    // Anything sent to the spy went out with the owner's messages, before this ping.
    await spy.roundTrip();
    expect(spy.received).toEqual([{ type: 'count_update', data: { count: 0 } }]);
    spy.ws.close();
    owner.ws.close();
  });

  it('an editor removed from a client hears it live, with the new count', async () => {
    const boss = await seedUser(t, { username: 'boss', role: 'king', isAdmin: 'true' });
    const bossCookie = await loginAs(t, boss.username);
    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: id.other!, editorId: id.editor! });
    await t.db.delete(notifications);
    const socket = await openAt(t.base, { cookie: cookie.editor });
    await socket.messages(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${id.other}/${id.editor}`,
      headers: { cookie: bossCookie },
    });
    expect(res.statusCode).toBe(200);
    await expectOneNotice(socket, {
      recipientId: id.editor,
      type: 'client_unassigned',
      message: 'boss removed you from the client other',
    });
    socket.ws.close();
  });

  it('answers a ping, ignores other client messages and closes on oversized ones', async () => {
    const socket = await openAt(t.base, { cookie: cookie.editor });
    await socket.messages(1);
    socket.ws.send(JSON.stringify({ type: 'notification', data: { forged: true } }));
    socket.ws.send('not json');
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await socket.messages(2))[1]).toEqual({ type: 'pong', data: null });
    socket.ws.send(Buffer.alloc(10_000, 'a'));
    expect((await socket.waitClosed()).code).toBe(1009);
  });
});

describe('abuse of the socket (issue 15, finding 7)', () => {
  it('answers a burst of pings only up to a few, then about one a second', async () => {
    const socket = await openAt(t.base, { cookie: cookie.editor });
    await socket.messages(1);
    for (let i = 0; i < 200; i++) socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.messages(1 + 5);
    // The app's pings are what is counted: a ping frame's pong follows every answer to them.
    await socket.frameRoundTrip();
    const pongs = () => socket.received.filter((m) => m.type === 'pong').length;
    expect(pongs()).toBe(5);
    // The allowance comes back with time (one a second): a ping every 400 ms until one is
    // answered; the ones before it are dropped, and only one is answered.
    await vi.waitFor(
      async () => {
        socket.ws.send(JSON.stringify({ type: 'ping' }));
        await socket.until(() => pongs() >= 6, 400, 'a pong after the pause');
      },
      { timeout: 3_000, interval: 0 },
    );
    await socket.frameRoundTrip();
    expect(pongs()).toBe(6);
    expect(socket.closed).toBeNull();
    socket.ws.close();
  });

  it('logs an oversize frame as a warning, not an error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await buildApp({
      database: t.database,
      logger: { level: 'info', stream },
      authRateLimit: 1000,
    });
    try {
      const host = await listen(logged);
      const socket = await openAt(host, { cookie: cookie.editor });
      await socket.messages(1);
      socket.ws.send(Buffer.alloc(10_000, 'a'));
      expect((await socket.waitClosed()).code).toBe(1009);
    } finally {
      await logged.close();
    }
    // Read once the app has closed: whatever it had to say about that socket is said.
    const about = lines.filter((l) => /frame/.test(l.msg));
    expect(about.map((l) => l.level)).toEqual([40]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('sessions ending close sockets', () => {
  it('logout closes the sockets of that session only', async () => {
    const second = await loginAs(t, 'owner');
    const a = await openAt(t.base, { cookie: second });
    const b = await openAt(t.base, { cookie: cookie.owner });
    await a.messages(1);
    await b.messages(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: second },
    });
    expect(res.statusCode).toBe(200);
    expect(await a.waitClosed()).toEqual({ code: 1000, reason: 'Session ended' });
    await b.roundTrip();
    expect(b.closed).toBeNull();
    b.ws.close();
  });

  it("a password change closes the user's other sessions' sockets", async () => {
    const other = await loginAs(t, 'editor');
    const keeping = await openAt(t.base, { cookie: cookie.editor });
    const ending = await openAt(t.base, { cookie: other });
    await keeping.messages(1);
    await ending.messages(1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/change-password',
      headers: { cookie: cookie.editor! },
      payload: { currentPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ending.waitClosed()).code).toBe(1000);
    await keeping.roundTrip();
    expect(keeping.closed).toBeNull();
    keeping.ws.close();
  });

  it('the heartbeat closes sockets whose session ended any other way (user deleted)', async () => {
    const s = await loginAs(t, 'other');
    const socket = await openAt(t.base, { cookie: s });
    await socket.messages(1);
    await t.db.delete(sessions).where(eq(sessions.userId, id.other!));
    await t.app.realtime.tick();
    expect(await socket.waitClosed()).toEqual({ code: 1000, reason: 'Session ended' });
    cookie.other = await loginAs(t, 'other');
  });

  it('closes every socket when the app closes', async () => {
    const app = await buildApp({ database: t.database, logger: false });
    const host = await listen(app);
    const socket = await openAt(host, { cookie: cookie.owner });
    await socket.messages(1);
    await app.close();
    expect((await socket.waitClosed()).code).toBeGreaterThanOrEqual(1000);
  });
  it('does not let a browser that never answers the closing handshake hold up shutdown', async () => {
    const app = await buildApp({ database: t.database, logger: false });
    const host = await listen(app);
    const [hostname, port] = host.split(':') as [string, string];
    // A raw client: it completes the handshake, then never reads or answers again.
    const raw = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      raw.once('error', reject);
      raw.once('connect', () => {
        raw.write(
          [
            'GET /ws HTTP/1.1',
            `Host: ${host}`,
            'Upgrade: websocket',
            'Connection: Upgrade',
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
            'Sec-WebSocket-Version: 13',
            `Origin: http://${host}`,
            `Cookie: ${cookie.owner!}`,
            '',
            '',
          ].join('\r\n'),
        );
      });
      raw.once('data', (chunk: Buffer) => {
        expect(chunk.toString()).toMatch(/^HTTP\/1\.1 101/);
        raw.pause();
        resolve();
      });
    });
    const started = Date.now();
    await app.close();
    // Cut off after the grace period, well before the ws library's 30 s closing timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    raw.destroy();
  });
});

describe('several instances on one database (LISTEN/NOTIFY)', () => {
  const instanceB = setUpInstanceB(t);

  it('a comment posted on instance A reaches a socket on instance B within a second', async () => {
    await t.db.delete(notifications);
    const socket = await openAt(instanceB.host, { cookie: cookie.owner });
    await socket.messages(1);
    const started = Date.now();
    expect((await comment(t.app, 'editor', 'from instance A')).statusCode).toBe(201);
    const [, n, count] = await socket.messages(3, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(n).toMatchObject({ type: 'notification', data: { recipientId: id.owner } });
    expect(count).toEqual({ type: 'count_update', data: { count: 1 } });
    socket.ws.close();
  });

  it('a notification too big for one NOTIFY travels by id and arrives whole', async () => {
    const socket = await openAt(instanceB.host, { cookie: cookie.owner });
    await socket.messages(1);
    const [row] = await t.db
      .insert(notifications)
      .values({
        recipientId: id.owner!,
        type: 'comment',
        title: 'Big',
        message: `"${'x'.repeat(9000)}"`,
      })
      .returning();
    const view = { ...row!, createdAt: row!.createdAt.toISOString() };
    await t.app.realtime.notificationsCreated([view]);
    const [, n] = await socket.messages(3, 1000);
    expect(n).toEqual({ type: 'notification', data: view });
    socket.ws.close();
  });

  it('a logout on instance A closes the socket on instance B', async () => {
    const s = await loginAs(t, 'owner');
    const socket = await openAt(instanceB.host, { cookie: s });
    await socket.messages(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s } });
    expect((await socket.waitClosed(1000)).code).toBe(1000);
  });
});
