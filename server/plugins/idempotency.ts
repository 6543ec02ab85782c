import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_MS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
} from '@domain/idempotency';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A creating call that honours an `Idempotency-Key` (docs/rules.md#rules-the-product-leaves-open): declared next to
     * the route, handled here. The caller is the signed-in user, or for a guest the review link
     * of the route's `:token`.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * The key this request reserved (as sent), to be given its answer (or released) when sent.
     */
    idempotencyReservation?: { caller: string; key: string; requestHash: string };
  }
}

/**
 * How long a second request with a key still being worked on waits for the first one's answer
 * before it is told 409 to try again. A double click or a quick retry then gets the first
 * answer instead of an error, and a slow first call holds no second one for long.
 */
const IN_PROGRESS_WAIT_MS = 10_000;
/** How often the waiting request looks for the first one's answer. */
const IN_PROGRESS_POLL_MS = 25;
/**
 * A key reserved this long ago without an answer belongs to a request whose server died mid-way
 * (its answer was never stored): a retry may then take it over rather than wait 24 hours. Far
 * longer than any create takes (the request must arrive within 30 s: server/app.ts).
 */
const ABANDONED_MS = 5 * 60_000;
/** Expired keys are pruned on a write at most this often per instance. */
const PRUNE_EVERY_MS = 60_000;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * How a key is stored: its hash, never the key. The answer is sealed with a cipher key made from
 * the Idempotency-Key itself, so only a caller who sends the key again can read it, and a copy of
 * the database opens nothing (a new review link's answer holds its token: the links themselves
 * keep only the token's hash).
 */
export const storedKeyOf = (key: string) => digest(`key\n${key}`);
const cipherKeyOf = (caller: string, key: string) =>
  createHash('sha256').update(`answer\n${caller}\n${key}`).digest();

function seal(caller: string, key: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKeyOf(caller, key), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

function unseal(caller: string, key: string, stored: string): Buffer {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', cipherKeyOf(caller, key), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]);
}

/** Who is asking: the user, or the review link a guest holds (never the token itself). */
function callerOf(request: FastifyRequest): string | null {
  if (request.user) return `user:${request.user.id}`;
  const token = (request.params as { token?: unknown } | undefined)?.token;
  if (typeof token === 'string') return `link:${digest(token)}`;
  return null;
}

/** What was asked: the method, the path with its parameters, and the (validated) body. */
function requestHashOf(request: FastifyRequest): string {
  return digest(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`);
}

/**
 * Idempotent creates: a route marked `config.idempotent` given an `Idempotency-Key` reserves
 * the key in PostgreSQL (shared by every instance) before its handler runs: a row with the
 * caller, the key and a hash of the request, unique per caller and key. Its successful answer
 * (status, type, body) is stored when sent, and a later call with the same key and request
 * within 24 hours is answered with it (`Idempotent-Replayed: true`) without running the handler.
 * A call that is refused or fails (any non-2xx) wrote nothing, so its key is released and a
 * retry runs again. The same key for another request is 422; a call whose key is still being
 * worked on waits for that answer (up to IN_PROGRESS_WAIT_MS, then 409).
 *
 * The key is reserved apart from the handler's own transaction, not inside it: a server that
 * dies between the handler's commit and storing the answer leaves the key pending, and a retry
 * after ABANDONED_MS runs the call again. Every other retry writes nothing twice.
 */
export const idempotency = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const { db } = opts;
    let prunedAt = 0;
    const keepInterval = sql.raw(`interval '${IDEMPOTENCY_KEEP_MS} milliseconds'`);
    const abandonedInterval = sql.raw(`interval '${ABANDONED_MS} milliseconds'`);

    /** Takes the key for this request: new, expired, or abandoned by a dead server. */
    const reserve = async (caller: string, key: string, requestHash: string) => {
      const taken = await db
        .insert(idempotencyKeys)
        .values({ caller, key, requestHash })
        .onConflictDoUpdate({
          target: [idempotencyKeys.caller, idempotencyKeys.key],
          set: {
            requestHash,
            statusCode: null,
            contentType: null,
            body: null,
            createdAt: sql`now()`,
          },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - ${keepInterval}
            or (${idempotencyKeys.statusCode} is null
              and ${idempotencyKeys.createdAt} < now() - ${abandonedInterval})`,
        })
        .returning({ caller: idempotencyKeys.caller });
      return taken.length > 0;
    };

    const held = async (caller: string, key: string) =>
      (
        await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)))
      )[0];

    const prune = async () => {
      if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = Date.now();
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - ${keepInterval}`));
    };

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return;
      if (typeof header !== 'string' || !idempotencyKeySchema.safeParse(header).success) {
        throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
      }
      const caller = callerOf(request);
      if (!caller) return;
      const requestHash = requestHashOf(request);
      const stored = storedKeyOf(header);
      const waitUntil = Date.now() + IN_PROGRESS_WAIT_MS;
      for (;;) {
        if (await reserve(caller, stored, requestHash)) {
          request.idempotencyReservation = { caller, key: header, requestHash };
          return;
        }
        const row = await held(caller, stored);
        // Released (the first call failed) between the two statements: try to take it again.
        if (!row) continue;
        if (row.requestHash !== requestHash) {
          throw new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused);
        }
        if (row.statusCode !== null) {
          reply
            .code(row.statusCode)
            .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
            .header('content-type', row.contentType ?? 'application/json; charset=utf-8');
          return reply.send(unseal(caller, header, row.body ?? ''));
        }
        if (Date.now() >= waitUntil) {
          reply.header('retry-after', '1');
          throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
        }
        await delay(IN_PROGRESS_POLL_MS);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const reservation = request.idempotencyReservation;
      if (!reservation) return payload;
      request.idempotencyReservation = undefined;
      const { caller, key, requestHash } = reservation;
      const mine = and(
        eq(idempotencyKeys.caller, caller),
        eq(idempotencyKeys.key, storedKeyOf(key)),
        eq(idempotencyKeys.requestHash, requestHash),
        isNull(idempotencyKeys.statusCode),
      );
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : null;
      try {
        if (ok && body !== null) {
          const type = reply.getHeader('content-type');
          await db
            .update(idempotencyKeys)
            .set({
              statusCode: reply.statusCode,
              contentType: typeof type === 'string' ? type : null,
              body: seal(caller, key, body),
            })
            .where(mine);
          await prune();
        } else {
          await db.delete(idempotencyKeys).where(mine);
        }
      } catch (err) {
        // The answer goes out all the same: the call is done. A retry then waits, and after
        // ABANDONED_MS runs again (the cost of the database failing just now).
        request.log.warn({ err }, 'could not record the answer of an Idempotency-Key');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
