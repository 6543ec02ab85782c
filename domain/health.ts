import { z } from 'zod';

/**
 * The answers of the health calls (docs/deploy.md): liveness (`GET /api/health`) and readiness
 * (`GET /api/ready`), each with the 503 a proxy or orchestrator reads as "not now".
 */
/**
 * What every route answers (503) while the database cannot be reached: a PostgreSQL restart, or
 * the embedded database's process dead or hung while the server restarts it (server/db/embedded.ts).
 */
export const DATABASE_UNAVAILABLE = 'The database is unavailable, please try again shortly';

/**
 * What a write is answered (507) when the disk under the embedded database (or PostgreSQL's) is
 * full, and what /api/ready says then; reads go on.
 */
export const DISK_FULL = "The server's disk is full: writes are refused until space is freed";

/**
 * What a request is answered (503, with Retry-After) when it waited longer than QUEUE_TIMEOUT
 * before the server could start on it (server/plugins/load-shedding.ts).
 */
export const SERVER_BUSY = 'The server is too busy to answer in time, please try again shortly';

export const healthAnswer = z.object({ status: z.literal('ok'), database: z.literal('up') });

export const healthDegraded = z
  .object({ message: z.string(), status: z.literal('degraded') })
  .describe('The process answers, its database does not');

export const readyAnswer = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  migrations: z.literal('applied'),
});

export const notReadyAnswer = z
  .object({
    message: z.string(),
    status: z.literal('not ready'),
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
  })
  .describe('Send no traffic here: the database does not answer or a migration is pending');
