/**
 * What a newcomer sees after `npm start` (scripts/start.ts, building the web app when it is
 * missing or stale) on a fresh DATA_DIR: the URL and the king's password in the first screenful
 * and no warning; `npm run reset-king-password` then replaces the password; a second start
 * prints none.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './lib/app-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 180_000;
/** A terminal's first screen is 24 lines; `npm start` itself prints 4 (its header) before ours. */
const FIRST_SCREEN_LINES = 24 - 4;

const start = (dataDir: string) =>
  // The default log level, as a newcomer has it: warnings would show.
  startAppProcess({ dataDir, startTimeoutMs: START_TIMEOUT_MS, env: { LOG_LEVEL: 'info' } });

/** The output once the start-up block is out (it follows the first answer by a moment). */
async function startupOutput(app: AppProcess): Promise<string> {
  for (let tries = 0; !app.output().includes('Stop with Ctrl+C.') && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
});
