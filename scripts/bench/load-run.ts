import {
  createSeededDatabase,
  reconcileRun,
  release,
  runLoad,
  startServer,
  summarize,
  type SeededDatabase,
  type ServerProcess,
} from '../../server/ops/load-workflow';

/**
 * Issue 9 part 3, moved from `npm test` into `npm run bench` (issue 40: it measures): a crowd of
 * clients and editors works against a real server process on loopback (log in, list, create,
 * edit, change status, comment, read notifications); every write and its answer is recorded and
 * reconciled with the database afterwards. Its throughput is printed; what is a correctness
 * property is judged even in `--quick`: the database holds exactly the writes that succeeded,
 * nothing answered 5xx or dropped a connection, every refusal has its message, each kind of
 * write was accepted and each bad one refused, everyone got in. (The fault suite reconciles the
 * same way under faults: server/ops/pg-restart.fault.ts, server-kill.fault.ts.)
 *
 * The full run is 200 users for 60 s on the PostgreSQL server; on PGlite, which serves one
 * query at a time, 40 users for 15 s; `--quick` is 20 users for 10 s on either (each kind of
 * write then happens several times).
 */
export interface LoadPlan {
  users: number;
  seconds: number;
  think: [number, number];
}

export function loadPlan(onServer: boolean, quick: boolean): LoadPlan {
  if (quick) return { users: 20, seconds: 10, think: [100, 600] };
  return onServer
    ? { users: 200, seconds: 60, think: [200, 1200] }
    : { users: 40, seconds: 15, think: [100, 600] };
}

/** The run's printed lines and its judged checks, [what, passed]. */
export async function loadAndIntegrity(
  serverUrl: string | undefined,
  plan: LoadPlan,
  quick: boolean,
): Promise<{ lines: string[]; checks: [string, boolean][] }> {
  let database: SeededDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    database = await createSeededDatabase(plan.users, serverUrl);
    const { cast } = database;
    server = await startServer(database.env);
    const result = await runLoad({
      base: server.base,
      cast,
      durationMs: plan.seconds * 1000,
      thinkMs: plan.think,
    });
    const checks: [string, boolean][] = [];
    // The embedded database has one owner: the server stops before the run reads it.
    if (!serverUrl)
      checks.push(['the server stops with 0 on SIGTERM', (await server.stop('SIGTERM')) === 0]);
    const problems = await reconcileRun(database, result, cast);
    const table = summarize(result);
    const failed = Object.keys(result.statuses).filter(
      (status) => status === 'network' || Number(status) >= 500,
    );
    const lines = [
      `\nLoad and integrity: ${plan.users} users for ${plan.seconds} s on ${serverUrl ? 'the PostgreSQL server' : 'embedded PGlite'}: ` +
        `${result.requests} requests (${Math.round(result.requests / plan.seconds)} a second)`,
      `answers by status ${JSON.stringify(result.statuses)}`,
      `writes by kind [2xx, 4xx, other] ${JSON.stringify(table)}`,
      ...problems.slice(0, 20).map((problem) => `  ${problem}`),
    ];
    if (problems.length || failed.length) lines.push(server.output().slice(-4000));
    const accepted = ['login', 'create', 'edit', 'status', 'comment', 'read'] as const;
    const refused = ['bad-create', 'bad-edit', 'bad-status', 'bad-comment'] as const;
    checks.push(
      ['the database holds exactly the writes that succeeded', problems.length === 0],
      ['no 5xx and no dropped connection', failed.length === 0],
      ['every refusal carries its message', result.badErrorBodies.length === 0],
      [
        'each kind of write accepted, none refused',
        accepted.every((kind) => (table[kind]?.[0] ?? 0) > 0 && (table[kind]?.[1] ?? 0) === 0),
      ],
      [
        'each bad write refused, none accepted',
        refused.every((kind) => (table[kind]?.[1] ?? 0) > 0 && (table[kind]?.[0] ?? 0) === 0),
      ],
      ['everyone signed in', table.login?.[0] === plan.users],
    );
    // A pace, and so judged only in the full run (a busy machine slows a short one).
    if (!quick)
      checks.push([
        'at least 0.3 requests a user and second',
        result.requests > plan.users * plan.seconds * 0.3,
      ]);
    return { lines, checks };
  } finally {
    await release(server, database);
  }
}
