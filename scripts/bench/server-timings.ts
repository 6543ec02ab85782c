/**
 * `npm run bench -- --inside`: the app's server loads scripts/bench/timings-preload.mjs, and the
 * benchmark cuts its timings into windows (a call, the working day's reads alone, the reads beside
 * the writers) and prints them: where a request's time went inside the server, in its statements
 * or waiting for the event loop and the cores, which the bench's client cannot tell apart.
 */
import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface Spread {
  p50: number;
  p99: number;
  max: number;
}

/** What timings-preload.mjs writes for a window. */
export interface ServerTimings {
  seconds: number;
  /** The server's CPU time over the window's, 1 = one core busy throughout. */
  cpuShare: number;
  eventLoopDelay: Spread;
  collections: Record<string, { count: number; ms: number }>;
  routes: ({
    route: string;
    count: number;
    /** Mean statements a request sent. */
    statements: number;
    /** The time a request spent waiting for its statements, summed. */
    inStatements: Spread;
  } & Spread)[];
  statements: ({ name: string; count: number; totalMs: number } & Spread)[];
}

const PRELOAD = fileURLToPath(new URL('timings-preload.mjs', import.meta.url));

/** The Node arguments that load the timings into a server, and the environment naming their file. */
export function serverTimingsSetup(file: string) {
  return {
    args: ['--import', pathToFileURL(PRELOAD).href],
    env: { SERVER_TIMINGS_FILE: file },
  };
}

/** Ends the server's window (SIGUSR2), starts the next, and gives what the ended one measured. */
export async function takeWindow(pid: number, file: string): Promise<ServerTimings> {
  try {
    unlinkSync(file);
  } catch {
    // none yet
  }
  process.kill(pid, 'SIGUSR2');
  for (let tries = 0; tries < 100; tries++) {
    try {
      if (statSync(file).size > 0) return JSON.parse(readFileSync(file, 'utf8')) as ServerTimings;
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The server wrote no timings to ${file}`);
}

const cell = (s: Spread) => `${s.p50} / ${s.p99} / ${s.max}`;

/**
 * A window's lines: the server's CPU, event loop and collections, then its routes (those matching
 * `only`, if given), most time first, and its statements, most time first.
 */
export function serverTimingsReport(
  title: string,
  t: ServerTimings,
  { only, rows = 20 }: { only?: RegExp; rows?: number } = {},
): string[] {
  const collections = Object.entries(t.collections)
    .map(([kind, c]) => `${kind} ${c.count} (${c.ms} ms)`)
    .join(', ');
  const routes = t.routes
    .filter((r) => !only || only.test(r.route))
    .sort((a, b) => b.count * b.p50 - a.count * a.p50)
    .slice(0, rows);
  const statements = [...t.statements].sort((a, b) => b.totalMs - a.totalMs).slice(0, rows);
  return [
    `\nInside the server, ${title} (${t.seconds} s): CPU ${Math.round(t.cpuShare * 100)}% of a core; event loop delay p50 / p99 / max ${cell(t.eventLoopDelay)} ms; collections: ${collections || 'none'}`,
    `${'route'.padEnd(44)}${'answers'.padEnd(9)}${'p50 / p99 / max ms'.padEnd(22)}${'statements'.padEnd(12)}in statements p50 / p99 / max ms`,
    ...routes.map(
      (r) =>
        `${r.route.slice(0, 43).padEnd(44)}${String(r.count).padEnd(9)}${cell(r).padEnd(22)}${String(r.statements).padEnd(12)}${cell(r.inStatements)}`,
    ),
    `${'statement'.padEnd(44)}${'sent'.padEnd(9)}${'p50 / p99 / max ms'.padEnd(22)}total ms`,
    ...statements.map(
      (s) =>
        `${s.name.slice(0, 43).padEnd(44)}${String(s.count).padEnd(9)}${cell(s).padEnd(22)}${Math.round(s.totalMs)}`,
    ),
  ];
}
