import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { titled, unmet } from '../test/conditions';
import {
  createLoadDatabase,
  release,
  startServer,
  type LoadDatabase,
  type ServerProcess,
} from './load-workflow';

/*
 * Issue 38, observation 7: at SIGTERM under load, requests on kept-alive connections got a reset
 * instead of an answer. The server closed its idle keep-alive connections the moment it began to
 * stop, so a request a client had just sent on one met a closed socket. Now a stopping server
 * keeps its port and connections open for a short drain (server/plugins/graceful-close.ts): a
 * request on a kept-alive connection is answered, with `Connection: close`, and the connection
 * then ends cleanly.
 */

/** A raw keep-alive connection: requests written by hand, answers read as they arrive. */
function keptAlive(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = '';
  let ended = false;
  let error: Error | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (buffer += chunk));
  socket.on('end', () => (ended = true));
  socket.on('error', (err) => (error = err));
  return {
    get ended() {
      return ended;
    },
    get error() {
      return error;
    },
    /** Sends a GET and waits for its whole answer (every answer here has a Content-Length). */
    async ask(path: string) {
      buffer = '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      return vi.waitFor(
        () => {
          if (error) throw new Error(`the connection failed: ${error.message}`);
          const head = buffer.indexOf('\r\n\r\n');
          if (head < 0) throw new Error(ended ? 'closed with no answer' : 'no answer yet');
          const headers = buffer.slice(0, head);
          const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
          if (buffer.length < head + 4 + length) throw new Error('answer incomplete');
          return {
            status: Number(headers.split(' ')[1]),
            connection: /connection: (\S+)/i.exec(headers)?.[1]?.toLowerCase(),
          };
        },
        { timeout: 10_000, interval: 5 },
      );
    },
    destroy: () => socket.destroy(),
  };
}

/** A request on a connection of its own: its Connection header, or 'refused'. */
const freshConnection = (port: number) =>
  new Promise<string>((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(String(res.headers.connection));
    });
    req.on('error', () => resolve('refused'));
  });

const embeddedOnly = unmet({ driver: 'pglite' });
describe.skipIf(embeddedOnly !== '')(
  titled('kept-alive connections at SIGTERM', embeddedOnly),
  () => {
    let database: LoadDatabase | undefined;
    let server: ServerProcess | undefined;
    afterAll(() => release(server, database), 30_000);

    it('answers a request sent on a kept-alive connection once the stop began, then closes it', async () => {
      database = await createLoadDatabase();
      server = await startServer(database.env);
      const connection = keptAlive(server.port);
      try {
        expect(await connection.ask('/api/health')).toMatchObject({
          status: 200,
          connection: 'keep-alive',
        });

        const exit = server.stop('SIGTERM', 20_000);
        // The stop has begun once a new connection is told to close (or is refused).
        await vi.waitFor(
          async () => expect(['close', 'refused']).toContain(await freshConnection(server!.port)),
          { timeout: 10_000, interval: 20 },
        );
        // The client did not know yet: it sends on the connection it kept.
        const answer = await connection.ask('/api/health');
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe('close');
        await vi.waitFor(() => expect(connection.ended).toBe(true), { timeout: 10_000 });
        expect(connection.error).toBeUndefined();
        expect(await exit).toBe(0);
      } finally {
        connection.destroy();
      }
    }, 120_000);
  },
);
