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
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';

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

await import('../dist/server/index.js');
