import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Workers, each running one file at a time with its own Chromium, against the one server of the
 * run. Two on this two-core machine: a journey spends most of its time waiting (the server's
 * answer, a socket's notice, a page drawing) and a third worker made the run no faster, only the
 * waits longer (measured in issue 40). `--maxWorkers` on the command line overrides it.
 */
const WORKERS = 2;

// The browser suite: one real server for the whole run (global setup). Every test makes the
// people and videos it reads (e2e/support), so files run side by side in any order; what the
// whole agency shares (the king's account, the counts over every video) is read as it is, never
// assumed. The suites import the route table and domain rules through `@domain/*`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { tsconfigPaths: true },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: WORKERS,
    // Global setup has its own 120 s limit for the build and start; hooks launch Chromium.
    hookTimeout: 60_000,
    testTimeout: 60_000,
    teardownTimeout: 30_000,
    // A poll waits as long as a locator does (ACTION_TIMEOUT_MS, e2e/support/browser.ts): the
    // timeout only bounds a failure, and a busy machine draws late.
    expect: { poll: { timeout: 10_000 } },
  },
});
