import { serialSuite } from '../server/test/serial-config.ts';

// The browser suite: one real server for the whole run (global setup), one Chromium per file,
// files one after another (two cores: a second browser only makes both slower and flakier).
// The suites import the route table and domain rules through `@domain/*`.
export default serialSuite({
  name: 'e2e',
  include: ['e2e/**/*.e2e.ts'],
  globalSetup: ['e2e/support/global-setup.ts'],
  // Global setup has its own 120 s limit for the build and start; hooks launch Chromium.
  hookTimeout: 60_000,
  testTimeout: 60_000,
  teardownTimeout: 30_000,
});
