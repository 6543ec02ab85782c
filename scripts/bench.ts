/**
 * `npm run bench [-- --quick]`: seeds an agency, starts the real server in its own process, drives
 * the hot calls with autocannon over loopback and prints a table with pass or fail per target.
 *
 * On the PostgreSQL server of BENCH_DATABASE_URL (or TEST_DATABASE_URL) it uses a database of its
 * own, dropped afterwards; without one it uses an embedded PGlite in a temporary directory, with
 * a smaller agency. `--quick` is the reduced run CI makes.
 *
 * `--call <name>` (repeatable) measures only the named hot calls of the table (say
 * `--call 'post a comment'`) at the run's size, and prints with each the CPU time the server
 * process and the database's backends (those of the bench's database on a local PostgreSQL
 * server) spent per request, each after a 3 s warm-up: a quicker loop when working on one call. `--cpu-prof <dir>` has the
 * app's server write a V8 CPU profile into `dir` when it stops (open it in Chrome's DevTools).
 * `--inside` times the requests, statements, event loop and collections inside the server
 * (scripts/bench/server-timings.ts) and prints them for each `--call` and the working day's windows.
 *
 * After the table, the load and integrity run (scripts/bench/load-run.ts): a crowd of simulated
 * users and a reconciliation of their writes with the database, judged even in `--quick`;
 * `--load` runs it alone.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgres } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { readTestSettings } from '../server/env';
import { type ProbeResult, probeWhile } from './bench/probe';
import {
  type ServerTimings,
  serverTimingsReport,
  serverTimingsSetup,
  takeWindow,
} from './bench/server-timings';
import { type AgencySize, BENCH_PASSWORD, seedAgency } from './bench/seed';
import { loadAndIntegrity, loadPlan } from './bench/load-run';
import { createScratchDatabase, freePort } from '../server/test/scratch';
import { databaseProcesses, rssMb } from '../server/test/processes';
import { startArgs } from './lib/start-command';
import { hashPassword, verifyPassword } from '../server/lib/passwords';
import { commitMs } from './bench/commit';
import { median } from './bench/stats';
import {
  type Figure,
  type Judged,
  HISTORY_FILE,
  against,
  appendRun,
  comparison,
  previousOf,
  readHistory,
  runOf,
} from './bench/history';
import { type SequentialWrites, sequentialWrites } from './bench/sequential-writes';
import { type BulkWrites, bulkWrites } from './bench/bulk-writes';
import {
  type WorkingDayOptions,
  type WorkingDayProbes,
  type WorkingDayResult,
  workingDay,
  workingDayReport,
  freshReads,
} from './bench/working-day';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
/** The values that follow each `flag` on the command line. */
const flagValues = (flag: string) =>
  process.argv.flatMap((arg, i) =>
    arg === flag && process.argv[i + 1] ? [process.argv[i + 1]!] : [],
  );
const onlyCalls = flagValues('--call');
const cpuProfileDir = flagValues('--cpu-prof')[0];
/** Where the app's server writes its own timings (`--inside`). */
const timingsFile = process.argv.includes('--inside')
  ? path.join(tmpdir(), `vw-bench-timings-${process.pid}.json`)
  : undefined;
// A benchmark-only setting; the app's own settings are read in server/env.ts.
const serverUrl = process.env.BENCH_DATABASE_URL || readTestSettings().testDatabaseUrl;

const FULL: AgencySize = { clients: 1000, editors: 60, videos: 100_000, comments: 300_000 };
const QUICK: AgencySize = { clients: 200, editors: 20, videos: 10_000, comments: 30_000 };
const SMALL: AgencySize = { clients: 10, editors: 5, videos: 1_000, comments: 1_000 };
const SCALE_SIZES = [10_000, 100_000, 1_000_000];

const CONNECTIONS = 50;
const DURATION_S = quick ? 3 : 10;
const P99_READ_TARGET_MS = 50;
const COUNT_TO_BARE_TARGET = 0.25;
/** Issue 47: comments posted a second at 50 connections, against the bare route, on either database. */
const COMMENT_TO_BARE_TARGET = 0.025;
const RSS_TARGET_MB = 300;
const SCALING_TARGET = 1.5;
/**
 * Issue 47: a create, a status change, a comment and a new version, one at a time, each (its
 * median) within this many commits of the same database timed in the same run (scripts/bench/
 * commit.ts). Issue 20's 4 ms on PostgreSQL was 20 of that machine's 0.2 ms commits.
 */
const WRITE_TO_COMMIT_TARGET = 20;
/**
 * Issue 45's bulk changes: one call changing 1,000 videos, against one status change made alone in
 * the same run (its median). A move takes each video through the status call's rules one by one in
 * one transaction (one commit, not 1,000): within 1,000 x 0.25 of the write alone. A priority and
 * due-date change is one statement for all of them: within 20 of the write alone.
 */
const BULK_TARGET = { move: 250, set: 20 };
/**
 * Each bulk call is timed this many times (after one unmeasured call); the median counts. The
 * quick run (CI's) changes 100 videos a call, to prove the measuring in a few seconds.
 */
const BULK_REPETITIONS = quick ? 3 : 5;
const BULK_VIDEOS = quick ? 100 : 1000;
/**
 * Issue 20's login p99 on the embedded default (argon2id, docs/architecture.md#identity, is most of
 * it), as issue 47 asks, against one verification timed in the bench's process in the same run:
 * 500 ms was about 60 of them on the machine it was set on (some 8 ms each).
 */
const EMBEDDED_LOGIN_P99_TO_HASH_TARGET = 60;
/** Issue 47's working day: reads keep this share of their read-only throughput beside writers. */
const WORKING_DAY_READ_SHARE = 0.85;
const WORKING_DAY: WorkingDayOptions = {
  connections: CONNECTIONS,
  durationS: DURATION_S,
  writesPerSecond: 20,
  clients: quick ? 40 : 200,
  editors: quick ? 10 : 40,
};

interface Prepared {
  env: Record<string, string>;
  /** The database's name on the PostgreSQL server (none when embedded). */
  name?: string;
  cleanup: () => Promise<void>;
}

/** A fresh migrated and seeded database, and the environment that points a server at it. */
async function prepareDatabase(size: AgencySize): Promise<Prepared> {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'vw_bench');
    const database = fromPostgres({ url: scratch.url, max: 2 });
    await migrate(database);
    await seedAgency(database, size);
    await database.close();
    return {
      env: { DATABASE_URL: scratch.url },
      name: scratch.name,
      cleanup: () => scratch.drop(),
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'vw-bench-'));
  const database = fromPglite(await PGlite.create({ dataDir: dir }));
  await migrate(database);
  await seedAgency(database, size);
  await database.close();
  return { env: { DATA_DIR: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

interface Running {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** With `--inside`, the app's timings since the last window (ServerTimings), and a new window. */
  window?: () => Promise<ServerTimings>;
}

/**
 * The app as `npm start` runs it: package.json's start script (its Node flags and scripts/start.mjs, the
 * compiled server on Node alone, built first when stale), so the memory and speed measured are
 * what users get (ADR 0012).
 */
const APP = startArgs();
/** The bare Fastify server the app's throughput is compared with, from source. */
const BARE = ['--import', 'tsx', 'scripts/bench/bare-server.ts'];

/** Starts a server in its own Node process (so its memory and CPU are its own). */
async function startProcess(args: string[], env: Record<string, string>): Promise<Running> {
  const script = args.at(-1)!;
  const port = await freePort();
  const profile =
    cpuProfileDir && args === APP ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [];
  const timings = timingsFile && args === APP ? serverTimingsSetup(timingsFile) : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, ...(timings?.args ?? []), ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...timings?.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        KING_PASSWORD: BENCH_PASSWORD,
        NODE_ENV: '',
        AUTH_RATE_LIMIT: '1000000',
        // A few users write comments and status changes as fast as the server takes them.
        WRITE_RATE_LIMIT: '100000000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    ...(timings && { window: () => takeWindow(child.pid!, timingsFile!) }),
  };
}

/** CPU seconds (user and system) a process has used so far. */
function cpuSeconds(pid: number): number {
  try {
    // /proc/<pid>/stat: the name in parentheses may hold spaces; utime and stime follow as
    // the 12th and 13th fields after it, in clock ticks (100 a second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone meanwhile
  }
}

/** The pids of this machine's processes whose command line `matches`. */
function pidsWhose(matches: (command: string) => boolean): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return matches(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
}

/** The pids of the local PostgreSQL server's backends connected to the database `name`. */
const backendPids = (name: string) =>
  pidsWhose((title) => title.startsWith('postgres: ') && title.split(' ').includes(name));

/**
 * The embedded database's own process (server/db/embedded.ts), a child of the server: its
 * memory is printed beside the server's and not judged, as the run on a PostgreSQL server does
 * not count PostgreSQL's. 0 on a server.
 */
const databaseRssMb = (serverPid: number) =>
  databaseProcesses(serverPid).reduce((sum, pid) => sum + rssMb(pid), 0);

/** Every PostgreSQL process on this machine (the server and its backends), none if it is elsewhere. */
const postgresPids = () =>
  pidsWhose(
    (command) => command.startsWith('postgres') || /\/postgresql\/.*\/postgres\0/.test(command),
  );

/**
 * What the working day looks at besides the answers: the server's memory, the CPU of the server,
 * the database (every PostgreSQL process on this machine, or the embedded database's own) and
 * this process, and with `--inside` the server's own timings.
 */
function dayProbes(app: Running): WorkingDayProbes {
  return {
    rss: () => rssMb(app.pid),
    cpu: () => {
      const database = serverUrl ? postgresPids() : databaseProcesses(app.pid);
      const own = process.cpuUsage();
      return {
        server: cpuSeconds(app.pid),
        ...(database.length && {
          database: database.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
        }),
        bench: (own.user + own.system) / 1e6,
      };
    },
    window: app.window,
  };
}

/** The highest value of `measure` until `stop`, sampled every 250 ms. */
function highestOf(measure: () => number) {
  let highest = measure();
  const timer = setInterval(() => (highest = Math.max(highest, measure())), 250);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(highest, measure());
    },
  };
}

interface Memory {
  /** Highest RSS of the server process and of the embedded database's process, MB. */
  server: number;
  database: number;
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return cookie!.split(';')[0]!;
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Call {
  name: string;
  read: boolean;
  method?: 'GET' | 'POST';
  path: string;
  cookie?: string;
  body?: string;
}

interface Result {
  name: string;
  read: boolean;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rss: number;
  /** The embedded database's process, 0 on a server. */
  databaseRss: number;
}

async function drive(
  base: string,
  pid: number,
  call: Call,
  durationS = DURATION_S,
): Promise<Result> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    method: call.method ?? 'GET',
    connections: CONNECTIONS,
    duration: durationS,
    headers: {
      ...(call.cookie ? { cookie: call.cookie } : {}),
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    body: call.body,
  });
  return {
    name: call.name,
    read: call.read,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rss: rssMb(pid),
    databaseRss: databaseRssMb(pid),
  };
}

/** Median ms of one argon2id verification, as the server makes it at login, in this process. */
async function verificationMs(n = 21): Promise<number> {
  const stored = await hashPassword(BENCH_PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await verifyPassword(stored, BENCH_PASSWORD);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Median time of `n` sequential requests, in ms. */
async function medianMs(url: string, cookie: string, n = 30): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  return median(times);
}

const LEAD_FIRST_PAGE = '/api/videos?limit=50';
const INVOICING_MONTH =
  '/api/admin/invoicing?dateFilter=current&sortBy=clientName&sortOrder=asc&limit=100&offset=0';
/**
 * The scaling check times the query itself: `refresh` bypasses the read cache (see ADR 4), which
 * would otherwise answer both sizes from memory.
 */
const LEAD_FIRST_PAGE_FRESH = `${LEAD_FIRST_PAGE}&refresh=true`;
/** A route without the database, probed while comments are posted (scripts/bench/probe.ts). */
const NO_DATABASE_ROUTE = '/api/openapi.json';
const PROBED_CALL = 'post a comment';
/** Between calls: lets the previous call's backlog (argon2 hashes after login) drain first. */
const SETTLE_MS = quick ? 500 : 1500;
/**
 * Each call is driven this long before it is timed: a server in use has compiled its code (the
 * JavaScript's and the embedded database's WebAssembly, which V8 optimizes only once it runs hot)
 * and filled its caches. Timed cold, the first calls after start measured the compiler too: on
 * the embedded default, login 107-119 requests/s and p99 590-617 ms in the full run's order against
 * 123-145 and 398-470 warmed, comments 487-507 against 628-651 (2026-11-29). `--quick` proves
 * the measuring works and judges nothing: a second of warm-up and half a second to settle.
 */
const WARM_UP_S = quick ? 1 : 3;

/** Signs in the bench's client, lead and king and names the hot calls each one makes. */
async function hotCalls(url: string) {
  const client = await login(url, 'bench-client-1');
  const lead = await login(url, 'bench-lead');
  const king = await login(url, 'bench-king');
  const own = await getJson<{ id: string }[]>(`${url}/api/videos?limit=1`, client);
  const calls: Call[] = [
    { name: 'bare Fastify route', read: true, path: '/bare' },
    {
      name: 'login',
      read: false,
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ username: 'bench-client-2', password: BENCH_PASSWORD }),
    },
    { name: 'notifications count', read: true, path: '/api/notifications/count', cookie: client },
    { name: "a client's videos", read: true, path: '/api/videos', cookie: client },
    { name: 'lead dashboard counts', read: true, path: '/api/lead/summary', cookie: lead },
    { name: 'lead dashboard first page', read: true, path: LEAD_FIRST_PAGE, cookie: lead },
    // What the invoicing screen asks for when it opens: this month, the first 100 rows.
    { name: 'invoicing month', read: true, path: INVOICING_MONTH, cookie: king },
    {
      name: 'post a comment',
      read: false,
      method: 'POST',
      path: `/api/videos/${own[0]!.id}/comments`,
      cookie: client,
      body: JSON.stringify({ content: 'Benchmark comment at 0:42' }),
    },
  ];
  return { client, lead, calls };
}

async function main() {
  // Issue 20 judges the embedded default at 10,000 videos, the reduced run's size.
  const size = serverUrl && !quick ? FULL : QUICK;
  const engine = serverUrl ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(
    `Seeding ${size.videos.toLocaleString('en-US')} videos, ${size.comments.toLocaleString('en-US')} comments, ` +
      `${size.clients} clients, ${size.editors} editors on ${engine}...`,
  );
  const seedStart = performance.now();
  const prepared = await prepareDatabase(size);
  console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const bare = await startProcess(BARE, {});
  const app = await startProcess(APP, prepared.env);
  const results: Result[] = [];
  let leadAtSize = 0;
  let commit = 0;
  const hash = await verificationMs();
  let writes: SequentialWrites | undefined;
  let bulk: BulkWrites | undefined;
  let day: WorkingDayResult | undefined;
  let probe: ProbeResult | undefined;
  const dayOptions: WorkingDayOptions = {
    ...WORKING_DAY,
    editors: Math.min(WORKING_DAY.editors, size.editors),
    clients: Math.min(WORKING_DAY.clients, size.clients),
  };
  const serverPeak = highestOf(() => rssMb(app.pid));
  const databasePeak = highestOf(() => databaseRssMb(app.pid));
  let memory: Memory | undefined;
  try {
    const { client, lead, calls } = await hotCalls(app.url);
    await fetch(`${app.url}${NO_DATABASE_ROUTE}`); // the first answer builds the document
    for (const call of calls) {
      const target = call.path === '/bare' ? bare : app;
      await drive(target.url, target.pid, call, WARM_UP_S);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const driving = drive(target.url, target.pid, call);
      if (call.name === PROBED_CALL)
        probe = await probeWhile(`${app.url}${NO_DATABASE_ROUTE}`, driving);
      results.push(await driving);
      console.log(`  measured ${call.name}`);
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    leadAtSize = await medianMs(`${app.url}${LEAD_FIRST_PAGE_FRESH}`, lead);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    writes = await sequentialWrites(app.url, await writeActors(app.url, client));
    commit = await commitMs(prepared.env.DATABASE_URL);
    console.log('  measured the writes one at a time, and a commit');
    bulk = await bulkWrites(app.url, lead, BULK_REPETITIONS, BULK_VIDEOS);
    console.log('  measured the bulk changes');
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    day = await workingDay(app.url, (who) => login(app.url, who), dayOptions, dayProbes(app));
    console.log('  measured the working day');
  } finally {
    memory = { server: serverPeak.stop(), database: databasePeak.stop() };
    await app.stop();
    await bare.stop();
    await prepared.cleanup();
  }

  // The lead dashboard's first page must not slow down with the agency's size.
  let leadAtSmall = 0;
  if (!quick && serverUrl) {
    const small = await prepareDatabase(SMALL);
    const smallApp = await startProcess(APP, small.env);
    try {
      const lead = await login(smallApp.url, 'bench-lead');
      leadAtSmall = await medianMs(`${smallApp.url}${LEAD_FIRST_PAGE_FRESH}`, lead);
    } finally {
      await smallApp.stop();
      await small.cleanup();
    }
  }

  report({
    results,
    size,
    engine,
    leadAtSize,
    leadAtSmall,
    writes,
    commit,
    hash,
    bulk,
    day,
    dayOptions,
    probe,
    memory,
  });
  await loadOnly();
}

/** The load and integrity run; its correctness checks fail the bench even in `--quick`. */
async function loadOnly() {
  const plan = loadPlan(Boolean(serverUrl), quick);
  const { lines, checks } = await loadAndIntegrity(serverUrl, plan, quick);
  console.log(
    [...lines, '', ...checks.map(([what, ok]) => `${ok ? 'pass' : 'FAIL'}  ${what}`)].join('\n'),
  );
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

/**
 * Who makes the writes timed one at a time: bench-client-1 (signed in as `client`) and the
 * editor of its clients (the seed assigns client n to editor 1 + n % editors), on a video of
 * the client's in draft or in progress.
 */
async function writeActors(url: string, client: string) {
  const editor = await login(url, 'bench-editor-2');
  const listed = await getJson<{ id: string; status: string; owner?: { username: string } }[]>(
    `${url}/api/videos?limit=200`,
    editor,
  );
  const video = listed.find(
    (v) =>
      (v.status === 'draft' || v.status === 'in_progress') &&
      v.owner?.username === 'bench-client-1',
  );
  if (!video) throw new Error('bench-editor-2 has no draft or in-progress video of client 1');
  return { client, editor, videoId: video.id, videoStatus: video.status };
}

/** What the full run measured, for its report. */
interface Measured {
  results: Result[];
  size: AgencySize;
  engine: string;
  leadAtSize: number;
  leadAtSmall: number;
  writes: SequentialWrites;
  /** The database's own commit and one argon2id verification, ms, timed in the same run. */
  commit: number;
  hash: number;
  bulk: BulkWrites;
  day: WorkingDayResult;
  dayOptions: WorkingDayOptions;
  probe: ProbeResult | undefined;
  memory: Memory;
}

function report(m: Measured) {
  const { results, size, engine, leadAtSize, leadAtSmall, writes, commit, bulk, day, probe } = m;
  const bareRps = results.find((r) => r.name === 'bare Fastify route')!.rps;
  const bare = { name: 'of the bare route', value: bareRps };
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const server = engine === 'PostgreSQL server';
  // The embedded database's process, beside the server's RSS (which alone is judged).
  const databaseColumn = (r?: Result) => (server ? '' : pad(r ? r.databaseRss : 'DB MB', 8));
  const lines = [
    `\n${engine}, ${size.videos.toLocaleString('en-US')} videos, ${CONNECTIONS} connections, ${DURATION_S} s per call`,
    `${pad('call', 28)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('RSS MB', 8)}${databaseColumn()}${pad('vs bare', 8)}`,
  ];
  for (const r of results) {
    lines.push(
      `${pad(r.name, 28)}${pad(r.rps, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors, 8)}${pad(r.rss, 8)}${databaseColumn(r)}${pad(`${((r.rps / bareRps) * 100).toFixed(1)}%`, 8)}`,
    );
  }
  if (probe) {
    const ms = (n: number) => n.toFixed(1);
    lines.push(
      `${NO_DATABASE_ROUTE} (no database) during "${PROBED_CALL}", one at a time: ` +
        `p50 ${ms(probe.p50)} ms, p99 ${ms(probe.p99)} ms, max ${ms(probe.max)} ms (${probe.answers} answers)`,
    );
  }
  const app = results.filter((r) => r.name !== 'bare Fastify route');
  const count = results.find((r) => r.name === 'notifications count')!;
  const comment = results.find((r) => r.name === 'post a comment')!;
  const login = results.find((r) => r.name === 'login')!;
  const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
  const rps = (n: number) => `${n.toLocaleString('en-US')} req/s`;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const written = writesJudged(writes, commit);
  const figures: Figure[] = [
    { name: 'bare Fastify route', value: bareRps, unit: 'req/s' },
    ...app.map((r) => against(r.name, r.rps, 'req/s', bare)),
    { name: 'a commit', value: commit, unit: 'ms' },
    { name: 'an argon2id verification', value: m.hash, unit: 'ms' },
    ...written.figures,
    against('login p99', login.p99, 'ms', { name: 'argon2id verifications', value: m.hash }),
  ];
  const targets: Judged[] = [
    { what: 'no errors', ok: app.every((r) => r.errors === 0) },
    {
      // Issue 47 states it in ms; printed beside it, the slowest read's p99 in commits.
      what: `p99 under ${P99_READ_TARGET_MS} ms for every read (slowest ${Math.max(...app.filter((r) => r.read).map((r) => r.p99))} ms)`,
      ok: app.filter((r) => r.read).every((r) => r.p99 < P99_READ_TARGET_MS),
    },
    {
      what: `notifications count ${rps(count.rps)}, ${percent(count.rps / bareRps)} of the bare route (${rps(bareRps)}): at least ${COUNT_TO_BARE_TARGET * 100}%`,
      ok: count.rps >= bareRps * COUNT_TO_BARE_TARGET,
    },
    {
      what: `post a comment ${rps(comment.rps)}, ${percent(comment.rps / bareRps)} of the bare route: at least ${COMMENT_TO_BARE_TARGET * 100}%`,
      ok: comment.rps >= bareRps * COMMENT_TO_BARE_TARGET,
    },
    { what: `server RSS under ${RSS_TARGET_MB} MB`, ok: app.every((r) => r.rss < RSS_TARGET_MB) },
    written.check,
  ];
  if (leadAtSmall > 0) {
    figures.push(
      against(
        `lead first page at ${size.videos.toLocaleString('en-US')} videos`,
        leadAtSize,
        'ms',
        {
          name: 'at 1,000 videos',
          value: leadAtSmall,
        },
      ),
    );
    targets.push({
      what: `lead first page at ${size.videos.toLocaleString('en-US')} videos (${leadAtSize.toFixed(1)} ms) within ${SCALING_TARGET}x of 1,000 (${leadAtSmall.toFixed(1)} ms)`,
      ok: leadAtSize <= leadAtSmall * SCALING_TARGET,
    });
  }
  lines.push(`\n${written.line}`);
  const judged = bulkLines(bulk, writes);
  lines.push(judged.line);
  // Judged where the writes alone are (the server); PGlite's are printed.
  if (server) targets.push(...judged.checks.map(([what, ok]) => ({ what, ok })));
  if (!server) {
    const ratio = m.hash > 0 ? login.p99 / m.hash : Infinity;
    targets.push({
      what: `login p99 ${ms(login.p99)}, ${ratio.toFixed(0)}x one argon2id verification (${ms(m.hash)}): at most ${EMBEDDED_LOGIN_P99_TO_HASH_TARGET}x`,
      // No login answered within the call (a busy machine): its p99 reads 0, which is no pass.
      ok: login.rps > 0 && ratio <= EMBEDDED_LOGIN_P99_TO_HASH_TARGET,
    });
  }
  const working = workingDayReport(day, m.dayOptions, {
    readShare: WORKING_DAY_READ_SHARE,
    p99Ms: P99_READ_TARGET_MS,
    rssMb: RSS_TARGET_MB,
  });
  lines.push(...working.lines);
  targets.push(...working.checks.map(([what, ok]) => ({ what, ok })));
  figures.push(...dayFigures(day, commit));
  lines.push(
    server
      ? `Highest server RSS sampled every 250 ms: ${m.memory.server} MB (PostgreSQL's own memory is not counted)`
      : `Highest RSS sampled every 250 ms: server ${m.memory.server} MB; the embedded database's own ` +
          `process ${m.memory.database} MB, printed and not judged (as the PostgreSQL run does not count ` +
          `PostgreSQL's); together ${m.memory.server + m.memory.database} MB at most`,
  );
  lines.push('');
  for (const { what, ok } of targets) lines.push(`${ok ? 'pass' : 'FAIL'}  ${what}`);
  const run = runOf({
    kind: quick ? 'quick' : 'full',
    engine,
    videos: size.videos,
    figures,
    targets,
  });
  lines.push('', ...comparison(run, previousOf(readHistory(), run)));
  appendRun(run);
  lines.push(`(appended to ${path.relative(ROOT, HISTORY_FILE)})`);
  console.log(lines.join('\n'));
  if (!quick && targets.some(({ ok }) => !ok)) process.exitCode = 1;
}

/** The working day's figures: the reads beside writers against the reads alone, p99s in commits. */
function dayFigures(day: WorkingDayResult, commit: number): Figure[] {
  const aCommit = { name: 'a commit', value: commit };
  return [
    against('working day: reads beside writers', day.reads.rps, 'req/s', {
      name: 'of the reads alone',
      value: day.readOnly.rps,
    }),
    against('working day: read p99 beside writers', day.reads.p99, 'ms', aCommit),
    against('working day: write p99', day.writes.p99, 'ms', aCommit),
  ];
}

/** The writes made one at a time as figures against a commit, their line and their target. */
function writesJudged(writes: SequentialWrites, commit: number) {
  const names = {
    create: 'create',
    status: 'status change',
    comment: 'comment',
    version: 'new version',
  } as const;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const each = Object.entries(names).map(([key, name]) => ({
    name,
    figure: against(`write one at a time: ${name}`, writes[key as keyof SequentialWrites], 'ms', {
      name: 'a commit',
      value: commit,
    }),
  }));
  const listed = each
    .map(({ name, figure }) => `${name} ${ms(figure.value)} (${figure.of!.ratio.toFixed(1)}x)`)
    .join(', ');
  return {
    figures: each.map(({ figure }) => figure),
    line: `Writes one at a time (medians), against a commit of the same database (${ms(commit)}): ${listed}`,
    check: {
      what: `writes one at a time each at most ${WRITE_TO_COMMIT_TARGET}x a commit (${ms(commit)}): ${listed}`,
      ok: each.every(({ figure }) => figure.of!.ratio <= WRITE_TO_COMMIT_TARGET),
    } satisfies Judged,
  };
}

/** The bulk changes' line and targets, each as a ratio to the status change made alone. */
function bulkLines(bulk: BulkWrites, writes: SequentialWrites) {
  const of = (ms: number) =>
    `${ms.toFixed(1)} ms (${(ms / writes.status).toFixed(1)}x one status change alone)`;
  return {
    line:
      `Bulk changes of ${bulk.videos.toLocaleString('en-US')} videos in one call (medians of ${bulk.repetitions}): ` +
      `status move ${of(bulk.move)}, priority and due date ${of(bulk.set)}`,
    checks: [
      [
        `bulk status move of ${bulk.videos.toLocaleString('en-US')} within ${BULK_TARGET.move}x one status change alone`,
        bulk.move <= writes.status * BULK_TARGET.move,
      ],
      [
        `bulk priority and due date of ${bulk.videos.toLocaleString('en-US')} within ${BULK_TARGET.set}x one status change alone`,
        bulk.set <= writes.status * BULK_TARGET.set,
      ],
    ] as [string, boolean][],
  };
}

/**
 * `--call <name>`: only the named calls of the table, with the CPU the server and the database
 * spent on them (process times over the call, per request).
 */
async function callsOnly() {
  const size = serverUrl && !quick ? FULL : QUICK;
  const prepared = await prepareDatabase(size);
  const app = await startProcess(APP, prepared.env);
  const lines = [
    `${serverUrl ? 'PostgreSQL server' : 'embedded PGlite'}, ${size.videos.toLocaleString('en-US')} videos, ${CONNECTIONS} connections, ${DURATION_S} s per call`,
    `${'call'.padEnd(28)}${'req/s'.padEnd(9)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}${'errors'.padEnd(8)}server CPU/req, database CPU/req`,
  ];
  const timingsLines: string[] = [];
  try {
    const { calls } = await hotCalls(app.url);
    for (const name of onlyCalls) {
      const call = calls.find((c) => c.name === name && c.path !== '/bare');
      if (!call)
        throw new Error(`no call named "${name}" (${calls.map((c) => c.name).join(', ')})`);
      // Warmed up first, as in the full run.
      await drive(app.url, app.pid, call, WARM_UP_S);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      await app.window?.();
      // The bench's backends on a server; the embedded database's own process otherwise.
      const backends = prepared.name ? backendPids(prepared.name) : databaseProcesses(app.pid);
      const databaseCpu = () => backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
      const before = { server: cpuSeconds(app.pid), database: databaseCpu() };
      const r = await drive(app.url, app.pid, call);
      const requests = r.rps * DURATION_S;
      const perRequest = (seconds: number) => `${((seconds * 1000) / requests).toFixed(2)} ms`;
      lines.push(
        `${r.name.padEnd(28)}${String(r.rps).padEnd(9)}${String(r.p50).padEnd(8)}${String(r.p99).padEnd(8)}${String(r.errors).padEnd(8)}` +
          `${perRequest(cpuSeconds(app.pid) - before.server)}, ` +
          perRequest(databaseCpu() - before.database),
      );
      const inside = await app.window?.();
      if (inside) timingsLines.push(...serverTimingsReport(`"${call.name}"`, inside));
    }
  } finally {
    await app.stop();
    await prepared.cleanup();
  }
  console.log([...lines, ...timingsLines].join('\n'));
}

/** An agency of `videos` at the full run's proportions (FULL at 100,000). */
const proportionalSize = (videos: number): AgencySize => ({
  clients: Math.max(10, Math.round(videos / 100)),
  editors: Math.max(5, Math.round(videos / 1_666)),
  videos,
  comments: videos * 3,
});

/**
 * `npm run bench -- --working-day [videos]`: the working day alone (reads alone, then beside
 * the writers, as the full run measures it) on a fresh agency of that many videos (default
 * 100,000) at the full run's proportions, on BENCH_DATABASE_URL or embedded; for before/after
 * comparisons of the reads without the rest of the run.
 */
async function workingDayOnly() {
  const arg = process.argv[process.argv.indexOf('--working-day') + 1];
  const size = proportionalSize(arg && /^\d+$/.test(arg) ? Number(arg) : FULL.videos);
  const prepared = await prepareDatabase(size);
  const app = await startProcess(APP, prepared.env);
  const options: WorkingDayOptions = {
    ...WORKING_DAY,
    clients: Math.min(WORKING_DAY.clients, size.clients),
    editors: Math.min(WORKING_DAY.editors, size.editors),
  };
  try {
    const day = await workingDay(app.url, (who) => login(app.url, who), options, dayProbes(app));
    const report = workingDayReport(day, options, {
      readShare: WORKING_DAY_READ_SHARE,
      p99Ms: P99_READ_TARGET_MS,
      rssMb: RSS_TARGET_MB,
    });
    const engine = serverUrl ? 'PostgreSQL server' : 'embedded PGlite';
    const run = runOf({
      kind: 'working day',
      engine,
      videos: size.videos,
      figures: dayFigures(day, await commitMs(prepared.env.DATABASE_URL)),
      targets: report.checks.map(([what, ok]) => ({ what, ok })),
    });
    console.log(
      [
        `${engine}, ${size.videos.toLocaleString('en-US')} videos`,
        ...report.lines,
        '',
        ...report.checks.map(([what, ok]) => `${ok ? 'pass' : 'FAIL'}  ${what}`),
        '',
        ...comparison(run, previousOf(readHistory(), run)),
      ].join('\n'),
    );
    appendRun(run);
    if (report.checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await app.stop();
    await prepared.cleanup();
  }
}

/**
 * `npm run bench -- --writes [n]`: the writes one at a time alone (medians of `n`, default 60), as
 * the full run times them, at the run's size, with the CPU the server spent per write; with
 * `--cpu-prof <dir>` the server's profile shows where that CPU goes.
 */
async function writesOnly() {
  const arg = process.argv[process.argv.indexOf('--writes') + 1];
  const n = arg && /^\d+$/.test(arg) ? Number(arg) : 60;
  const size = serverUrl && !quick ? FULL : QUICK;
  const prepared = await prepareDatabase(size);
  const app = await startProcess(APP, prepared.env);
  try {
    const actors = await writeActors(app.url, await login(app.url, 'bench-client-1'));
    // Warmed up first (the code compiled, the statements prepared), as in the full run's order.
    await sequentialWrites(app.url, actors, 20);
    const backends = prepared.name ? backendPids(prepared.name) : [];
    const databaseCpu = () => backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const before = { server: cpuSeconds(app.pid), database: databaseCpu() };
    const writes = await sequentialWrites(app.url, actors, n);
    const perWrite = (seconds: number) => `${((seconds * 1000) / (4 * (n + 5))).toFixed(2)} ms`;
    const cpu =
      `CPU a write: server ${perWrite(cpuSeconds(app.pid) - before.server)}, ` +
      (prepared.name
        ? `database ${perWrite(databaseCpu() - before.database)}`
        : 'database in its process');
    const written = writesJudged(writes, await commitMs(prepared.env.DATABASE_URL));
    const bulk = bulkLines(
      await bulkWrites(app.url, await login(app.url, 'bench-lead'), BULK_REPETITIONS, BULK_VIDEOS),
      writes,
    );
    const engine = serverUrl ? 'PostgreSQL server' : 'embedded PGlite';
    const targets = [written.check, ...bulk.checks.map(([what, ok]) => ({ what, ok }))];
    const run = runOf({
      kind: `writes${quick ? ' quick' : ''}`,
      engine,
      videos: size.videos,
      figures: written.figures,
      targets,
    });
    console.log(
      [
        `${engine}, ${size.videos.toLocaleString('en-US')} videos, medians of ${n}`,
        written.line,
        cpu,
        bulk.line,
        ...targets.map(({ what, ok }) => `${ok ? 'pass' : 'FAIL'}  ${what}`),
        '',
        ...comparison(run, previousOf(readHistory(), run)),
      ].join('\n'),
    );
    appendRun(run);
  } finally {
    await app.stop();
    await prepared.cleanup();
  }
}

/**
 * `npm run bench -- --scale [sizes]`: the working day's reads alone with the read cache bypassed
 * at each size (videos; default 10,000, 100,000 and 1,000,000), each agency seeded at the full
 * run's proportions (100 videos a client, an editor per ~17 clients, 3 comments a video), to
 * show how the cost of a read grows with the data. Needs a PostgreSQL server.
 */
async function scale() {
  if (!serverUrl) throw new Error('--scale needs BENCH_DATABASE_URL (a PostgreSQL server)');
  const arg = process.argv[process.argv.indexOf('--scale') + 1];
  const sizes = arg && /^[\d,]+$/.test(arg) ? arg.split(',').map(Number) : SCALE_SIZES;
  const rows: { videos: number; reads: Awaited<ReturnType<typeof freshReads>> }[] = [];
  for (const videos of sizes) {
    const size = proportionalSize(videos);
    const seedStart = performance.now();
    const prepared = await prepareDatabase(size);
    console.log(
      `Seeded ${videos.toLocaleString('en-US')} videos in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const app = await startProcess(APP, prepared.env);
    try {
      const reads = await freshReads(app.url, (who) => login(app.url, who), {
        ...WORKING_DAY,
        clients: Math.min(WORKING_DAY.clients, size.clients),
        editors: Math.min(WORKING_DAY.editors, size.editors),
      });
      rows.push({ videos, reads });
      console.log(`  measured the reads at ${videos.toLocaleString('en-US')} videos`);
    } finally {
      await app.stop();
      await prepared.cleanup();
    }
  }
  const lines = [
    `\nThe working day's reads alone, read cache bypassed, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    `${'videos'.padEnd(12)}${'req/s'.padEnd(9)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}errors`,
    ...rows.map(
      (r) =>
        `${r.videos.toLocaleString('en-US').padEnd(12)}${String(r.reads.rps).padEnd(9)}${String(r.reads.p50).padEnd(8)}${String(r.reads.p99).padEnd(8)}${r.reads.errors}`,
    ),
  ];
  // Each address's p50 at each size, so the read whose cost grows with the data shows by name.
  const addresses = [
    ...new Set(rows.flatMap((r) => (r.reads.byAddress ?? []).map((a) => a.address))),
  ];
  lines.push(
    `\nEach address's p50 ms by size`,
    `${'address'.padEnd(48)}${rows.map((r) => r.videos.toLocaleString('en-US').padEnd(12)).join('')}`,
    ...addresses.map(
      (address) =>
        `${address.padEnd(48)}${rows
          .map((r) =>
            String(r.reads.byAddress?.find((a) => a.address === address)?.p50 ?? '').padEnd(12),
          )
          .join('')}`,
    ),
  );
  const at = (n: number) => rows.find((r) => r.videos === n)?.reads;
  const [big, base] = [at(1_000_000), at(100_000)];
  if (big && base) {
    const ok = big.p50 <= base.p50 * SCALING_TARGET;
    lines.push(
      `\n${ok ? 'pass' : 'FAIL'}  read p50 at 1,000,000 videos (${big.p50} ms) within ${SCALING_TARGET}x of 100,000 (${base.p50} ms)`,
    );
    if (!ok) process.exitCode = 1;
  }
  console.log(lines.join('\n'));
}

(process.argv.includes('--scale')
  ? scale()
  : onlyCalls.length
    ? callsOnly()
    : process.argv.includes('--working-day')
      ? workingDayOnly()
      : process.argv.includes('--writes')
        ? writesOnly()
        : process.argv.includes('--load')
          ? loadOnly()
          : main()
).catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
