/**
 * The server's entry: `npm start` runs it compiled (dist/server/index.js, scripts/build.ts),
 * `npm run dev` and the tests from source. `--demo` loads demo data.
 */
import { main } from './main';

main({ demo: process.argv.includes('--demo') }).catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
