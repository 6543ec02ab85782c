// @ts-check
/**
 * Timings taken inside the app's server process, for `npm run bench -- --inside` (issue 20):
 * loaded into the server with `node --import` (scripts/bench/server-timings.ts starts it so), it
 * times every HTTP request from its arrival to its answer's end, every statement the server sends
 * PostgreSQL through node-postgres (from the call to its answer, counted to the request it served
 * when it served one: the cache feed's listener and the outbox serve none), the event loop's delay,
 * V8's garbage collections and the process's CPU.
 *
 * On SIGUSR2 it writes what it measured since the last SIGUSR2 (or its start) to the file named by
 * SERVER_TIMINGS_FILE, and starts afresh, so the benchmark can cut a run into windows.
 *
 * Plain JavaScript, as the server it runs in (ADR 0012: no TypeScript loader in the server's
 * memory). Statements are seen only on a PostgreSQL server: the embedded default answers through
 * its own client (server/db/embedded.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { renameSync, writeFileSync } from 'node:fs';
import {
  constants,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';
import process from 'node:process';
import pg from 'pg';

const file = process.env.SERVER_TIMINGS_FILE;
if (!file) throw new Error('SERVER_TIMINGS_FILE names the file the timings go to');

/**
 * @typedef {{ route: string, statements: number, statementMs: number }} RequestContext
 * @typedef {{ ms: number[], statements: number[], statementMs: number[] }} RouteTimes
 */

/** @type {AsyncLocalStorage<RequestContext>} */
const requests = new AsyncLocalStorage();

let windowStarted = performance.now();
let cpuAtStart = process.cpuUsage();
/** @type {Map<string, RouteTimes>} */
let routes = new Map();
/** @type {Map<string, number[]>} each statement's times, by name (or its text's start) */
let statements = new Map();
/** @type {Map<string, { count: number, ms: number }>} */
let collections = new Map();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** A request's route: its method and path, each id and number a placeholder, no query. */
function routeOf(/** @type {string | undefined} */ method, /** @type {string | undefined} */ url) {
  const path = (url ?? '')
    .split('?')[0]
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');
  return `${method ?? '?'} ${path}`;
}

// Each request runs in a context of its own; its body's events come from the socket's parser,
// outside it, so the request's own emit carries the context to them.
const serverEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function (/** @type {string} */ event, ...args) {
  if (event !== 'request') return serverEmit.call(this, event, ...args);
  const [req, res] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
  const started = performance.now();
  /** @type {RequestContext} */
  const context = { route: routeOf(req.method, req.url), statements: 0, statementMs: 0 };
  const requestEmit = req.emit;
  req.emit = (/** @type {string} */ name, /** @type {unknown[]} */ ...rest) =>
    requests.run(context, () => requestEmit.call(req, name, ...rest));
  res.once('finish', () => {
    let times = routes.get(context.route);
    if (!times) routes.set(context.route, (times = { ms: [], statements: [], statementMs: [] }));
    times.ms.push(performance.now() - started);
    times.statements.push(context.statements);
    times.statementMs.push(context.statementMs);
  });
  return requests.run(context, () => serverEmit.call(this, event, ...args));
};

/** A statement's name: a prepared statement's own, or the start of its text. */
function statementName(/** @type {unknown} */ config) {
  if (typeof config === 'string') return config.replace(/\s+/g, ' ').slice(0, 60);
  const { name, text } = /** @type {{ name?: string, text?: string }} */ (config ?? {});
  return name ?? (text ?? '?').replace(/\s+/g, ' ').slice(0, 60);
}

const query = pg.Client.prototype.query;
// @ts-expect-error: one wrapper for every overload of Client.query.
pg.Client.prototype.query = function (/** @type {unknown[]} */ ...args) {
  const context = requests.getStore();
  const name = statementName(args[0]);
  const started = performance.now();
  const done = () => {
    const ms = performance.now() - started;
    let times = statements.get(name);
    if (!times) statements.set(name, (times = []));
    times.push(ms);
    if (context) {
      context.statements += 1;
      context.statementMs += ms;
    }
  };
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (/** @type {unknown[]} */ ...answer) => {
      done();
      return last(...answer);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

const GC_KINDS = new Map([
  [constants.NODE_PERFORMANCE_GC_MINOR, 'young'],
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'full'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental marking'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weak callbacks'],
]);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const detail = /** @type {{ kind?: number }} */ (entry.detail ?? {});
    const kind = GC_KINDS.get(detail.kind ?? -1) ?? 'other';
    const seen = collections.get(kind) ?? { count: 0, ms: 0 };
    collections.set(kind, { count: seen.count + 1, ms: seen.ms + entry.duration });
  }
}).observe({ entryTypes: ['gc'] });

const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;
/** p50, p99 and the largest of some times, ms. */
function spread(/** @type {number[]} */ values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ p) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);
  return { p50: at(50), p99: at(99), max: round(sorted.at(-1) ?? 0) };
}
const mean = (/** @type {number[]} */ values) =>
  values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : 0;

/** What was measured since the window started, as scripts/bench/server-timings.ts reads it. */
function windowSummary() {
  const cpu = process.cpuUsage(cpuAtStart);
  const seconds = (performance.now() - windowStarted) / 1000;
  return {
    seconds: round(seconds),
    cpuShare: round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100,
    eventLoopDelay: {
      p50: round(loopDelay.percentile(50) / 1e6),
      p99: round(loopDelay.percentile(99) / 1e6),
      max: round(loopDelay.max / 1e6),
    },
    collections: Object.fromEntries(
      [...collections].map(([kind, { count, ms }]) => [kind, { count, ms: round(ms) }]),
    ),
    routes: [...routes].map(([route, times]) => ({
      route,
      count: times.ms.length,
      ...spread(times.ms),
      statements: mean(times.statements),
      inStatements: spread(times.statementMs),
    })),
    statements: [...statements].map(([name, times]) => ({
      name,
      count: times.length,
      totalMs: round(times.reduce((a, b) => a + b, 0)),
      ...spread(times),
    })),
  };
}

process.on('SIGUSR2', () => {
  const summary = windowSummary();
  writeFileSync(`${file}.part`, JSON.stringify(summary));
  renameSync(`${file}.part`, file);
  windowStarted = performance.now();
  cpuAtStart = process.cpuUsage();
  routes = new Map();
  statements = new Map();
  collections = new Map();
  loopDelay.reset();
});
