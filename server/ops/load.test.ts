import { afterAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '../env';
import {
  createSeededDatabase,
  reconcileRun,
  release,
  runLoad,
  startServer,
  summarize,
  type SeededDatabase,
  type ServerProcess,
} from './load-workflow';

/**
 * Issue 9 part 3: a crowd of clients and editors works against a real server process on
 * loopback (log in, list, create, edit, change status, comment, read notifications); every
 * write and its answer is recorded and reconciled with the database afterwards. The full run
 * (200 users, 60 s) is on the PostgreSQL server; on PGlite, which serves one query at a time,
 * a shorter and smaller one keeps the suite's time reasonable.
 */

const settings = readTestSettings();
const onServer = settings.testDriver === 'postgres';
const plan = onServer
  ? { users: 200, seconds: 60, think: [200, 1200] as [number, number] }
  : { users: 40, seconds: 15, think: [100, 600] as [number, number] };

describe(`load and integrity (${plan.users} users for ${plan.seconds} s on ${onServer ? 'PostgreSQL' : 'PGlite, a shortened run'})`, () => {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;

  afterAll(() => release(server, database), 60_000);

  it(
    'answers every request, and the database holds exactly the writes that succeeded',
    async () => {
      database = await createSeededDatabase(
        plan.users,
        onServer ? settings.testDatabaseUrl : undefined,
      );
      const { cast } = database;
      server = await startServer(database.env);

      const result = await runLoad({
        base: server.base,
        cast,
        durationMs: plan.seconds * 1000,
        thinkMs: plan.think,
      });
      // The embedded database has one owner: the server stops before the test reads it.
      if (!onServer) expect(await server.stop('SIGTERM')).toBe(0);
      const problems = await reconcileRun(database, result, cast);

      const table = summarize(result);
      console.log(
        `load: ${result.requests} requests in ${plan.seconds} s by ${plan.users} users`,
        JSON.stringify(result.statuses),
        JSON.stringify(table),
      );
      if (problems.length || result.statuses[500]) console.log(server.output().slice(-4000));
      expect(problems).toEqual([]);
      // Nothing failed that should not have: no 5xx, no dropped connection, every error a message.
      const failed = Object.entries(result.statuses).filter(
        ([status]) => status === 'network' || Number(status) >= 500,
      );
      expect(failed).toEqual([]);
      expect(result.badErrorBodies).toEqual([]);
      // Every kind of write happened, the good ones were accepted and the bad ones refused.
      for (const kind of ['login', 'create', 'edit', 'status', 'comment', 'read'] as const) {
        expect(table[kind]?.[0], kind).toBeGreaterThan(0);
        expect(table[kind]?.[1] ?? 0, kind).toBe(0);
      }
      for (const kind of ['bad-create', 'bad-edit', 'bad-status', 'bad-comment'] as const) {
        expect(table[kind]?.[1], kind).toBeGreaterThan(0);
        expect(table[kind]?.[0] ?? 0, kind).toBe(0);
      }
      // Everyone got in and did something.
      expect(table.login![0]).toBe(plan.users);
      expect(result.requests).toBeGreaterThan(plan.users * plan.seconds * 0.3);
    },
    (plan.seconds + 150) * 1000,
  );
});
