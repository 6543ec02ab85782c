/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (migrations and the king account happen there). `--demo` loads demo data.
 * The build says one line; `--verbose` (`npm start -- --verbose`) shows Vite's whole report,
 * the size of every bundle. A failed build shows it too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../server/main';

const root = fileURLToPath(new URL('..', import.meta.url));
const verbose = process.argv.includes('--verbose');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebApp() {
  const started = Date.now();
  process.stdout.write(verbose ? '  Building the web app:\n' : '  Building the web app...');
  // Vite on the Node that runs this script (no npx: no npm in between). Quiet unless it warns.
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', ...(verbose ? [] : ['--logLevel', 'warn'])],
    { cwd: root, stdio: verbose ? 'inherit' : 'pipe', encoding: 'utf8' },
  );
  const said = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`;
  if (result.status !== 0) {
    console.log(' failed:');
    console.error(said);
    process.exit(1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    verbose
      ? `  Built in ${seconds} s.`
      : ` done in ${seconds} s (npm start -- --verbose lists the bundles)`,
  );
  if (said.trim()) console.error(said);
}

const built = path.join(root, 'dist/web/index.html');
const sources = Math.max(
  newestMtime(path.join(root, 'web')),
  newestMtime(path.join(root, 'domain')),
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) buildWebApp();

main({ demo: process.argv.includes('--demo') }).catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
