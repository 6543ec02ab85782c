import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '../env';
import { DATABASE_UNAVAILABLE } from '@domain/health';
import {
  createSeededDatabase,
  PASSWORD,
  reconcileRun,
  runLoad,
  sleep,
  startServer,
  summarize,
  type SeededDatabase,
  type ServerProcess,
} from './load-workflow';

/**
 * Issue 9 part 4: the local PostgreSQL server is stopped and started again under load. The app
 * process stays up, answers 503 with a message while the database is away, recovers by itself
 * within 5 s of its return (queries and the LISTEN connection), and the database holds no
 * partial write. This restarts the whole PostgreSQL server, cutting every other client's
 * connections, so it runs alone: `npm run test:faults` (vitest.faults.config.ts), which CI runs
 * after `npm test`. It needs TEST_DATABASE_URL on this machine and pg_ctlcluster (Debian), or
 * the server .ci/postgres.sh started and the command that restarts it (TEST_PG_CTL).
 */

const settings = readTestSettings();
const CLUSTER = ['15', 'main'];
const PG_CTL = '/usr/bin/pg_ctlcluster';
const local = (() => {
  try {
    const host = new URL(settings.testDatabaseUrl ?? '').hostname;
    return host === '127.0.0.1' || host === 'localhost';
  } catch {
    return false;
  }
})();

/** The server CI started itself (.ci/postgres.sh's TEST_PG_CTL), else the Debian cluster. */
const [command, ...commandArgs] = settings.pgCtl ?? [
  PG_CTL,
  '--skip-systemctl-redirect',
  ...CLUSTER,
];
const restartable = Boolean(settings.pgCtl) || existsSync(PG_CTL);

function cluster(action: 'start' | 'stop') {
  const done = spawnSync(command!, [...commandArgs, action, '-m', 'fast'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  // "start" on a running cluster says so and exits 2; that is fine for the clean-up.
  return { status: done.status, text: `${done.stdout}${done.stderr}` };
}

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('PostgreSQL restarted under load', () => {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    // Whatever happened, leave the PostgreSQL server running.
    if (local && !(await answers(settings.testDatabaseUrl!))) cluster('start');
    await server?.stop('SIGTERM');
    await database?.drop();
  }, 120_000);

  it('needs a local PostgreSQL server it may restart (pg_ctlcluster, or TEST_PG_CTL)', () => {
    expect(settings.testDatabaseUrl, 'TEST_DATABASE_URL').toBeTruthy();
    expect(local, 'TEST_DATABASE_URL must point at this machine').toBe(true);
    expect(restartable, `${PG_CTL}, or TEST_PG_CTL from .ci/postgres.sh`).toBe(true);
  });

  it('stays up, answers 503 with a message, recovers within 5 s and loses no write', async () => {
    if (!local || !restartable) throw new Error('see the previous test');
    const url = settings.testDatabaseUrl!;
    database = await createSeededDatabase(60, url);
    const { cast } = database;
    server = await startServer(database.env);
    const { base } = server;

    // A prober that asks every 100 ms for a signed-in read and the liveness check.
    const probeUser = cast.clients.at(-1)!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: probeUser.username, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const probes: { at: number; status: number; body: string; health: number }[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const at = Date.now();
        const [read, health] = await Promise.all([
          fetch(`${base}/api/notifications/count`, {
            headers: { cookie },
            signal: AbortSignal.timeout(10_000),
          }).then(
            async (r) => ({ status: r.status, body: await r.text() }),
            (err: Error) => ({ status: 0, body: err.message }),
          ),
          fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status,
            () => 0,
          ),
        ]);
        probes.push({ at, ...read, health });
        // eslint-disable-next-line no-restricted-syntax -- fixed wait: the prober's pace (a probe every 100 ms), not a wait for a condition
        await sleep(100);
      }
    })();

    const crowd = { clients: cast.clients.slice(0, -1), editors: cast.editors };
    const load = runLoad({
      base,
      cast: crowd,
      durationMs: 30_000,
      thinkMs: [100, 500],
      faults: true,
    });

    // The crowd at work: 30 of its videos and comments written before the stop.
    const counter = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await counter.connect();
    const written = async () =>
      (
        (
          await counter.query(
            'select (select count(*) from videos) + (select count(*) from comments) as n',
          )
        ).rows[0] as { n: string }
      ).n;
    const seeded = Number(await written());
    await expect
      .poll(async () => Number(await written()) - seeded, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(30)
      .finally(() => counter.end());
    const stopping = cluster('stop');
    expect(stopping.status, stopping.text).toBe(0);
    const downAt = Date.now();
    // Away long enough for the prober to meet it several times (checked below, with a margin).
    await expect
      .poll(() => probes.filter((p) => p.at > downAt + 500 && p.status === 503).length, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(7);
    const starting = cluster('start');
    expect(starting.status, starting.text).toBe(0);
    const backAt = Date.now();

    // The LISTEN connection of the socket hub comes back by itself. It is told by its name (the
    // channel's, server/db/listener.ts) and a first statement run, which is its LISTEN: the
    // connection also sends the hub's NOTIFYs, so under the crowd's writes its last statement
    // is soon one of those (a poll for "LISTEN" as the last statement missed it under load).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let listenAt = 0;
    try {
      const listeners = async () =>
        (
          (
            await admin.query(
              `select count(*)::int as n from pg_stat_activity
                where datname = $1 and application_name like 'vw\\_realtime\\_%' and query <> ''`,
              [database!.name],
            )
          ).rows[0] as { n: number }
        ).n;
      await expect.poll(listeners, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
      listenAt = Date.now();
    } finally {
      await admin.end();
    }

    const result = await load;
    probing = false;
    await prober;

    // The process never went down.
    expect(server.child.exitCode, server.output().slice(-6000)).toBeNull();
    // Liveness answered throughout (503 "degraded" while the database was away).
    expect(probes.filter((p) => p.health !== 200 && p.health !== 503)).toEqual([]);
    // While the database was away: 503 with the message (and no 500, no dropped connection).
    const away = probes.filter((p) => p.at > downAt + 500 && p.at < backAt - 500);
    expect(away.length).toBeGreaterThan(5);
    for (const p of away) {
      expect(p.status).toBe(503);
      expect(JSON.parse(p.body)).toEqual({ message: DATABASE_UNAVAILABLE });
    }
    expect(Object.keys(result.statuses).filter((s) => s === '500' || s === 'network')).toEqual([]);
    expect(result.statuses[503]).toBeGreaterThan(0);
    expect(result.badErrorBodies).toEqual([]);
    // Recovered within 5 s of the database's return, and stayed up.
    const firstOk = probes.find((p) => p.at >= backAt && p.status === 200);
    expect(firstOk, 'a successful read after the restart').toBeDefined();
    expect(firstOk!.at - backAt).toBeLessThan(5_000);
    expect(probes.filter((p) => p.at > firstOk!.at && p.status !== 200)).toEqual([]);
    expect(listenAt - backAt).toBeLessThan(5_000);

    // Every accepted write is there, every refused one is not, none is there in part.
    const problems = await reconcileRun(database, result, crowd);
    console.log(
      `faults: ${result.requests} requests`,
      JSON.stringify(result.statuses),
      JSON.stringify(summarize(result)),
      `recovered ${firstOk!.at - backAt} ms after the restart`,
    );
    expect(problems).toEqual([]);
    expect(summarize(result).create![0]).toBeGreaterThan(0);
  }, 240_000);
});
