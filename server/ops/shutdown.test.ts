import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { titled, unmet } from '../test/conditions';
import { openAt } from '../test/socket';
import {
  createSeededDatabase,
  release,
  sessionCookie,
  startServer,
  type SeededDatabase,
  type ServerProcess,
} from './load-workflow';

/**
 * Issue 9 part 4, SIGTERM: the real process finishes a request that is in flight, refuses new
 * connections, closes sockets with 1001 (going away, so browsers reconnect) and exits 0.
 */

/** Whether a fresh TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// One real process on the embedded database; it does not depend on the test driver.
const embeddedOnly = unmet({ driver: 'pglite' });
describe.skipIf(embeddedOnly !== '')(titled('SIGTERM', embeddedOnly), () => {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(() => release(server, database), 30_000);

  it('finishes in-flight requests, refuses new ones, closes sockets with 1001 and exits 0', async () => {
    database = await createSeededDatabase(2);
    const client = database.cast.clients[0]!;
    server = await startServer(database.env);
    const { port, base } = server;

    const cookie = await sessionCookie(base, client.username);

    const socket = await openAt(`127.0.0.1:${port}`, { cookie });
    await socket.until(() => socket.received.some((m) => m.type === 'count_update'), 5000);

    // A request in flight: its body arrives in two parts, the second after the signal. Its
    // connection is kept alive, as a browser's is: it must not hold the exit up until the
    // keep-alive timeout (72 s; a CI run's SIGTERM ended in SIGKILL that way).
    const body = JSON.stringify({ name: 'In flight at shutdown', link: 'youtu.be/abcdefghijk' });
    const half = Math.floor(body.length / 2);
    let answer = '';
    let markStopped!: () => void;
    const stopped = new Promise<void>((r) => (markStopped = r));
    let markSent!: () => void;
    const firstHalfSent = new Promise<void>((r) => (markSent = r));
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/api/videos`,
        {
          method: 'POST',
          agent: new Agent({ keepAlive: true }),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie,
          },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (c: string) => (answer += c));
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half), () => markSent());
      // The rest follows once the server has stopped listening (below).
      void stopped.then(() => req.end(body.slice(half)));
    });
    // The headers and the first half are on the wire before the signal.
    await firstHalfSent;

    const exit = server.stop('SIGTERM', 20_000);
    // New connections are refused soon after the signal, while the upload is still open.
    await expect.poll(() => accepts(port), { timeout: 5_000, interval: 50 }).toBe(false);
    // The socket was told the server is going away.
    expect(await socket.waitClosed(20_000)).toEqual({ code: 1001, reason: 'Server shutting down' });
    markStopped();

    expect(await inFlight, answer).toBe(201);
    expect(JSON.parse(answer)).toMatchObject({ name: 'In flight at shutdown' });
    expect(await exit).toBe(0);

    // The write the server accepted while stopping is in the database.
    const checking = await database.open();
    try {
      const found = await checking.pglite!.query<{ n: number }>(
        "select count(*)::int as n from videos where name = 'In flight at shutdown'",
      );
      expect(found.rows[0]!.n).toBe(1);
    } finally {
      await checking.close();
    }
  }, 120_000);
});
