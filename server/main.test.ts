import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from './test/scratch';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The first ok answer of `url`, asked every 100 ms for up to `ms`. */
const waitFor = (url: string, ms: number) =>
  vi.waitFor(
    async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res;
    },
    { timeout: ms, interval: 100 },
  );

// The real entry point on an embedded database in a fresh DATA_DIR: first start prints the
// generated king password once, the king can sign in with it, and SIGTERM closes cleanly.
describe('server process', () => {
  it('starts on a fresh DATA_DIR, creates the king, and shuts down on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vw-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
      const password = /Password: (\S+)/.exec(output)?.[1];
      expect(password, output).toBeTruthy();
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'king', password }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ username: 'king', role: 'king', isAdmin: 'true' });

      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
