import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { fromPostgres, type Database } from '../../db/client';
import { readTestSettings } from '../../env';
import { titled, unmet } from '../../test/conditions';
import { seedVideo, setUpSuite } from '../../test/helper';
import { openAt } from '../../test/socket';

/*
 * The live socket (socket.test.ts) on two instances when the realtime listener's PostgreSQL
 * connection is killed. PostgreSQL only: this file runs in the api-postgres project alone
 * (vitest.config.ts), so none of its tests is skipped in CI.
 */

const t = setUpSuite([
  ['owner', 'client'],
  ['editor', 'editor'],
]);
const { id, cookie } = t;
let base: string;
let videoId: string;

async function listen(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ({ id: videoId } = await seedVideo(t, {
    userId: id.owner!,
    assignedEditorId: id.editor!,
    name: 'Spring promo',
  }));
  base = await listen(t.app);
});

const comment = (app: App, who: keyof typeof cookie, content: string) =>
  app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/comments`,
    headers: { cookie: cookie[who]! },
    payload: { content },
  });

// Only a PostgreSQL server has backends to kill.
const noServer = unmet({ driver: 'postgres' });
describe.skipIf(noServer !== '')(
  titled('several instances on one database (LISTEN/NOTIFY), the listener cut', noServer),
  () => {
    let second: App;
    let secondDb: Database | null = null;

    beforeAll(async () => {
      let database = t.database;
      if (t.database.kind === 'postgres') {
        // A separate pool on the same schema: instance B shares nothing with A but the database.
        const url = readTestSettings().testDatabaseUrl!;
        const [row] = (
          (await t.database.pool!.query('select current_schema() as schema')) as {
            rows: { schema: string }[];
          }
        ).rows;
        secondDb = fromPostgres({ url, searchPath: row!.schema, max: 2 });
        database = secondDb;
      }
      second = await buildApp({ database, logger: false });
      // Listening as instance B does in socket.test.ts.
      await listen(second);
    });
    afterAll(async () => {
      await second.close();
      await secondDb?.close();
    });

    it('the listener reconnects after its connection is killed', async () => {
      const pool = t.database.pool!;
      const listeners = async () =>
        (
          await pool.query(
            `select pid from pg_stat_activity
              where application_name = 'vw_realtime_' || current_schema()`,
          )
        ).rows as { pid: number }[];
      // Both instances listening, on connections other than `old`.
      const listening = async (old: number[] = []) =>
        (await listeners()).map((r) => r.pid).filter((pid) => !old.includes(pid));
      await expect.poll(() => listening(), { timeout: 5_000 }).toHaveLength(2);
      const before = await listening();
      await pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
      await expect.poll(() => listening(before), { timeout: 5_000 }).toHaveLength(2);
      const socket = await openAt(base, { cookie: cookie.owner });
      await socket.messages(1);
      await comment(second, 'editor', 'after the reconnect');
      const [, n] = await socket.messages(3, 1000);
      expect(n).toMatchObject({ type: 'notification', data: { recipientId: id.owner } });
      socket.ws.close();
    });
  },
);
