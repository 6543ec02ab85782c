import { serialSuite } from '../test/serial-config.ts';

// `npm run test:faults`: tests that restart the local PostgreSQL server, which would cut the
// connections of every other suite, so they run alone, one file after another, after
// `npm test` (.ci/run).
export default serialSuite({
  name: 'faults',
  include: ['server/ops/*.fault.ts'],
  env: { TEST_DB_DRIVER: 'postgres', NODE_ENV: 'test' },
  testTimeout: 240_000,
  hookTimeout: 120_000,
});
