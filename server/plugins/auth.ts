import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_MESSAGES } from '@domain/api-tokens';
import { MESSAGES } from '@domain/auth';
import { isManager } from '@domain/roles';
import { SHORT_CACHE_MS, TtlCache } from '../db/cache-bus';
import { parseCacheMessage } from '../db/cache-messages';
import type { Db } from '../db/client';
import { UNSAFE_METHODS } from '../lib/http';
import { findApiTokenUser, touchApiToken } from './api-tokens.repository';
import {
  findSessionById,
  type FoundSession,
  type SessionLifetime,
  sessionIdOf,
  type SessionUser,
  touchSession,
} from './sessions.repository';
import { HttpError, isDatabaseUnavailable } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; never from x-user-id. */
    user: SessionUser | null;
    sessionId: string | null;
    /** How `user` was told: a session cookie, or a personal API token (issue 46). */
    authVia: 'session' | 'token' | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session (login, register, health). */
    public?: boolean;
    /**
     * Routes only a session may call: an API token gets 403 (its own routes, the calendar
     * feed's, the password's, two-factor's: docs/rules.md#api-tokens-and-the-calendar-feed).
     */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    /** Session lookups by session id, kept for SHORT_CACHE_MS while the cache bus listens. */
    sessionCache: TtlCache<FoundSession | undefined>;
  }
}

const PLAIN_COOKIE = 'sid';
// Behind https the cookie gets the __Host- prefix: Secure, no Domain, Path=/.
const HOST_COOKIE = '__Host-sid';

/**
 * The one cookie that authenticates a request: over https only `__Host-sid` (which a sibling
 * domain or a plain-http page cannot plant), over http only `sid`.
 */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_COOKIE : PLAIN_COOKIE;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  lifetime: SessionLifetime,
) {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(lifetime.maxMs / 1000),
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

/**
 * Whether an Origin is this site's own: the same scheme, host and port as the request (behind a
 * proxy, the scheme and host it forwards; docs/deploy.md). http://site is not https://site.
 */
export function sameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    const own = new URL(`${request.protocol}://${request.host}`);
    const theirs = new URL(origin);
    return theirs.origin === own.origin;
  } catch {
    return false;
  }
}

function originAllowed(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // same-origin fetches without Origin, curl and server-to-server calls
  return sameOrigin(request, origin);
}

export interface AuthOptions {
  db: Db;
  /** How long a session lasts without use, and at most (SESSION_IDLE_DAYS, SESSION_MAX_DAYS). */
  session: SessionLifetime;
}

/**
 * The secret of an `Authorization: Bearer` header; '' for an Authorization header of another
 * scheme or none (refused, never read as a cookie); undefined without the header.
 */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Who is asking, in one hook for all of /api: refuses unsafe methods from a foreign Origin,
 * resolves the session cookie (through the session cache) or a personal API token (an
 * Authorization: Bearer header, issue 46) to a user, and answers 401 on every non-public route
 * without one. Pages of the web app get their user too, best effort, from the cookie only.
 */
export const auth = fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    const { db } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('authVia', null);

    // Dropped when the triggers report the session ('s') or its user ('u') changed, and entirely
    // when anything may be stale (docs/decisions/0004-session-and-count-cache.md).
    const sessionCache = new TtlCache<FoundSession | undefined>(app.cacheBus, SHORT_CACHE_MS);
    app.cacheBus.subscribe((message) => {
      const said = message === null ? null : parseCacheMessage(message);
      if (said === null) {
        sessionCache.clear();
      } else if (said?.kind === 'session') {
        sessionCache.delete(said.id);
      } else if (said?.kind === 'user') {
        sessionCache.deleteWhere((found) => found?.user.id === said.id);
      }
    });
    app.decorate('sessionCache', sessionCache);

    /**
     * The live session of the request's cookie, if any. A session in use has its end moved
     * forward (the idle limit) at most once per touch interval, never past its absolute limit.
     */
    const sessionOf = async (request: FastifyRequest) => {
      const token = request.cookies[sessionCookieName(request)];
      if (!token) return null;
      const id = sessionIdOf(token);
      const found = await sessionCache.load(id, () => findSessionById(db, id));
      if (!found || found.expiresAt.getTime() <= Date.now()) return null;
      await touchSession(db, found, opts.session).catch((err: unknown) =>
        request.log.warn({ err }, 'could not extend the session'),
      );
      return found;
    };
    /** A page's user, best effort: a page is still sent when the database cannot answer. */
    const pageUser = async (request: FastifyRequest) => {
      try {
        return (await sessionOf(request))?.user ?? null;
      } catch (err) {
        request.log.warn({ err }, 'could not read the session for a page');
        return null;
      }
    };

    app.addHook('onRequest', async (request, reply) => {
      if (
        !request.url.startsWith('/api/') &&
        request.url !== '/ws' &&
        !request.url.startsWith('/ws?')
      ) {
        // A page of the web app: its user decides which dashboard's code the page names
        // (server/plugins/web-page.ts); nothing is refused here. Files need no session.
        const path = request.url.split('?')[0] ?? '';
        if (request.method === 'GET' && !path.startsWith('/assets/') && !/\.\w+$/.test(path)) {
          request.user = await pageUser(request);
        }
        return;
      }
      // Answers under /api depend on who asks: no browser or proxy may keep them. A route that
      // may be kept (an avatar image) sets its own Cache-Control.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      if (UNSAFE_METHODS.has(request.method) && !originAllowed(request)) {
        throw new HttpError(403, 'Cross-site request refused');
      }
      const bearer = request.url.startsWith('/api/') ? bearerOf(request) : undefined;
      if (bearer !== undefined) {
        // A token alone: the cookie is not read, so a bad token never falls back to a session
        // and a token never becomes one (no sessionId: the socket refuses it). A browser sends
        // no Authorization header by itself, so a token is no ambient credential to forge with.
        const token = await findApiTokenUser(db, bearer);
        if (!token) throw new HttpError(401, API_TOKEN_MESSAGES.invalid);
        if (request.routeOptions.config?.sessionOnly) {
          throw new HttpError(403, API_TOKEN_MESSAGES.sessionOnly);
        }
        await touchApiToken(db, token).catch((err: unknown) =>
          request.log.warn({ err }, 'could not note the API token’s use'),
        );
        request.user = token.user;
        request.authVia = 'token';
        return;
      }
      const found = await sessionOf(request).catch((err: unknown) => {
        // A public route (the health checks, sign-in) answers for itself while the database is
        // away: health says "degraded" rather than failing on the cookie it was sent.
        if (request.routeOptions.config?.public && isDatabaseUnavailable(err)) return null;
        throw err;
      });
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        request.authVia = 'session';
      }
      if (!request.user && !request.routeOptions.config?.public && request.routeOptions.url) {
        throw new HttpError(401, MESSAGES.authRequired);
      }
    });
  },
  { name: 'auth', dependencies: ['caches'] },
);

/** The signed-in user of a route that is not public (the hook has already refused others). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, MESSAGES.authRequired);
  return request.user;
}

/**
 * The signed-in user of a call only managers may make (lead editor, king or admin: docs/rules.md#who-may-do-what); anyone else is refused with 403 and `refusal`.
 */
export function currentManager(request: FastifyRequest, refusal: string): SessionUser {
  const user = currentUser(request);
  if (!isManager(user)) throw new HttpError(403, refusal);
  return user;
}
