import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISK_FULL,
  healthAnswer,
  healthDegraded,
  notReadyAnswer,
  readyAnswer,
} from '@domain/health';
import type { Database } from '../../db/client';
import { migrationsApplied } from '../../db/migrate';
import type { DiskFullTracker } from '../../plugins/errors';

/** A check that takes longer than this counts as failed: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (`/api/health`: the process answers, and says whether the database does) and
 * readiness (`/api/ready`: send traffic here, the database answers and every committed migration
 * is applied). See docs/deploy.md for which a proxy or orchestrator should poll.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  /** Whether a write failed lately on a full disk: not ready then, and why. */
  diskFull?: DiskFullTracker;
}> = async (app, { database, diskFull }) => {
  const { db } = database;
  const databaseUp = async () => {
    try {
      await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
      return true;
    } catch {
      return false;
    }
  };

  /** A probe: open to anyone (a load balancer has no session), 200 or 503. */
  const probe = <Ok, Failed>(summary: string, ok: Ok, failed: Failed) => ({
    config: { public: true, neverShed: true },
    schema: { summary, response: { 200: ok, 503: failed } },
  });

  app.get(
    '/api/health',
    probe(
      'Liveness: the process answers (and whether its database does)',
      healthAnswer,
      healthDegraded,
    ),
    async (_request, reply) => {
      if (await databaseUp()) return { status: 'ok' as const, database: 'up' as const };
      return reply
        .status(503)
        .send({ status: 'degraded' as const, message: 'The database is not answering' });
    },
  );

  app.get(
    '/api/ready',
    probe(
      'Readiness: the database answers and every migration is applied',
      readyAnswer,
      notReadyAnswer,
    ),
    async (_request, reply) => {
      if (!(await databaseUp())) {
        return reply.status(503).send({
          status: 'not ready' as const,
          message: 'The database is not answering',
          database: 'down' as const,
          migrations: 'unknown' as const,
        });
      }
      const applied = await withTimeout(migrationsApplied(database), CHECK_TIMEOUT_MS).catch(
        () => false,
      );
      if (diskFull?.full) {
        return reply.status(503).send({
          status: 'not ready' as const,
          message: DISK_FULL,
          database: 'up' as const,
          migrations: applied ? ('applied' as const) : ('pending' as const),
        });
      }
      if (!applied) {
        return reply.status(503).send({
          status: 'not ready' as const,
          message: 'Database migrations are not applied',
          database: 'up' as const,
          migrations: 'pending' as const,
        });
      }
      return { status: 'ready' as const, database: 'up' as const, migrations: 'applied' as const };
    },
  );
};
