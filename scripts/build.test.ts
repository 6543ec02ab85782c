/**
 * The server compiled ahead of time (scripts/build.ts, ADR 0012): one plain JavaScript file that
 * runs on Node alone, without the web app's code, and that `npm start` rebuilds when missing or
 * stale. The start script's own test (start.test.ts) shows `npm start` running it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../server/test/scratch';
import { buildServer, serverStale } from './build';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KING_PASSWORD = 'a-long-king-password-for-the-build-test';

describe('the compiled server', () => {
  let dir: string;
  let outDir: string;
  let metafile: Metafile;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    // Inside the checkout, as dist/server is: the bundle finds its packages in node_modules.
    await mkdir(path.join(ROOT, 'dist'), { recursive: true });
    dir = await mkdtemp(path.join(ROOT, 'dist', 'build-test-'));
    outDir = path.join(dir, 'server');
    metafile = await buildServer(outDir);
  }, 60_000);
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('imports no code of the browser (React, Mantine) and no TypeScript tooling', () => {
    const output = metafile.outputs[Object.keys(metafile.outputs).find((f) => f.endsWith('.js'))!]!;
    const loaded = output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
    expect(loaded).toContain('fastify');
    expect(
      loaded.filter((p) => /^(react|react-dom|@mantine|@tanstack|vite|tsx|esbuild)(\/|$)/.test(p)),
    ).toEqual([]);
    // The bundle holds the server's sources and the shared rules, not the screens.
    const sources = Object.keys(metafile.inputs);
    expect(sources).toContain('server/main.ts');
    expect(sources.filter((s) => s.endsWith('.tsx'))).toEqual([]);
  });

  it('runs on Node alone: migrates the embedded database and signs the king in', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(outDir, 'index.js')], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        KING_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        expect(child.exitCode, said).toBeNull();
        const health = await fetch(`${base}/api/health`).catch(() => null);
        expect(health?.ok, `no answer yet:\n${said}`).toBe(true);
      },
      { timeout: 120_000, interval: 100 },
    );
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'king', password: KING_PASSWORD }),
    });
    expect(login.status, said).toBe(200);
  }, 150_000);

  it('is stale when missing, or when a file it was built from is newer or gone', async () => {
    expect(serverStale(outDir)).toBe(false);
    const inputsFile = path.join(outDir, 'inputs.json');
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[];
    expect(inputs).toContain('server/index.ts');

    writeFileSync(inputsFile, JSON.stringify([...inputs, 'server/no-such-file.ts']));
    expect(serverStale(outDir)).toBe(true);
    writeFileSync(inputsFile, JSON.stringify(inputs));
    expect(serverStale(outDir)).toBe(false);

    // Built before its sources' time: stale.
    utimesSync(path.join(outDir, 'index.js'), new Date(0), new Date(0));
    expect(serverStale(outDir)).toBe(true);

    await buildServer(outDir);
    expect(serverStale(outDir)).toBe(false);
    await unlink(path.join(outDir, 'index.js'));
    expect(serverStale(outDir)).toBe(true);
  }, 60_000);
});
