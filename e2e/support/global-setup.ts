/**
 * Starts the real server once for the whole browser suite, the way a user does (`npx tsx
 * scripts/start.ts`: builds the web app when it is stale, migrates a fresh database, creates the
 * king), and stops it at the end. Tests read the address and the king's password with inject().
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { readTestSettings } from '../../server/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app under test answers, without a trailing slash. */
    e2eBaseUrl: string;
    /** The king's password, or null when the suite runs against a server it did not start. */
    e2eKingPassword: string | null;
    /** A directory removed after the run, for the browsers' profiles. */
    e2eTempDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 8_000;

/** When dist/web/index.html was last written, or null when it is missing. */
function builtWebTime(): number | null {
  try {
    return statSync(path.join(ROOT, 'dist/web/index.html')).mtimeMs;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals the whole process group: npx, tsx and the node process running the server. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${log()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      lastProblem = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastProblem = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer within ${START_TIMEOUT_MS / 1000} s (${lastProblem}):\n${log()}`,
  );
}

export default async function setup(project: TestProject) {
  // Everything this run writes (the database, the browsers' profiles) lives in one directory,
  // removed at the end even when Vitest is stopped early.
  const runDir = await mkdtemp(path.join(tmpdir(), 'vw-e2e-'));
  project.provide('e2eTempDir', runDir);
  const removeRunDir = () => rm(runDir, { recursive: true, force: true, maxRetries: 3 });

  const settings = readTestSettings();
  if (settings.e2eBaseUrl) {
    // A server someone else started (E2E_BASE_URL): its king password is not known here.
    project.provide('e2eBaseUrl', settings.e2eBaseUrl.replace(/\/+$/, ''));
    project.provide('e2eKingPassword', null);
    return removeRunDir;
  }

  const dataDir = path.join(runDir, 'data');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const kingPassword = `king-${randomBytes(9).toString('base64url')}`;

  // `env` adds the settings to the inherited environment without this file reading it, and
  // drops the NODE_ENV=test Vitest sets, which would make `vite build` emit React's development
  // build into the shared dist/web.
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_ENV',
      `PORT=${port}`,
      'HOST=127.0.0.1',
      `DATA_DIR=${dataDir}`,
      `KING_PASSWORD=${kingPassword}`,
      'LOG_LEVEL=warn',
      'npx',
      'tsx',
      'scripts/start.ts',
    ],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  // If Vitest exits without running the teardown (SIGTERM, a crash), the detached server must
  // not outlive it. An exit handler can only do synchronous work.
  const cleanUpOnExit = () => {
    signalGroup(child, 'SIGKILL');
    try {
      rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A dying process may still hold a file; the directory is in the system's temp dir.
    }
  };
  process.once('exit', cleanUpOnExit);

  let stopping = false;
  const stop = async () => {
    stopping = true;
    process.off('exit', cleanUpOnExit);
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
    await removeRunDir();
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  // The server serves the shared dist/web; a `vite build` elsewhere empties it for a moment.
  const builtAt = builtWebTime();
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`The e2e server stopped during the run (${code ?? signal}):\n${output}`);
    }
  });

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eKingPassword', kingPassword);
  return async () => {
    if (builtWebTime() !== builtAt) {
      console.warn(
        'dist/web was rebuilt by another process during the run; pages may have answered 404 or 500 meanwhile.',
      );
    }
    await stop();
  };
}
