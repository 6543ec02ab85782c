import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '@domain/health';
import { theDatabaseProcess } from '../test/processes';
import {
  createSeededDatabase,
  sessionCookie,
  release,
  startServer,
  type SeededDatabase,
  type ServerProcess,
} from './load-workflow';

/**
 * Issue 38, observation 2 (and "What to build" 1): the embedded database's process dies
 * (kill -9) or stops answering (SIGSTOP: alive, holding its files, answering nothing, as when it
 * spun in WASM on a full disk). The server stays up, answers every route (health and readiness
 * with a session cookie included) 503 with a message, never a 500 and never slower than the
 * bound, restarts the database process on the same DATA_DIR by itself and serves again within
 * 20 s; every acknowledged write is there afterwards.
 */

/**
 * An answer slower than this is a hang. A request that reached a hung process waits for the
 * watchdog: a ping every 2 s, killed after DATABASE_PING_TIMEOUT (10 s by default).
 */
const ANSWER_BOUND_MS = 14_000;
/** The app must serve again by itself within this of the fault. */
const RECOVERY_MS = 20_000;

interface Answer {
  at: number;
  what: string;
  status: number;
  body: string;
  took: number;
}

async function ask(
  base: string,
  what: string,
  init: RequestInit & { path: string },
): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await fetch(`${base}${init.path}`, {
      ...init,
      signal: AbortSignal.timeout(ANSWER_BOUND_MS),
    });
    const body = await res.text();
    return { at, what, status: res.status, body, took: Date.now() - at };
  } catch (err) {
    // 0: no answer within the bound (or the connection failed): a hang.
    return { at, what, status: 0, body: (err as Error).message, took: Date.now() - at };
  }
}

describe('the embedded database process dies or hangs', () => {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createSeededDatabase(2);
    server = await startServer(database.env);
  }, 120_000);
  afterAll(() => release(server, database), 60_000);

  /** Writes and reads through a fault made by `inflict`; returns what was answered. */
  async function throughFault(inflict: (pid: number) => void) {
    const { base, child } = server!;
    const cookie = await sessionCookie(base, database!.cast.clients[0]!.username);
    const headers = { cookie, 'content-type': 'application/json' };
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let faultAt = 0;
    let running = true;
    let n = 0;
    const writer = (async () => {
      while (running) {
        const answer = await ask(base, 'write', {
          path: '/api/videos',
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `fault-${n++}`, link: 'https://youtu.be/abcdefghijk' }),
        });
        answers.push(answer);
        if (answer.status === 201)
          acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
        // eslint-disable-next-line no-restricted-syntax -- fixed wait: the writer's pace after a refusal, not a wait for a condition
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const prober = (async () => {
      while (running) {
        const probes = await Promise.all([
          ask(base, 'health', { path: '/api/health', headers: { cookie } }),
          ask(base, 'ready', { path: '/api/ready', headers: { cookie } }),
          ask(base, 'read', { path: '/api/videos?limit=5', headers: { cookie } }),
        ]);
        answers.push(...probes);
        // eslint-disable-next-line no-restricted-syntax -- fixed wait: the prober's pace, not a wait for a condition
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(5);
    const pid = theDatabaseProcess(child.pid!);
    faultAt = Date.now();
    inflict(pid);
    // Served again: a write and every probe answered 2xx, all asked after the fault.
    await expect
      .poll(
        () =>
          ['write', 'health', 'ready', 'read'].every((what) =>
            answers.some((a) => a.what === what && a.at > faultAt && a.status < 300),
          ),
        { timeout: RECOVERY_MS + ANSWER_BOUND_MS, interval: 200 },
      )
      .toBe(true);
    running = false;
    await Promise.all([writer, prober]);

    const during = answers.filter((a) => a.at > faultAt);
    console.log(
      `${during.length} answers after the fault, the slowest in ${Math.max(...during.map((a) => a.took))} ms`,
    );
    // Never a 500, never a hang: 2xx, or 503 with the message.
    for (const a of during) {
      if (a.status < 300) continue;
      expect(a.status, `${a.what}: ${a.body}`).toBe(503);
      const body = JSON.parse(a.body) as { message: string };
      expect(body.message, a.what).toMatch(/database/i);
    }
    expect(
      during.some((a) => a.status === 503),
      'some answer saw the outage',
    ).toBe(true);
    const served = (what: string) =>
      during.find((a) => a.what === what && a.status < 300 && a.at > faultAt)!.at - faultAt;
    for (const what of ['write', 'health', 'ready', 'read'])
      expect(served(what), what).toBeLessThan(RECOVERY_MS);
    // Same server process, a new database process.
    expect(child.exitCode).toBeNull();
    expect(theDatabaseProcess(child.pid!)).not.toBe(pid);

    // Every acknowledged write is there.
    for (const id of acknowledged) {
      const res = await fetch(`${base}/api/videos/${id}`, { headers: { cookie } });
      expect(res.status, id).toBe(200);
    }
    return during;
  }

  it('killed (kill -9): 503 with a message meanwhile, restarted, every write kept', async () => {
    const during = await throughFault((pid) => process.kill(pid, 'SIGKILL'));
    const refusals = during
      .filter((a) => a.status === 503)
      .map((a) => JSON.parse(a.body) as object);
    expect(refusals).toContainEqual({
      message: DATABASE_UNAVAILABLE,
    });
  }, 120_000);

  it('hung (SIGSTOP): the watchdog kills and restarts it', async () => {
    await throughFault((pid) => process.kill(pid, 'SIGSTOP'));
  }, 120_000);

  it('stops within a bound on SIGTERM while its database process hangs, killing it', async () => {
    const pid = theDatabaseProcess(server!.child.pid!);
    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    // stop() sends SIGKILL itself after 60 s: the bound below must be met before that.
    const code = await server!.stop('SIGTERM', 60_000);
    // The HTTP close, then 5 s for the database process to close before it is killed.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code).toBe(0);
    expect(() => process.kill(pid, 0), 'the database process is gone').toThrow();
  }, 120_000);
});
