import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { mantineStyles } from './scripts/vite/mantine-styles.ts';

// `@domain/*` (tsconfig.json paths) resolves in every project.
const resolve = { tsconfigPaths: true };

/*
 * A worker's files share the modules they import (`isolate: false`): each file still makes its
 * own database, app and rendered tree, but the libraries are evaluated once a worker, not once a
 * file; a test that counts what a module does when first evaluated imports a fresh copy. The
 * suites that start the embedded database in a process of their own keep a worker each (project
 * api-pglite-processes). Why, and what it saved:
 * docs/decisions/0023-test-files-share-a-workers-modules.md.
 */
const isolate = false;

/*
 * The database suites and their two drivers.
 *
 * Without TEST_DATABASE_URL (`npm test` on a laptop) every server suite runs on embedded PGlite,
 * the default install's database. With it (CI: .ci/run sets it, starting a server if none
 * answers) each suite runs where its result can depend on the driver, and the rest once:
 *
 * - A feature suite (a module's routes and repositories) runs once, on the PostgreSQL server:
 *   its SQL runs in the same PostgreSQL engine either way, through the same Drizzle queries;
 *   PGlite's WebAssembly engine shares the test's thread, PostgreSQL works beside it on the
 *   other core (videos, invoicing and admin: 29.6 s of tests on PostgreSQL against 91.0 s on
 *   PGlite, 2026-12-06 on a busy machine). The server is also where concurrent requests really
 *   run concurrently, so the races the suites provoke (Promise.all of writes) can show there
 *   and never on PGlite's single connection.
 * - What differs between the drivers is server/db/client.ts and what sits on it, and those
 *   suites run on both (BOTH below): the migrations and the database's own code (triggers,
 *   counts, the demo and the seed: server/db), prepared statements (named on PostgreSQL and
 *   parsed once per connection, unnamed on PGlite: server/db/prepared.ts and the write
 *   statements), the listener and cache bus (LISTEN on a connection of its own that can drop,
 *   against PGlite's in-process listen: the caches, read cache, list deltas, the live socket,
 *   session and notification caches), the unique-violation mapping (the 409 of a taken plan
 *   name, the idempotency keys), and the raw SQL whose values each driver parses its own way
 *   (a count is a number on PGlite and a string on node-postgres: the repositories normalize
 *   them with ::int, Number() and money as text; the ledger and reports suites, which read the
 *   most raw SQL, prove it on both).
 *   A part of such a suite that only the server has (killing the listener's backend, two
 *   transactions open side by side) lives in a file of its own beside it (caches-reconnect,
 *   read-cache-etag-feed-down, read-cache-scopes-open, list-delta-feed-down, socket-reconnect),
 *   which runs in api-postgres only: no project skips a test.
 * - Suites that start the embedded database in a process of their own run on PGlite only
 *   (PGLITE_ONLY, project api-pglite-processes: the embedded database's backups too, pg_dump's
 *   are backup-postgres's); suites that need the server (create lock, commit notify, the outbox
 *   across instances, nginx with two instances) run in api-postgres, and fail rather than skip
 *   when .ci/run demands a server (REQUIRE_POSTGRES, server/test/conditions.ts).
 *
 * What no order shows: a query through `db` inside a transaction would wait forever on PGlite's
 * one connection and pass on the server; the routes' transactions use their `tx`, and the
 * browser suite (e2e) and the fault suite run the app on the embedded default.
 */
const BOTH = [
  'server/db/**/*.test.ts',
  'server/test/scratch.test.ts',
  'server/plugins/caches.test.ts',
  'server/plugins/read-cache-etag.test.ts',
  'server/plugins/read-cache-scopes.test.ts',
  'server/plugins/list-delta.test.ts',
  'server/plugins/idempotency.test.ts',
  'server/modules/auth/session-cache.test.ts',
  'server/modules/notifications/socket.test.ts',
  'server/modules/notifications/list-cache.test.ts',
  'server/modules/videos/write-statements.test.ts',
  'server/modules/invoicing/pricing.test.ts',
  'server/modules/invoicing/ledger.test.ts',
  'server/modules/invoicing/reports.test.ts',
  // Two closes at once: on the server through two pools, on PGlite through its one connection.
  'server/modules/retainers/retainers.test.ts',
];
/** Suites that start the embedded default in a process of their own (unmet({ driver: 'pglite' })). */
const PGLITE_ONLY = [
  'server/db/embedded.test.ts',
  'server/ops/backup.test.ts',
  'server/db/durable.test.ts',
  'server/ops/shutdown.test.ts',
  'server/ops/npm-start.test.ts',
  'server/ops/production.test.ts',
  'server/ops/keep-alive-shutdown.test.ts',
];
const SERVER = ['server/**/*.test.ts'];
const split = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.REQUIRE_POSTGRES === '1' && !split)
  throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set (.ci/run sets both)');

const serverSuites = (
  name: string,
  driver: 'pglite' | 'postgres',
  include: string[],
  exclude: string[] = [],
  ownWorker = isolate,
) => ({
  resolve,
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    isolate: ownWorker,
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB_DRIVER: driver, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One file more than the cores (Vitest's default leaves one core free: one file at a time
    // on two). A database suite waits on its database half the time, and others on the
    // processes they start: with one file per core the machine stood a fifth idle; with three
    // on two cores npm test on PostgreSQL took 249 s against 276 (2026-12-07, alone).
    maxWorkers: availableParallelism() + 1,
    projects: [
      { resolve, test: { name: 'domain', include: ['domain/**/*.test.ts'], isolate } },
      // The build's own tools (scripts/vite).
      { resolve, test: { name: 'tools', include: ['scripts/**/*.test.ts'], isolate } },
      {
        // The Mantine styles module too: a test may load a screen as the router does.
        plugins: [react(), mantineStyles({ root: import.meta.dirname })],
        resolve,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate,
          setupFiles: ['web/test/setup.ts'],
        },
      },
      ...(split
        ? [
            serverSuites('api-pglite', 'pglite', BOTH, PGLITE_ONLY),
            serverSuites('api-postgres', 'postgres', SERVER, PGLITE_ONLY),
          ]
        : [serverSuites('api-pglite', 'pglite', SERVER, PGLITE_ONLY)]),
      serverSuites('api-pglite-processes', 'pglite', PGLITE_ONLY, [], true),
    ],
  },
});
