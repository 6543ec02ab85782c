/**
 * Starts the real app the way a user does (`npm start`'s command, startArgs, on the Node running this:
 * builds the web app and the server when stale, then runs the compiled server, which migrates
 * and creates the king) in a process group of its own on a free loopback port, waits until it
 * answers /api/health, and stops it with SIGTERM (SIGKILL after a grace). Used by the browser
 * suite's global setup, `npm run lighthouse` and the start script's test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/scratch';
import { startArgs } from './start-command';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 8_000;

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** The last lines the server printed, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Signals the whole process group: `env` and the node process running the server. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function startAppProcess(opts: {
  dataDir: string;
  /** KING_PASSWORD; without it the first start generates the password and prints it. */
  kingPassword?: string;
  startTimeoutMs: number;
  /** More settings for the server, e.g. AUTH_RATE_LIMIT. */
  env?: Record<string, string>;
}): Promise<AppProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // `env` adds the settings without this file reading the environment, and drops NODE_ENV
  // (Vitest sets 'test'), which would make a stale build use React's development build.
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_ENV',
      // The settings below, not the caller's shell: a DATABASE_URL there is someone's database.
      '-u',
      'DATABASE_URL',
      '-u',
      'KING_PASSWORD',
      `PORT=${port}`,
      'HOST=127.0.0.1',
      `DATA_DIR=${opts.dataDir}`,
      ...(opts.kingPassword === undefined ? [] : [`KING_PASSWORD=${opts.kingPassword}`]),
      'LOG_LEVEL=warn',
      ...Object.entries(opts.env ?? {}).map(([name, value]) => `${name}=${value}`),
      process.execPath,
      ...startArgs(),
    ],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If this process exits without stopping the server, the detached server must not outlive it.
  const kill = () => signalGroup(child, 'SIGKILL');
  process.once('exit', kill);

  const stop = async () => {
    process.off('exit', kill);
    if (hasExited(child)) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(kill, STOP_TIMEOUT_MS);
    await gone;
    clearTimeout(timer);
  };

  const deadline = Date.now() + opts.startTimeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (hasExited(child)) {
      await stop();
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${log}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The server did not answer within ${opts.startTimeoutMs / 1000} s (${lastProblem}):\n${log}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      lastProblem = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastProblem = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, child, output: () => log, stop };
}
