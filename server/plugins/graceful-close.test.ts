import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulClose } from './graceful-close';

/**
 * A bare app with the plugin: how closing treats a keep-alive client whose request is in flight.
 * `arrived` settles when the first request reaches the app; `/slow` answers once the close
 * has begun (a preClose hook after the plugin's: its drain is over, closing is on).
 */
async function serve(deadlineMs?: number) {
  const app = Fastify({ keepAliveTimeout: 72_000 });
  await app.register(gracefulClose, { deadlineMs });
  let markArrived!: () => void;
  const arrived = new Promise<void>((r) => (markArrived = r));
  app.addHook('onRequest', async () => markArrived());
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  app.addHook('preClose', async () => finish());
  app.get('/slow', async () => {
    await finished;
    return { ok: true };
  });
  app.post('/upload', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, port, arrived };
}

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

describe('gracefulClose', () => {
  it('answers a request in flight, then closes its keep-alive connection at once', async () => {
    const { app, port, arrived } = await serve();
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const answered = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        })
          .on('error', reject)
          .end();
      },
    );
    await arrived;
    const started = Date.now();
    await app.close();
    // Without the plugin the close waits for the 72 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await answered).toEqual({ status: 200, connection: 'close' });
  });

  it('cuts a connection still busy at the deadline', async () => {
    const { app, port, arrived } = await serve(300);
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const cut = new Promise<string>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/upload',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': '100' },
      });
      req.on('error', (err) => resolve(String((err as NodeJS.ErrnoException).code)));
      req.on('response', () => resolve('answered'));
      // The body never ends: a stalled upload.
      req.write('{"a":');
    });
    await arrived;
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await cut).toBe('ECONNRESET');
  });

  it('leaves an app that never listened (inject) alone', async () => {
    const app = Fastify();
    await app.register(gracefulClose);
    app.get('/', async () => ({ ok: true }));
    const res = await app.inject('/');
    expect(res.headers.connection).not.toBe('close');
    await app.close();
  });
});
