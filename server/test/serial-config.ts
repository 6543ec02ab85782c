import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * The config of a suite whose files run one after another (`fileParallelism: false`), from the
 * repository root, with `@domain/*` as tsconfig.json names it: the browser suite
 * (e2e/vitest.config.ts) and the fault suite (server/ops/vitest.faults.config.ts).
 */
export function serialSuite(test: InlineConfig) {
  return defineConfig({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    resolve: { tsconfigPaths: true },
    test: { ...test, fileParallelism: false },
  });
}
