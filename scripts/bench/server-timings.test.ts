/**
 * `npm run bench -- --inside`: the timings timings-preload.mjs takes inside a real server (from
 * source, so as not to race start.test.ts's build) reach the benchmark by window, each request
 * under its route with the statements it sent, and a window holds only what came after the last.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestSettings } from '../../server/env';
import { createScratchDatabase, freePort, type ScratchDatabase } from '../../server/test/scratch';
import { serverTimingsSetup, takeWindow } from './server-timings';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'timings-king-password';
/** Statements go through node-postgres only on a PostgreSQL server (not the embedded default). */
const serverUrl = readTestSettings().testDatabaseUrl;

describe('the server timed from inside (--inside)', () => {
  let dir: string;
  let scratch: ScratchDatabase | undefined;
  let child: ChildProcess;
  let base: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vw-timings-'));
    file = path.join(dir, 'timings.json');
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'vw_timings') : undefined;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const timings = serverTimingsSetup(file);
    child = spawn(process.execPath, [...timings.args, '--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...timings.env,
        ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '' }),
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        KING_PASSWORD: PASSWORD,
        NODE_ENV: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`The server exited: ${stderr}`);
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) throw new Error(`The server did not start: ${stderr}`);
      },
      { timeout: 60_000, interval: 100 },
    );
  }, 90_000);

  afterAll(async () => {
    // Still running: neither exited nor ended by a signal (then 'exit' would never come again).
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await scratch?.drop();
    await rm(dir, { recursive: true, force: true });
    // A graceful stop (closing sockets, the database) took over 10 s on a loaded machine.
  }, 30_000);

  it('gives each window its requests by route, with their statements', async () => {
    await takeWindow(child.pid!, file); // the start-up's health checks
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'king', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/videos?limit=5`, { headers: { cookie } });
      expect(res.status).toBe(200);
    }
    const first = await takeWindow(child.pid!, file);
    const route = (name: string) => first.routes.find((r) => r.route === name);

    expect(route('POST /api/auth/login')).toMatchObject({ count: 1 });
    expect(route('GET /api/videos')).toMatchObject({ count: 3 });
    expect(route('GET /api/health')).toBeUndefined();
    expect(first.seconds).toBeGreaterThan(0);
    expect(first.eventLoopDelay.max).toBeGreaterThan(0);
    expect(first.cpuShare).toBeGreaterThan(0);
    if (scratch) {
      // The login's statements run after its body arrived: still counted to it.
      expect(route('POST /api/auth/login')!.statements).toBeGreaterThanOrEqual(1);
      expect(route('POST /api/auth/login')!.inStatements.max).toBeGreaterThan(0);
      expect(first.statements.reduce((n, s) => n + s.count, 0)).toBeGreaterThanOrEqual(2);
    }

    await fetch(`${base}/api/videos?limit=5`, { headers: { cookie } });
    const second = await takeWindow(child.pid!, file);
    expect(second.routes.map((r) => [r.route, r.count])).toEqual([['GET /api/videos', 1]]);
  });
});
