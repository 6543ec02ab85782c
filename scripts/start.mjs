// @ts-check
/**
 * `npm start`: builds what is missing or stale (scripts/build.ts: the web app, and the server
 * compiled to plain JavaScript), then runs the compiled server, dist/server/index.js, in this
 * process (migrations and the king account happen there). `--demo` loads demo data;
 * `--verbose` (`npm start -- --verbose`) shows Vite's whole report, the size of every bundle.
 *
 * Plain JavaScript on Node alone, as the server it runs: the builds run under tsx in a process of
 * their own, which has ended before the server starts, so no TypeScript loader stays in the
 * server's memory (ADR 0012). The benchmark starts the server with this file too.
 *
 * Signals: the server runs in this process, so a SIGTERM or SIGINT sent to it is the server's
 * (it finishes its requests, closes the database and exits 0). But npm does not pass a SIGTERM
 * on to its script: `docker stop` or a supervisor signalling `npm start`'s PID ended npm and
 * left this process serving the port and holding DATA_DIR, orphaned (issue 38, obs 3). Started
 * by npm, this process therefore watches its parent and stops as on a SIGTERM once npm is gone
 * (it is then someone else's child). Started any other way it does not: a parent shell that
 * exits (`nohup node scripts/start.mjs &`) must not stop the server. docs/deploy.md has the
 * systemd and Docker setups.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';

/** How often the parent is looked at: a stop waits at most this long to begin. */
const PARENT_POLL_MS = 250;

const root = path.dirname(import.meta.dirname);
const built = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/build.ts',
    '--stale',
    ...(process.argv.includes('--verbose') ? ['--verbose'] : []),
  ],
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0) process.exit(built.status ?? 1);

if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_POLL_MS);
  watch.unref(); // it never keeps the process alive by itself
}

await import('../dist/server/index.js');
