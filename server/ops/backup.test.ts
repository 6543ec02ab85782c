import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { titled, unmet } from '../test/conditions';
import { runScript } from '../../scripts/lib/run-script';
import { freePort } from '../test/scratch';

/**
 * `npm run backup` / `npm run restore` on the embedded database, with the real app process
 * running and writing (docs/deploy.md section 7). Embedded only, so it runs once per test run,
 * in the PGlite project.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

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
