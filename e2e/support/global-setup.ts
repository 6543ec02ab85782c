/**
 * Starts the real server once for the whole browser suite, the way a user does (`node
 * scripts/start.mjs`: builds the web app and the server when stale, migrates a fresh database,
 * creates the king), and stops it at the end. Tests read the address and the king's password with inject().
 */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAppProcess } from '../../scripts/lib/app-process';
import { readTestSettings } from '../../server/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app under test answers, without a trailing slash. */
    e2eBaseUrl: string;
    /** The king's password, or null when the suite runs against a server it did not start. */
    e2eKingPassword: string | null;
    /** A directory removed after the run (RAM-backed when there is one), for the browsers' profiles and the data of servers a file starts itself. */
    e2eTempDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The first run builds the web app before the server answers.
const START_TIMEOUT_MS = 120_000;

/**
 * Where the run's files go: a RAM-backed folder (/dev/shm) when the machine has one, else the
 * temporary folder. The server's embedded database syncs every commit to disk
 * (server/db/embedded-process.mjs); on RAM that costs nothing, and the journeys test what people
 * see, not what survives a crash: durability is proven by the fault suites (server/ops/*.fault.ts,
 * `npm run test:faults`), which kill the server on a real disk.
 */
function runParent(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** When dist/web/index.html was last written, or null when it is missing. */
function builtWebTime(): number | null {
  try {
    return statSync(path.join(ROOT, 'dist/web/index.html')).mtimeMs;
  } catch {
    return null;
  }
}

export default async function setup(project: TestProject) {
  // Everything this run writes (the databases, the browsers' profiles) lives in one directory,
  // removed at the end even when Vitest is stopped early.
  const runDir = await mkdtemp(path.join(runParent(), 'vw-e2e-'));
  project.provide('e2eTempDir', runDir);
  const removeRunDir = () => rm(runDir, { recursive: true, force: true, maxRetries: 3 });

  const settings = readTestSettings();
  if (settings.e2eBaseUrl) {
    // A server someone else started (E2E_BASE_URL): its king password is not known here.
    project.provide('e2eBaseUrl', settings.e2eBaseUrl.replace(/\/+$/, ''));
    project.provide('e2eKingPassword', null);
    return removeRunDir;
  }

  const kingPassword = `king-${randomBytes(9).toString('base64url')}`;
  let server;
  try {
    server = await startAppProcess({
      dataDir: path.join(runDir, 'data'),
      kingPassword,
      startTimeoutMs: START_TIMEOUT_MS,
      // Every journey signs in from 127.0.0.1; a fast run passes the default 20 logins a minute,
      // and the same few accounts comment, move videos and change passwords faster than people.
      // The limits themselves are tested in server/modules/auth/auth.test.ts and
      // server/plugins/limits.test.ts.
      env: { AUTH_RATE_LIMIT: '100000', WRITE_RATE_LIMIT: '100000', PASSWORD_RATE_LIMIT: '100000' },
    });
  } catch (err) {
    await removeRunDir();
    throw err;
  }
  const app = server;
  let stopping = false;
  // The server serves the shared dist/web; a `vite build` elsewhere empties it for a moment.
  const builtAt = builtWebTime();
  app.child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`The e2e server stopped during the run (${code ?? signal}):\n${app.output()}`);
    }
  });

  project.provide('e2eBaseUrl', app.baseUrl);
  project.provide('e2eKingPassword', kingPassword);
  return async () => {
    if (builtWebTime() !== builtAt) {
      console.warn(
        'dist/web was rebuilt by another process during the run; pages may have answered 404 or 500 meanwhile.',
      );
    }
    stopping = true;
    await app.stop();
    await removeRunDir();
  };
}
