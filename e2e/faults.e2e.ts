/**
 * Issue 9 part 4: the web app's socket comes back after the server restarts. This file starts a
 * server process of its own (the suite's shared one must stay up for the other files), on an
 * embedded database and the dist/web the global setup built; a client's dashboard is open in
 * Chromium while the server gets SIGTERM and starts again on the same port. The page's socket is
 * closed with 1001, reconnects by itself (web/lib/socket.ts: 1 s, doubling) and delivers a
 * notification caused after the restart, with no reload.
 */
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededDatabase,
  PASSWORD,
  sessionCookie,
  startServer,
  type SeededDatabase,
  type ServerProcess,
} from '../server/ops/load-workflow';
import { DESKTOP, type E2EBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/users';

let browser: E2EBrowser;
let page: Page;
let database: SeededDatabase;
let server: ServerProcess;

interface SocketLog {
  socket: PageSocket;
  frames: string[];
  closed: boolean;
}
const sockets: SocketLog[] = [];

/** Waits until `check` holds, failing with `what` after `ms`. */
async function until(check: () => boolean, ms: number, what: string) {
  await expect.poll(check, { timeout: ms, message: `waiting for ${what}` }).toBe(true);
}

/** A request as another user, from Node (the editor is not in the browser). */
async function apiAs(base: string, username: string) {
  const cookie = await sessionCookie(base, username);
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

beforeAll(async () => {
  database = await createSeededDatabase(2);
  server = await startServer(database.env);
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  page.on('websocket', (socket) => {
    const log: SocketLog = { socket, frames: [], closed: false };
    socket.on('framereceived', (frame) => log.frames.push(String(frame.payload)));
    socket.on('close', () => (log.closed = true));
    sockets.push(log);
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  await database?.drop();
}, 60_000);

describe('the live socket across a server restart', () => {
  it('reconnects by itself and delivers what happens after the restart', async () => {
    const { clients, editors } = database.cast;
    const client = clients[0]!;
    const editor = editors[0]!;
    const base = server.base;
    await signIn(browser, page, { username: client.username, password: PASSWORD }, base);
    const asClient = await apiAs(base, client.username);
    const video = await asClient('POST', '/api/videos', {
      name: 'Restart rehearsal',
      link: 'https://youtu.be/abcdefghijk',
    });
    expect(video.status).toBe(201);

    await page.goto(`${base}/dashboard`);
    await page.getByText('Restart rehearsal').first().waitFor();
    await until(
      () => sockets.some((s) => s.frames.some((f) => f.includes('count_update'))),
      15_000,
      'the first socket',
    );
    const first = sockets.length;

    // SIGTERM: the server exits cleanly, and the page's socket is closed.
    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    await until(() => sockets.every((s) => s.closed), 5_000, 'the socket to close');

    // The same address comes back; the page reconnects without a reload (within its backoff).
    server = await startServer(database.env, server.port);
    await until(
      () =>
        sockets.slice(first).some((s) => !s.closed && s.frames.some((f) => f.includes('count'))),
      40_000,
      'a new socket after the restart',
    );

    // Something that happens now reaches the page over the new socket, and the bell shows it.
    const asEditor = await apiAs(base, editor.username);
    const comment = await asEditor('POST', `/api/videos/${String(video.body.id)}/comments`, {
      content: 'Back after the restart',
    });
    expect(comment.status).toBe(201);
    const live = sockets.at(-1)!;
    await until(
      () =>
        live.frames.some((f) => f.includes('"notification"') && f.includes('Restart rehearsal')),
      10_000,
      'the notification over the new socket',
    );
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.screenshot({ path: 'e2e/artifacts/faults-after-restart.png' });
  }, 120_000);
});
