import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../domain/auth';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { findSessionUser, SESSION_TTL_MS } from '../modules/auth/sessions.repository';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; never from x-user-id. */
    user: UserRow | null;
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
export const auth = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

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
      const found = await findSessionUser(opts.db, token);
      if (found) {
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
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, MESSAGES.authRequired);
  return request.user;
}
