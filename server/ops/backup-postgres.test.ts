import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
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
import { runScript } from '../../scripts/lib/run-script';
import { createScratchDatabase } from '../test/scratch';

/**
 * `npm run backup` / `npm run restore` on a PostgreSQL server (docs/deploy.md section 7), and an
 * embedded backup moved into one. PostgreSQL only: this file runs in the api-postgres project
 * alone (vitest.config.ts); the embedded database's backups are backup.test.ts's, on PGlite.
 */

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
