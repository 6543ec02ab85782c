import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** How the backup suites (server/ops/backup*.test.ts) run `npm run backup` and `npm run restore`. */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one of the npm scripts' files the way `npm run` does, with DATA_DIR set. */
export function runScript(
  script: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
