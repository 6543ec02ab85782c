/** Starts the server without building the web app (npm run dev, tests). */
import { main } from './main';

main().catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
