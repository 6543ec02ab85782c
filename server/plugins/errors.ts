import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, DISK_FULL } from '@domain/health';

/**
 * An error whose message is meant for the user; thrown by handlers and repositories and answered
 * here, the one place errors become responses. `details` are more fields of the answer beside
 * `message`, for a screen that draws each case its own way (a review link's refusal `reason`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Socket-level failures and PostgreSQL's connection classes (08: connection, 57P0x: shutdown). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '53300', // too_many_connections
]);
/** What node-postgres says, without a code, about a connection that died under it. */
const UNAVAILABLE_TEXT =
  /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

/**
 * Whether an error means the database cannot be reached right now (restart, network): a 503 the
 * client may retry, not a 500. Drizzle wraps driver errors ("Failed query") in `cause`, and a
 * refused connection to several addresses is an AggregateError.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift() as
      { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || /^08...$/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return false;
}

/** How long after a write failed on a full disk /api/ready says so (server/modules/health). */
const DISK_FULL_REMEMBERED_MS = 10_000;

/**
 * The last time a statement failed for want of disk space. Shared by the error handler, which
 * sets it, and the readiness check, which reports it: the database itself answers reads on a
 * full disk, so only a failed write shows the disk is full.
 */
export class DiskFullTracker {
  private seenAt = Number.NEGATIVE_INFINITY;
  constructor(private readonly now: () => number = Date.now) {}
  seen() {
    this.seenAt = this.now();
  }
  get full(): boolean {
    return this.now() - this.seenAt < DISK_FULL_REMEMBERED_MS;
  }
}

/**
 * Whether an error means the disk under the database is full: PostgreSQL's disk_full (53100),
 * or an I/O error whose words or detail say ENOSPC ("could not extend file …: No space left on
 * device"; a full pg_xact says it only in its detail), however wrapped.
 */
export function isDiskFull(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e = err;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    const { code, message, detail } = e as { code?: unknown; message?: unknown; detail?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    if (
      [message, detail].some(
        (text) => typeof text === 'string' && /No space left on device/i.test(text),
      )
    )
      return true;
  }
  return false;
}

function fieldPath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/**
 * One error format for every 4xx/5xx (docs/architecture.md#errors): `{ message }`, plus `errors` for
 * validation failures, and never a stack or a 500 for bad input.
 */
export const errorHandler = fp(
  async (app: FastifyInstance, opts: { diskFull?: DiskFullTracker }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((v) => ({
          path: fieldPath(v.instancePath),
          message: v.message,
        }));
        return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid input', errors });
      }
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ message: error.message, ...error.details });
      }
      if (isDiskFull(error)) {
        opts.diskFull?.seen();
        request.log.error({ err: error }, 'the disk is full');
        return reply.status(507).header('retry-after', '10').send({ message: DISK_FULL });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', '1').send({ message: DATABASE_UNAVAILABLE });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ message: 'Internal server error' });
      }
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type: send JSON'
              : error.message;
      return reply.status(status).send({ message });
    });
  },
);
