/**
 * The server's entry: `npm start` runs it compiled (dist/server/index.js, scripts/build.ts),
 * `npm run dev` and the tests from source. `--demo` loads demo data.
 */
import { setFlagsFromString } from 'node:v8';
import { main } from './main';

/**
 * How far the JavaScript heap may grow past what the last full collection left alive before the
 * next one: 30%. On a machine with memory to spare V8 lets it grow to three or four times that
 * (in the working day at 100,000 videos: ~60 MB alive, a heap of 210-240 MB, the server's RSS
 * 390-410 MB); at 30% the heap stays at 120-135 MB and the RSS at ~295 MB, for ~0.8% more of
 * the server's CPU in full collections (docs/decisions/0007-invalidation-by-scope.md, "The
 * server's heap"). Set here, at the entry, so that every way of running the server has it and the
 * tests' in-process apps do not. The young generation's size is fixed when V8 starts, so its
 * limit (`--max-semi-space-size=8`, ~15 MB less RSS in the same working day) is in package.json's
 * start script, which the benchmark, the browser suite and Lighthouse run too.
 */
setFlagsFromString('--heap-growing-percent=30');
/**
 * No pretenuring: V8 allocates straight into the old generation wherever the objects made at a
 * place in the code mostly outlived a young collection. During a burst of logins each request
 * waits its turn for a hash (~300 ms) and what the HTTP layer and Fastify make for it outlives
 * several, so those places were pretenured, and stayed so for every later request, however
 * short: after 13 s of logins the working day's reads alone ran at 10,000-11,000 requests/s
 * against ~15,000, with 20 full collections in 10 s against 2 (ADR 0007, "A burst of logins").
 * Without it the reads ran alike after the logins, and a day without them no slower.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

main({ demo: process.argv.includes('--demo') }).catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
