import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { running, theDatabaseProcess } from '../test/processes';
import { freePort } from '../test/scratch';
import { createLoadDatabase, startServer, type LoadDatabase } from './load-workflow';

/**
 * Issue 38, observation 1's end and "What to build" 2: the one-process-per-directory lock is
 * held by the database process itself. A database process that outlives its server (kill -9 of
 * the server while the database process cannot act on it: it spun in WASM; here SIGSTOP, which
 * is the same to the kernel: alive, holding its files, doing nothing) keeps DATA_DIR, and a new
 * start on that directory is refused with a message and a non-zero exit, instead of opening a
 * second database process beside it. Once that process is gone, the next start opens it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the server on `dataDir` until it exits (within 60 s): its code and what it printed. */
async function startExpectingExit(dataDir: string) {
  const port = await freePort();
  const child = spawn(
    'env',
    [
      '-u',
      'DATABASE_URL',
      '-u',
      'NODE_ENV',
      `DATA_DIR=${dataDir}`,
      `PORT=${port}`,
      'HOST=127.0.0.1',
      'KING_PASSWORD=king-lock-secret',
      'LOG_LEVEL=warn',
      process.execPath,
      '--import',
      'tsx',
      'server/index.ts',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  // It must not have listened: it refused before opening anything.
  const listened = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  return { code, output, listened };
}

describe('the data directory lock is the database process’s', () => {
  let data: LoadDatabase | undefined;
  let orphan: number | undefined;

  afterAll(async () => {
    if (orphan !== undefined && running(orphan)) process.kill(orphan, 'SIGKILL');
    await data?.drop();
  }, 30_000);

  it('refuses a second start while an orphaned database process holds DATA_DIR', async () => {
    data = await createLoadDatabase();
    const dataDir = data.env.DATA_DIR!;
    const first = await startServer(data.env);
    orphan = theDatabaseProcess(first.child.pid!);
    // The database process can no longer act (as when it spins in WASM), then its server dies.
    process.kill(orphan, 'SIGSTOP');
    await first.stop('SIGKILL');
    expect(running(orphan), 'the database process outlived its server').toBe(true);

    const second = await startExpectingExit(dataDir);
    expect(second.code, second.output).not.toBe(0);
    expect(second.output).toMatch(/Another process is using the embedded database in/);
    expect(second.listened).toBe(false);

    // Once the holder is gone, the directory opens again, with what it had.
    process.kill(orphan, 'SIGKILL');
    await expect.poll(() => running(orphan!), { timeout: 5_000 }).toBe(false);
    const third = await startServer(data.env);
    try {
      expect((await fetch(`${third.base}/api/ready`)).status).toBe(200);
    } finally {
      expect(await third.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);
});
