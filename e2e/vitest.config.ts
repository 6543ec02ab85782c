import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Workers, each running one file at a time with its own Chromium, against the one server of the
 * run. Three on this two-core machine: a journey spends much of its time waiting (the server's
 * answer, a socket's notice, a page drawing). A third worker saved 6% while each axe scan cost
 * 1.7 s; with the scans at about 0.4 s the first group took 283 s against 341-344 s on two
 * (2026-12-07, alone: issue 40). `--maxWorkers` on the command line overrides it.
 */
const WORKERS = 3;

/**
 * The files whose journeys read what the whole agency holds (the lead's counts over every video,
 * the newest-first lists of every client, the first screen drawn from them, the month's revenue
 * and its trend): other files change those all the time, so these run one after another on a
 * server of their own (`E2E_GROUP=agency-wide`; `npm run test:e2e` runs both groups). The
 * invoicing journey joined them when another file's payment landed between its "before" and
 * "after" of the month's revenue (2026-12-06, with four workers).
 */
const AGENCY_WIDE = ['e2e/first-paint.e2e.ts', 'e2e/lead.e2e.ts', 'e2e/invoicing.e2e.ts'];
const agencyWide = process.env.E2E_GROUP === 'agency-wide';

// The browser suite: one real server for the whole run (global setup). Every test makes the
// people and videos it reads (e2e/support), so files run side by side in any order; what the
// whole agency shares (the king's account) is read as it is, never assumed, and the files that
// judge the whole agency's counts run apart (AGENCY_WIDE). The suites import the route table and domain rules through `@domain/*`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { tsconfigPaths: true },
  test: {
    name: 'e2e',
    include: agencyWide ? AGENCY_WIDE : ['e2e/**/*.e2e.ts'],
    exclude: agencyWide ? [] : AGENCY_WIDE,
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: !agencyWide,
    // A worker's files share the modules they import (Playwright, the support code), as npm
    // test's do (vitest.config.ts): each file still launches a Chromium of its own.
    isolate: false,
    maxWorkers: agencyWide ? 1 : WORKERS,
    // Global setup has its own 120 s limit for the build and start; hooks launch Chromium. A
    // journey's bound only ends a failure: the longest take about 35 s on a quiet machine, and
    // a busy CI machine has taken three times as long to draw the same screens.
    hookTimeout: 120_000,
    testTimeout: 120_000,
    teardownTimeout: 30_000,
    // A poll waits as long as a locator does (ACTION_TIMEOUT_MS, e2e/support/browser.ts): the
    // timeout only bounds a failure, and a busy machine draws late.
    expect: { poll: { timeout: 10_000 } },
  },
});
