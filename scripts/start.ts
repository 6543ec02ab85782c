/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (migrations and the king account happen there). `--demo` loads demo data.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../server/main';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = path.join(root, 'dist/web/index.html');
const sources = Math.max(
  newestMtime(path.join(root, 'web')),
  newestMtime(path.join(root, 'domain')),
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('  Building the web app...');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}

main({ demo: process.argv.includes('--demo') }).catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
