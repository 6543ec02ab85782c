import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { fromPglite, fromPostgres } from '../db/client';
import {
  comments,
  notifications,
  sessions,
  users,
  videoCounts,
  videos,
  videoTypes,
} from '../db/schema';
import { ensureKing } from '../db/seed';
import { migrate } from '../db/migrate';
import { readTestSettings } from '../env';
import { titled, unmet } from '../test/conditions';
import { createScratchDatabase, freePort } from '../test/scratch';

/**
 * `npm run backup` / `npm run restore` on the embedded database, with the real app process
 * running and writing (docs/deploy.md section 7). Embedded only, so it runs once per test run,
 * in the PGlite project.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one of the npm scripts' files the way `npm run` does, with DATA_DIR set. */
function runScript(
  script: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every row of the tables a backup must keep, in a stable order. */
async function snapshot(dataDir: string) {
  const pg = await PGlite.create({ dataDir });
  try {
    const rows = async (sql: string) => (await pg.query<Record<string, unknown>>(sql)).rows;
    return {
      users: await rows('select * from users order by id'),
      videos: await rows('select * from videos order by id'),
      comments: await rows('select * from comments order by id'),
      sessions: await rows('select * from sessions order by id'),
      migrations: await rows('select tag from app_migrations order by tag'),
    };
  } finally {
    await pg.close();
  }
}

const embeddedOnly = unmet({ driver: 'pglite' });
describe.skipIf(embeddedOnly !== '')(
  titled('backup and restore of the embedded database', embeddedOnly),
  () => {
    let work: string;
    let dataDir: string;
    let app: ChildProcess | undefined;
    let base: string;
    let output = '';
    let cookie = '';

    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const createVideo = async (name: string) => {
      const res = await call('POST', '/api/videos', { name, link: 'youtu.be/abcdefghijk' });
      if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
      return res.json as { id: string; ordinal: number | string };
    };

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'vw-bk-'));
      dataDir = path.join(work, 'data');
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      app = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          KING_PASSWORD: 'king-password-1',
          LOG_LEVEL: 'warn',
          // The writer below creates videos as fast as the server takes them.
          WRITE_RATE_LIMIT: '100000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      app.stdout!.on('data', (d) => (output += d));
      app.stderr!.on('data', (d) => (output += d));
      await vi.waitFor(
        async () => {
          if (app!.exitCode !== null) throw new Error(`the app exited:\n${output}`);
          const ready = await fetch(`${base}/api/ready`).then(
            (r) => r.ok,
            () => false,
          );
          if (!ready) throw new Error(`the app is not ready:\n${output}`);
        },
        { timeout: 90_000, interval: 100 },
      );
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'king', password: 'king-password-1' }),
      });
      cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    }, 120_000);

    afterAll(async () => {
      if (app && app.exitCode === null) app.kill('SIGKILL');
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('restores a backup taken while the app runs and writes to the same rows', async () => {
      for (let i = 0; i < 5; i++) {
        const v = await createVideo(`Before ${i}`);
        await call('POST', `/api/videos/${v.id}/comments`, { content: `Comment ${i}` });
      }

      // A writer creating videos one after another while the first backup is taken.
      const acknowledged: { name: string; at: number }[] = [];
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          await createVideo(`During ${i}`);
          acknowledged.push({ name: `During ${i}`, at: Date.now() });
        }
      })();
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(3));
      const startedAt = Date.now();
      const during = await runScript(
        'scripts/backup.ts',
        ['--out', path.join(work, 'during.tar.gz')],
        dataDir,
      );
      const finishedAt = Date.now();
      // Writes acknowledged after the backup finished, which it must not hold.
      await vi.waitFor(() =>
        expect(acknowledged.filter((a) => a.at > finishedAt).length).toBeGreaterThanOrEqual(3),
      );
      writing = false;
      await writer;
      expect(during.code, during.output).toBe(0);
      expect(during.output).toContain('from the running app');

      // A backup of the app at rest, then writes after it that the restore must not have.
      const quiet = await runScript(
        'scripts/backup.ts',
        ['--out', path.join(work, 'quiet.tar.gz')],
        dataDir,
      );
      expect(quiet.code, quiet.output).toBe(0);
      const after = await createVideo('After the backup');

      // Restore refuses while the app holds DATA_DIR.
      const refused = await runScript(
        'scripts/restore.ts',
        [path.join(work, 'quiet.tar.gz')],
        dataDir,
      );
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('The app is running');

      const exited = new Promise((r) => app!.on('exit', r));
      app!.kill('SIGTERM');
      await exited;
      const live = await snapshot(dataDir);
      expect(live.videos.some((v) => v.id === after.id)).toBe(true);

      const restored = await runScript(
        'scripts/restore.ts',
        [path.join(work, 'quiet.tar.gz')],
        dataDir,
      );
      expect(restored.code, restored.output).toBe(0);
      // The old directory is kept aside, not deleted.
      expect((await readdir(work)).some((f) => f.startsWith('data.before-restore-'))).toBe(true);
      const back = await snapshot(dataDir);
      expect(back).toEqual({
        ...live,
        videos: live.videos.filter((v) => v.id !== after.id),
      });
      expect(back.videos.length).toBeGreaterThan(5);
      expect(back.comments).toHaveLength(5);

      // The backup taken during writes is one moment: every video acknowledged before it began
      // is there, none created after it ended, and the writer's videos form an unbroken prefix.
      const duringDir = path.join(work, 'during-data');
      const unpacked = await runScript(
        'scripts/restore.ts',
        [path.join(work, 'during.tar.gz')],
        duringDir,
      );
      expect(unpacked.code, unpacked.output).toBe(0);
      const moment = await snapshot(duringDir);
      const names = new Set(moment.videos.map((v) => String(v.name)));
      const seq = acknowledged.map((a) => a.name);
      const present = seq.map((n) => names.has(n));
      const firstMissing = present.indexOf(false);
      expect(present.slice(firstMissing === -1 ? present.length : firstMissing)).not.toContain(
        true,
      );
      for (const a of acknowledged) {
        if (a.at < startedAt) expect(names.has(a.name), a.name).toBe(true);
        if (a.at > finishedAt + 1000) expect(names.has(a.name), a.name).toBe(false);
      }
      expect(acknowledged.length).toBeGreaterThan(3);
      expect(existsSync(path.join(duringDir, 'PG_VERSION'))).toBe(true);
    }, 180_000);
  },
);

const testSettings = readTestSettings();

// The documented path for a PostgreSQL server: the same commands, through pg_dump/pg_restore.
const noServer = unmet({ driver: 'postgres', commands: ['pg_dump', 'pg_restore'] });
describe.skipIf(noServer !== '')(
  titled('backup and restore on a PostgreSQL server', noServer),
  () => {
    it('restores what pg_dump saved', async () => {
      const scratch = await createScratchDatabase(testSettings.testDatabaseUrl!, 'vw_backup');
      const work = await mkdtemp(path.join(tmpdir(), 'vw-pgbk-'));
      const database = fromPostgres({ url: scratch.url, max: 2 });
      try {
        await migrate(database);
        await database.exec(
          "insert into users (username, password, role) values ('kept', 'x', 'client'), ('also-kept', 'y', 'editor')",
        );
        const rows = async () =>
          (await database.pool!.query('select * from users order by username')).rows;
        const before = await rows();

        const env = { DATABASE_URL: scratch.url };
        const file = path.join(work, 'server.dump');
        const backup = await runScript('scripts/backup.ts', ['--out', file], work, env);
        expect(backup.code, backup.output).toBe(0);
        await database.exec(
          "insert into users (username, password, role) values ('later', 'z', 'client')",
        );
        await database.exec("delete from users where username = 'kept'");

        const restore = await runScript('scripts/restore.ts', [file], work, env);
        expect(restore.code, restore.output).toBe(0);
        expect(await rows()).toEqual(before);
      } finally {
        await database.close();
        await scratch.drop();
        await rm(work, { recursive: true, force: true });
      }
    }, 60_000);

    it('moves an embedded backup into the PostgreSQL server (PGlite to a server)', async () => {
      // Data made through the app on the embedded database, then backed up.
      const pglite = await PGlite.create();
      const source = fromPglite(pglite);
      await migrate(source);
      await ensureKing(source.db, { password: 'king-pass-1', generate: () => 'unused' });
      const app = await buildApp({ database: source, logger: false });
      await app.ready();
      const login = async (username: string, password: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password },
        });
        return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
      };
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'client.moving', password: 'secret123' },
      });
      const client = await login('client.moving', 'secret123');
      const king = await login('king', 'king-pass-1');
      for (const name of ['First', 'Second']) {
        const video = await app.inject({
          method: 'POST',
          url: '/api/videos',
          headers: { cookie: client },
          payload: { name, link: 'youtu.be/abcdefghijk', paymentAmount: '12.50' },
        });
        expect(video.statusCode, video.body).toBe(201);
        await app.inject({
          method: 'POST',
          url: `/api/videos/${video.json().id}/comments`,
          headers: { cookie: king },
          payload: { content: `On ${name}` },
        });
      }
      await app.close();
      const work = await mkdtemp(path.join(tmpdir(), 'vw-move-'));
      const file = path.join(work, 'embedded.tar.gz');
      await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));

      const scratch = await createScratchDatabase(testSettings.testDatabaseUrl!, 'vw_move');
      const target = fromPostgres({ url: scratch.url, max: 2 });
      try {
        const moved = await runScript('scripts/restore.ts', [file], work, {
          DATABASE_URL: scratch.url,
        });
        expect(moved.code, moved.output).toBe(0);
        // video_counts is made by the videos' triggers: the same counts, not twice them.
        for (const table of [
          users,
          sessions,
          videos,
          comments,
          notifications,
          videoTypes,
          videoCounts,
        ]) {
          const sorted = (list: Record<string, unknown>[]) =>
            list.map((r) => JSON.stringify(r)).sort();
          const from = sorted(await source.db.select().from(table));
          expect(from.length).toBeGreaterThan(0);
          expect(sorted(await target.db.select().from(table))).toEqual(from);
        }
        // The king's password and the client's session still work on the server.
        const onServer = await buildApp({ database: target, logger: false });
        try {
          const me = await onServer.inject({ url: '/api/auth/me', headers: { cookie: client } });
          expect(me.json().username).toBe('client.moving');
        } finally {
          await onServer.close();
        }
      } finally {
        await source.close();
        await target.close();
        await scratch.drop();
        await rm(work, { recursive: true, force: true });
      }
    }, 90_000);
  },
);
