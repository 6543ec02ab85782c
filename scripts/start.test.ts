/**
 * What a newcomer sees after `npm start` (scripts/start.mjs, building the web app and the server
 * when missing or stale) on a fresh DATA_DIR: the URL and the king's password in the first
 * screenful and no warning; `npm run reset-king-password` then replaces the password; a second
 * start prints none. And that it runs the compiled server, on Node alone (ADR 0012).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ENTRY, serverStale } from './build';
import { startAppProcess, type AppProcess } from './lib/app-process';
import { startArgs } from './lib/start-command';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 180_000;
/** A terminal's first screen is 24 lines; `npm start` itself prints 4 (its header) before ours. */
const FIRST_SCREEN_LINES = 24 - 4;

const start = (dataDir: string) =>
  // The default log level, as a newcomer has it: warnings would show.
  startAppProcess({ dataDir, startTimeoutMs: START_TIMEOUT_MS, env: { LOG_LEVEL: 'info' } });

/** The output once the start-up block is out (it follows the first answer by a moment). */
async function startupOutput(app: AppProcess): Promise<string> {
  await vi.waitFor(() => expect(app.output()).toContain('Stop with Ctrl+C.'), {
    timeout: 5_000,
    interval: 50,
  });
  return app.output();
}

const signIn = (app: AppProcess, password: string) =>
  fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'king', password }),
  }).then((res) => res.status);

describe('npm start on a fresh data directory', () => {
  let dataDir: string;
  let app: AppProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vw-start-'));
  });
  afterAll(async () => {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let firstPassword: string;
  it('shows the URL and the king password in the first screenful, and no warning', async () => {
    app = await start(dataDir);
    const output = await startupOutput(app);
    const firstScreen = output.split('\n').slice(0, FIRST_SCREEN_LINES).join('\n');

    const port = new URL(app.baseUrl).port;
    expect(firstScreen, output).toContain(`Video workflow is ready: http://localhost:${port}`);
    firstPassword = /^ {4}Password: (\S+)$/m.exec(firstScreen)?.[1] ?? '';
    expect(firstPassword, output).not.toBe('');
    expect(firstScreen).toContain('npm run reset-king-password');
    expect(firstScreen).toContain('npm run demo');
    expect(output).not.toMatch(/warn|error|deprecat|listening/i);
    expect(await signIn(app, firstPassword)).toBe(200);
    await app.stop();
  }, 240_000);

  let newPassword: string;
  it('npm run reset-king-password prints a new password once', () => {
    const reset = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/reset-king-password.ts'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    const said = `${reset.stdout}${reset.stderr}`;
    expect(reset.status, said).toBe(0);
    newPassword = /^ {4}Password: (\S+)$/m.exec(said)?.[1] ?? '';
    expect(newPassword, said).not.toBe('');
    expect(newPassword).not.toBe(firstPassword);
  }, 60_000);

  it('does not print a password on the second start; the new one works, the old one not', async () => {
    app = await start(dataDir);
    const output = await startupOutput(app);

    expect(output).toContain('Sign in as king with the password of the first start');
    expect(output).not.toContain('Password:');
    expect(output).not.toContain(firstPassword);
    expect(output).not.toContain(newPassword);
    expect(await signIn(app, firstPassword)).toBe(401);
    expect(await signIn(app, newPassword)).toBe(200);
  }, 240_000);

  it('builds the server when it is missing, then runs it compiled, without a TypeScript loader', async () => {
    await app?.stop();
    // As on a fresh clone. (A start meanwhile elsewhere would build it too: it is missing.)
    await unlink(SERVER_ENTRY).catch(() => {});
    app = await start(dataDir);
    const output = await startupOutput(app);
    expect(output).toMatch(/^ {2}Building the server\.\.\. done in \d+ s$/m);
    expect(existsSync(SERVER_ENTRY)).toBe(true);
    expect(serverStale()).toBe(false);

    // The process that answers is `npm start`'s command itself (app-process runs it through
    // `env`, which becomes it): no --import tsx on its command line or in NODE_OPTIONS.
    const pid = app.child.pid!;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine).toEqual([process.execPath, ...startArgs()]);
    expect(commandLine.at(-1)).toBe('scripts/start.mjs');
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment.filter((v) => v.startsWith('NODE_OPTIONS=') && v.includes('tsx'))).toEqual(
      [],
    );
    // The compiled server finds the built web app (dist/web beside it, not beside the bundle).
    const landing = await fetch(`${app.baseUrl}/`);
    expect(landing.headers.get('content-type')).toContain('text/html');
    expect(await landing.text()).toContain('<div id="root">');
    await app.stop();
  }, 240_000);

  it('does not build the server again when nothing changed', async () => {
    app = await start(dataDir);
    const output = await startupOutput(app);
    expect(output).toContain('Video workflow is ready');
    expect(output).not.toContain('Building');
  }, 240_000);
});
