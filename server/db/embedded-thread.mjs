// The database thread's entry (server/db/embedded.ts starts it): tsx's loader first, as the main
// thread has it (npm start runs under tsx; a worker does not inherit it), then the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-worker.ts');
