import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:faults`: tests that restart the local PostgreSQL server, which would cut the
// connections of every other suite, so they run alone, after `npm test` (.ci/run).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // `@domain/*` as tsconfig.json names it.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'faults',
    include: ['server/ops/*.fault.ts'],
    env: { TEST_DB_DRIVER: 'postgres', NODE_ENV: 'test' },
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
