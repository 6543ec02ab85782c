import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../domain/auth';
import { CacheBus, TtlCache } from '../db/cache-bus';
import type { Database } from '../db/client';
import {
  findSessionById,
  type FoundSession,
  SESSION_TTL_MS,
  sessionIdOf,
  type SessionUser,
} from '../modules/auth/sessions.repository';
import { useCountCache } from '../modules/notifications/notifications.repository';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; never from x-user-id. */
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session (login, register, health). */
    public?: boolean;
  }
}

const PLAIN_COOKIE = 'sid';
// Behind https the cookie gets the __Host- prefix: Secure, no Domain, Path=/.
const HOST_COOKIE = '__Host-sid';

export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_COOKIE : PLAIN_COOKIE;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** How long a cached session or count may be served without a change being heard. */
const SESSION_CACHE_MS = 5_000;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // same-origin fetches without Origin, curl and server-to-server calls
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * One hook for all of /api: refuses unsafe methods from a foreign Origin, resolves the session
 * cookie to a user, and answers 401 on every non-public route without one.
 */
export const auth = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const { db } = opts.database;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Session lookups and unread counts are cached per instance for a few seconds, and only while
  // the cache bus hears every change (docs/decisions/0004-session-and-count-cache.md).
  const bus = new CacheBus(opts.database, (err) => app.log.warn({ err }, 'cache bus error'));
  const sessionCache = new TtlCache<FoundSession | undefined>(bus, SESSION_CACHE_MS);
  const countCache = new TtlCache<number>(bus, SESSION_CACHE_MS);
  bus.subscribe((message) => {
    if (message === null) {
      sessionCache.clear();
      countCache.clear();
    } else if (message[0] === 's') {
      sessionCache.delete(message.slice(1));
    } else if (message[0] === 'u') {
      const userId = message.slice(1);
      sessionCache.deleteWhere((found) => found?.user.id === userId);
    } else if (message[0] === 'n') {
      countCache.delete(message.slice(1));
    }
  });
  await bus.start();
  useCountCache(db, countCache);
  app.addHook('onClose', async () => {
    useCountCache(db, undefined);
    await bus.close();
  });
  // A write on this instance may end sessions or change counts; the bus says which, but its
  // message can arrive after the client's next request. So before answering any write, this
  // instance forgets everything it cached (writes are rare next to reads).
  app.addHook('onSend', async (request) => {
    if (UNSAFE.has(request.method)) {
      sessionCache.clear();
      countCache.clear();
    }
  });

  app.addHook('onRequest', async (request) => {
    if (
      !request.url.startsWith('/api/') &&
      request.url !== '/ws' &&
      !request.url.startsWith('/ws?')
    ) {
      return;
    }
    if (UNSAFE.has(request.method) && !originAllowed(request)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    const token = request.cookies[HOST_COOKIE] ?? request.cookies[PLAIN_COOKIE];
    if (token) {
      const id = sessionIdOf(token);
      const found = await sessionCache.load(id, () => findSessionById(db, id));
      if (found && found.expiresAt.getTime() > Date.now()) {
        request.user = found.user;
        request.sessionId = found.sessionId;
      }
    }
    if (!request.user && !request.routeOptions.config?.public && request.routeOptions.url) {
      throw new HttpError(401, MESSAGES.authRequired);
    }
  });
});

/** The signed-in user of a route that is not public (the hook has already refused others). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, MESSAGES.authRequired);
  return request.user;
}
