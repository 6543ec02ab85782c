import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { titled, unmet } from '../test/conditions';
import { processesNaming, processGroup } from '../test/processes';
import { freePort } from '../test/scratch';

/*
 * Issue 38, observation 3 / item 4: SIGTERM to the `npm start` process, as `docker stop` sends to
 * PID 1 and a supervisor to the PID it started. npm does not pass the signal on to its script:
 * it ended and left `node scripts/start.mjs` (the server) serving the port and holding DATA_DIR.
 * Now the server notices npm has gone and stops as on its own SIGTERM (scripts/start.mjs).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

const embeddedOnly = unmet({ driver: 'pglite' });
describe.skipIf(embeddedOnly !== '')(titled('SIGTERM to `npm start`', embeddedOnly), () => {
  let dir: string | undefined;
  let group: number | undefined;
  afterAll(async () => {
    // Whatever a failed run left behind, by the group's id only.
    if (group && processGroup(group).length) process.kill(-group, 'SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stops npm, the server and the database process, releasing DATA_DIR', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vw-npm-start-'));
    const dataDir = path.join(dir, 'data');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    for (const name of ['DATABASE_URL', 'NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'])
      delete env[name];
    Object.assign(env, { LOG_LEVEL: 'warn', KING_PASSWORD: 'king-npm-start-secret' });
    // A group of its own, as a container's or a service's processes are.
    const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: 'ignore' });
    group = npm.pid!;
    const exited = new Promise((resolve) => npm.once('exit', resolve));

    const base = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => expect((await fetch(`${base}/api/ready`)).status).toBe(200),
      { timeout: 180_000, interval: 250 }, // a stale build is made first
    );
    expect(processGroup(group).length).toBeGreaterThanOrEqual(3); // npm, server, database
    expect(processesNaming(dataDir)).not.toHaveLength(0);

    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    // The server finishes what it has, closes the database and exits: all within the bound a
    // supervisor gives (deploy.md: TimeoutStopSec=35; the server cuts requests at 10 s).
    await vi.waitFor(() => expect(processGroup(group!)).toEqual([]), {
      timeout: 20_000,
      interval: 100,
    });
    expect(processesNaming(dataDir)).toEqual([]);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 240_000);
});
