import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { titled, unmet, which } from '../test/conditions';
import { databaseProcesses, running } from '../test/processes';
import { openDatabase, type Database } from './client';
import { DATABASE_PROCESS_SCRIPT, type Reply, type Request } from './embedded';
import { rowsOf } from './rows';

/*
 * Issue 38, observation 4 / item 5: an acknowledged write on the embedded database is on the disk
 * before the answer. PGlite starts PostgreSQL with fsync off (`-F`), and even with it on, its
 * WASM C library's fdatasync and its NODEFS (the data directory on the real disk) flush nothing:
 * the database process starts PostgreSQL with fsync on and wal_sync_method=fsync, and gives
 * NODEFS a real fsync (server/db/embedded-process.mjs; docs/deploy.md "What is durable").
 */

const PROCESS = fileURLToPath(new URL(`./${DATABASE_PROCESS_SCRIPT}`, import.meta.url));

const setting = async (database: Database, name: string) =>
  rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`show ${name}`)))[0]![name];

const embeddedOnly = unmet({ driver: 'pglite' });

/**
 * Now, in seconds, as strace's times count them, rounded up: Date.now() is the millisecond
 * begun, strace's times have microseconds, so a flush that began in the answer's own
 * millisecond counts as before it (CI: a flush at .25415, answered at .254).
 */
const secondsEndingThisMillisecond = () => (Date.now() + 1) / 1000;

describe.skipIf(embeddedOnly !== '')(
  titled('durable writes on the embedded database', embeddedOnly),
  () => {
    const dirs: string[] = [];
    const opened: Database[] = [];
    const scratch = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'vw-durable-'));
      dirs.push(dir);
      return dir;
    };
    afterEach(async () => {
      for (const database of opened.splice(0)) await database.close().catch(() => {});
      for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
    });

    it('runs PostgreSQL with fsync and synchronous commits on, flushing the WAL with fsync', async () => {
      const database = await openDatabase({ dataDir: await scratch() });
      opened.push(database);
      expect(await setting(database, 'fsync')).toBe('on');
      expect(await setting(database, 'synchronous_commit')).toBe('on');
      // fdatasync, PostgreSQL's default on Linux, does nothing in PGlite's WASM C library.
      expect(await setting(database, 'wal_sync_method')).toBe('fsync');
    }, 60_000);

    it('keeps an acknowledged write when the database process is killed right after it', async () => {
      const dataDir = await scratch();
      const first = await openDatabase({ dataDir });
      await first.exec('create table acknowledged (id int primary key)');
      await first.exec('insert into acknowledged values (1)');
      const [pid] = databaseProcesses(process.pid, dataDir);
      expect(pid).toBeDefined();
      process.kill(pid!, 'SIGKILL');
      await vi.waitFor(() => expect(running(pid!)).toBe(false), { timeout: 10_000 });
      await first.close().catch(() => {}); // its process is gone: nothing to close

      const again = await openDatabase({ dataDir });
      opened.push(again);
      const found = rowsOf<{ n: number }>(
        await again.db.execute(sql.raw('select count(*)::int as n from acknowledged')),
      );
      expect(found[0]!.n).toBe(1);
    }, 60_000);

    /**
     * The database process under `strace -f`, asked directly over its IPC channel (as
     * embedded.ts asks it). `flushes()`, once it has closed, gives the fsyncs of WAL segments it
     * made: when each began (seconds) and of which file, the last openat that returned the
     * descriptor in any of its threads (a group commit's flush runs on libuv's).
     */
    async function traced() {
      const dataDir = await scratch();
      const trace = path.join(dataDir, '..', `${path.basename(dataDir)}.strace`);
      dirs.push(trace);
      const child = spawn(
        which('strace')!,
        [
          '-f',
          '-ttt',
          '-e',
          'trace=openat,fsync,fdatasync',
          '-o',
          trace,
          process.execPath,
          PROCESS,
          dataDir,
        ],
        // strace runs node with the IPC channel's descriptor it inherited: as a fork does.
        { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' },
      );
      const replies = new Map<number, (reply: Reply) => void>();
      child.on('message', (reply: Reply) => replies.get(reply.id)?.(reply));
      const answer = (id: number) => new Promise<Reply>((resolve) => replies.set(id, resolve));
      const ready = answer(0);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const ask = (request: Request) => {
        const answered = answer(request.id);
        child.send(request);
        return answered;
      };
      const flushes = async () => {
        await exited;
        const files = new Map<string, string>();
        const opening = new Map<string, string>(); // an openat not finished yet, by thread
        const walFlushes: { at: number; file: string }[] = [];
        for (const line of (await readFile(trace, 'utf8')).split('\n')) {
          const [, thread, at] = /^(\d+)\s+(\S+) /.exec(line) ?? [];
          const opened = / openat\([^"]*"([^"]+)"/.exec(line)?.[1];
          if (opened) opening.set(thread!, opened);
          const returned = /(?:openat\(.*|<\.\.\. openat resumed>.*)\s= (\d+)$/.exec(line)?.[1];
          if (returned && opening.has(thread!)) files.set(returned, opening.get(thread!)!);
          const synced = / (?:fsync|fdatasync)\((\d+)/.exec(line)?.[1];
          const file = synced && files.get(synced);
          if (file?.includes(`${dataDir}/pg_wal/`)) walFlushes.push({ at: Number(at), file });
        }
        return walFlushes;
      };
      const stop = () => child.exitCode === null && child.kill('SIGKILL');
      return { ready, ask, flushes, stop };
    }

    // The flush itself, seen from the kernel: strace shows the fsync(2) of the WAL segment
    // between the INSERT's request and its answer (docs/deploy.md shows the same by hand).
    const noStrace = unmet({ commands: ['strace'] });
    it.skipIf(noStrace !== '')(
      titled('fsyncs the WAL file on the real disk before a commit is answered', noStrace),
      async () => {
        const { ready, ask, flushes, stop } = await traced();
        try {
          expect(await ready).toMatchObject({ ok: true });
          expect(
            await ask({ id: 1, op: 'exec', sql: 'create table flushed (id int)' }),
          ).toMatchObject({ ok: true });
          const asked = Date.now() / 1000;
          expect(
            await ask({ id: 2, op: 'exec', sql: 'insert into flushed values (1)' }),
          ).toMatchObject({ ok: true });
          const answered = secondsEndingThisMillisecond();
          expect(await ask({ id: 3, op: 'close' })).toMatchObject({ ok: true });
          const flushed = await flushes();
          const between = flushed.filter((f) => f.at >= asked && f.at <= answered);
          expect(between, JSON.stringify({ asked, answered, flushed })).not.toHaveLength(0);
        } finally {
          stop();
        }
      },
      60_000,
    );

    // Issue 47, group commit: commits that arrive together share their flushes; each is still
    // answered only after one (the test above, and the kill test).
    it.skipIf(noStrace !== '')(
      titled('flushes the WAL fewer times than it commits when commits arrive together', noStrace),
      async () => {
        const { ready, ask, flushes, stop } = await traced();
        const COMMITS = 40;
        try {
          expect(await ready).toMatchObject({ ok: true });
          expect(
            await ask({ id: 1, op: 'exec', sql: 'create table together (id int primary key)' }),
          ).toMatchObject({ ok: true });
          const asked = Date.now() / 1000;
          const answers = await Promise.all(
            Array.from({ length: COMMITS }, (_, i) =>
              ask({
                id: 10 + i,
                op: 'query',
                sql: 'insert into together values ($1)',
                params: [i],
              }),
            ),
          );
          const answered = secondsEndingThisMillisecond();
          expect(answers.filter((a) => 'ok' in a && a.ok)).toHaveLength(COMMITS);
          const count = await ask({
            id: 2,
            op: 'query',
            sql: 'select count(*)::int as n from together',
          });
          expect(count).toMatchObject({ ok: true, value: { rows: [{ n: COMMITS }] } });
          expect(await ask({ id: 3, op: 'close' })).toMatchObject({ ok: true });
          const during = (await flushes()).filter((f) => f.at >= asked && f.at <= answered);
          expect(during.length).toBeGreaterThan(0);
          // One flush a commit before group commit (40 here); fewer, now, the more arrive at once.
          expect(during.length, JSON.stringify(during)).toBeLessThan(COMMITS / 2);
        } finally {
          stop();
        }
      },
      60_000,
    );
  },
);
