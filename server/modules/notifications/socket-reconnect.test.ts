import { describe, expect, it } from 'vitest';
import { titled, unmet } from '../../test/conditions';
import { openAt } from '../../test/socket';
import { setUpInstanceB, setUpSocketSuite } from './socket.setup';

/*
 * The live socket (socket.test.ts) on two instances when the realtime listener's PostgreSQL
 * connection is killed. PostgreSQL only: this file runs in the api-postgres project alone
 * (vitest.config.ts), so none of its tests is skipped in CI.
 */

const { t, comment } = setUpSocketSuite();
const { id, cookie } = t;

// Only a PostgreSQL server has backends to kill.
const noServer = unmet({ driver: 'postgres' });
describe.skipIf(noServer !== '')(
  titled('several instances on one database (LISTEN/NOTIFY), the listener cut', noServer),
  () => {
    const instanceB = setUpInstanceB(t);

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
      const socket = await openAt(t.base, { cookie: cookie.owner });
      await socket.messages(1);
      await comment(instanceB.app, 'editor', 'after the reconnect');
      const [, n] = await socket.messages(3, 1000);
      expect(n).toMatchObject({ type: 'notification', data: { recipientId: id.owner } });
      socket.ws.close();
    });
  },
);
