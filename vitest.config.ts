import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { mantineStyles } from './scripts/vite/mantine-styles.ts';

// `@domain/*` (tsconfig.json paths) resolves in every project.
const resolve = { tsconfigPaths: true };

// The database suites run on embedded PGlite, and again on the PostgreSQL server named by
// TEST_DATABASE_URL when it is set (CI sets it when the local server answers).
const serverSuites = (name: string, driver: 'pglite' | 'postgres', exclude: string[] = []) => ({
  resolve,
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB_DRIVER: driver, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { resolve, test: { name: 'domain', include: ['domain/**/*.test.ts'] } },
      // The build's own tools (scripts/vite).
      { resolve, test: { name: 'tools', include: ['scripts/**/*.test.ts'] } },
      {
        // The Mantine styles module too: a test may load a screen as the router does.
        plugins: [react(), mantineStyles({ root: import.meta.dirname })],
        resolve,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      serverSuites('api-pglite', 'pglite'),
      // The SIGTERM test drives one real server process; the database under it does not matter.
      ...(process.env.TEST_DATABASE_URL
        ? [serverSuites('api-postgres', 'postgres', ['server/ops/shutdown.test.ts'])]
        : []),
    ],
  },
});
