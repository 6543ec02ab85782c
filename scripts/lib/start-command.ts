/**
 * What `npm start` runs after `node`: package.json's start script (its Node flags, then
 * scripts/start.mjs), so that the benchmark, the browser suite and Lighthouse run the server as
 * users do, flags included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function startArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = pkg.scripts.start.split(' ');
  if (node !== 'node') throw new Error(`npm start is not a node command: ${pkg.scripts.start}`);
  return args;
}
