import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { readTestSettings } from '../../env';
import { titled, unmet } from '../../test/conditions';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * Issue 20, ADR 0007 "Commits that do not wait": a write that notifies someone sends no NOTIFY
 * inside its transaction. A transaction that NOTIFYs takes PostgreSQL's one notification-queue
 * lock (for the whole server) from just before its commit until the commit has ended, flush
 * included, so such writes committed one after another. Here another session holds that lock
 * (its commit queues a large batch of notifications, which takes a while), and a status change
 * and a comment, each notifying the client, must commit meanwhile.
 */
const noServer = unmet({ driver: 'postgres' });
const t = setUpVideoPeople();
let holder: pg.Client;
let videoId = '';

beforeAll(async () => {
  if (noServer) return;
  holder = new pg.Client({ connectionString: readTestSettings().testDatabaseUrl });
  await holder.connect();
  videoId = (
    await seedVideo(t, {
      userId: t.id.owner,
      assignedEditorId: t.id.teameditor,
      status: 'draft',
    })
  ).id;
});
afterAll(async () => {
  await holder?.end();
});

/**
 * Runs `write` while `holder`'s commit holds the notification-queue lock: its answer, how long
 * it took to commit (its notification is seen from another connection) and how long that commit
 * took from the same moment. A write that NOTIFYs in its transaction waits for the lock, so it
 * commits with or after that commit; one that does not takes its usual few milliseconds. (Its
 * answer waits for the lock all the same: it leaves once every instance has heard the write,
 * CacheBus.localWrite, whose marker is a NOTIFY; the other writes commit meanwhile.)
 */
async function whileQueueLocked(write: () => Promise<{ statusCode: number }>) {
  const channel = `vw_probe_${process.pid}`;
  await holder.query('begin');
  // About 120 MB of payloads: adding them to the queue at commit takes a few hundred ms.
  await holder.query(
    `select count(pg_notify($1, i::text || repeat('x', 4000))) from generate_series(1, 30000) i`,
    [channel],
  );
  const pid = ((await holder.query('select pg_backend_pid() as pid')).rows[0] as { pid: number })
    .pid;
  let committed = false;
  const commit = holder.query('commit').then(() => (committed = true));
  // The queue's lock: an object lock on pg_database with object id 0.
  for (;;) {
    const held = await t.database.pool!.query(
      `select 1 from pg_locks where pid = $1 and locktype = 'object' and granted
          and classid = 'pg_database'::regclass and objid = 0`,
      [pid],
    );
    if (held.rowCount || committed) break;
  }
  expect(committed, 'the lock was not seen held: the batch was too small').toBe(false);
  const start = performance.now();
  const answered = write();
  for (;;) {
    const seen = await t.database.pool!.query('select 1 from notifications limit 1');
    if (seen.rowCount || committed) break;
  }
  const wrote = performance.now() - start;
  const res = await answered;
  await commit;
  return { status: res.statusCode, wrote, locked: performance.now() - start };
}

describe.skipIf(noServer !== '')(titled('a notifying write', noServer), () => {
  const writes = [
    ['changes a status', 'PATCH', 'status', { status: 'in_progress' }, 200],
    ['posts a comment', 'POST', 'comments', { content: 'At 0:10' }, 201],
  ] as const;
  for (const [name, method, path, payload, status] of writes) {
    it(`${name} while another commit holds the notification queue`, async () => {
      const url = `/api/videos/${videoId}/${path}`;
      const result = await whileQueueLocked(() => t.call('teameditor', method, url, payload));
      expect(result.status).toBe(status);
      expect(result.wrote, JSON.stringify(result)).toBeLessThan(result.locked / 2);
      const told = await t.db.select({ to: notifications.recipientId }).from(notifications);
      expect(told.map((n) => n.to)).toEqual([t.id.owner]);
    });
  }
});
