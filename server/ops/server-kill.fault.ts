import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededDatabase,
  release,
  sessionCookie,
  startServer,
  type SeededDatabase,
  type ServerProcess,
} from './load-workflow';
import { processesNaming } from '../test/processes';

/**
 * Issue 38's fault suite, the server's own end on the embedded default: killed (kill -9, as the
 * kernel's OOM killer or a power-cut of the process does) or stopped (SIGTERM, what `npm start`
 * passes on and `docker stop` sends) while a client writes. Every write the API acknowledged is
 * there when it starts again on the same DATA_DIR, and it serves within 20 s of being started.
 * The database process's own death and hang are database-process.fault.ts's.
 */

/** A supervisor's restart must serve within this. */
const RESTART_MS = 20_000;

describe('the server killed or stopped while a client writes', () => {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createSeededDatabase(2);
    server = await startServer(database.env);
  }, 120_000);
  afterAll(() => release(server, database), 60_000);

  async function throughEnd(signal: NodeJS.Signals) {
    const { base, port } = server!;
    const username = database!.cast.clients[0]!.username;
    const headers = {
      cookie: await sessionCookie(base, username),
      'content-type': 'application/json',
    };
    const acknowledged: string[] = [];
    let running = true;
    let n = 0;
    const writer = (async () => {
      while (running) {
        try {
          const res = await fetch(`${base}/api/videos`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              name: `${signal}-${n++}`,
              link: 'https://youtu.be/abcdefghijk',
            }),
          });
          const body = await res.text();
          if (res.status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
          // While it stops: 503 with a message, never a 500.
          else expect(res.status, body).toBe(503);
        } catch {
          running = false; // the server is gone: what it acknowledged is what counts
        }
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(10);
    const code = await server!.stop(signal);
    if (signal === 'SIGTERM') expect(code).toBe(0);
    running = false;
    await writer;

    // The database process ends with its server (its channel closes); then the directory is free.
    const dataDir = database!.env.DATA_DIR!;
    await expect
      .poll(() => processesNaming(dataDir), { timeout: 15_000, interval: 100 })
      .toEqual([]);
    const started = Date.now();
    server = await startServer(database!.env, port);
    expect(Date.now() - started).toBeLessThan(RESTART_MS);

    const after = { cookie: await sessionCookie(base, username) };
    for (const id of acknowledged) {
      const res = await fetch(`${base}/api/videos/${id}`, { headers: after });
      expect(res.status, id).toBe(200);
    }
    console.log(`${signal}: ${acknowledged.length} acknowledged writes, every one kept`);
  }

  it('killed (kill -9): every acknowledged write is there after the restart', async () => {
    await throughEnd('SIGKILL');
  }, 120_000);

  it('stopped (SIGTERM): finishes, exits 0, every acknowledged write is there after it', async () => {
    await throughEnd('SIGTERM');
  }, 120_000);
});
