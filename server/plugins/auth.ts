import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../domain/auth';
import { CacheBus, TtlCache } from '../db/cache-bus';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import {
  findSessionById,
  type FoundSession,
  type SessionLifetime,
  sessionIdOf,
  type SessionUser,
  touchSession,
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
    /**
     * A per-user limit (server/plugins/limits.ts): 'writes' for calls that notify other people,
     * 'password' for change-password (also per address).
     */
    limited?: 'writes' | 'password';
    /**
     * A GET whose answer depends only on the data, the signed-in user and the URL (and not on the
     * clock beyond READ_CACHE_MS): kept in the read cache (docs/decisions/0004-...).
     */
    cacheable?: boolean;
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

/** How long a cached session or count may be served without a change being heard. */
const SESSION_CACHE_MS = 5_000;
/** How long a cached GET answer may be served; also bounds clock-based fields like overdue. */
const READ_CACHE_MS = 3_000;
/** The answer headers a cached GET keeps besides its body. */
const KEPT_HEADERS = ['content-type', 'x-next-cursor', 'x-total-count'];

interface CachedReply {
  /** vw_data_version when the read began; served only while it is still the same. */
  version: string;
  /** The body as bytes: encoded once, not at every answer (lists run to hundreds of KB). */
  payload: Buffer;
  headers: Record<string, string>;
}

interface PendingRead {
  key: string;
  version: string;
  epoch: number;
  done: (reply: CachedReply | undefined) => void;
}

const pendingReads = new WeakMap<FastifyRequest, PendingRead>();
const DATA_VERSION = sql`select last_value::text as v from vw_data_version`;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * One hook for all of /api: refuses unsafe methods from a foreign Origin, resolves the session
 * cookie to a user, and answers 401 on every non-public route without one.
 */
export interface AuthOptions {
  database: Database;
  /** How long a session lasts without use, and at most (SESSION_IDLE_DAYS, SESSION_MAX_DAYS). */
  session: SessionLifetime;
}

export const auth = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { db } = opts.database;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Session lookups and unread counts are cached per instance for a few seconds, and only while
  // the cache bus hears every change (docs/decisions/0004-session-and-count-cache.md).
  const bus = new CacheBus(opts.database, (err) => app.log.warn({ err }, 'cache bus error'));
  const sessionCache = new TtlCache<FoundSession | undefined>(bus, SESSION_CACHE_MS);
  const countCache = new TtlCache<number>(bus, SESSION_CACHE_MS);
  const readCache = new TtlCache<CachedReply>(bus, READ_CACHE_MS, {
    maxEntries: 2_000,
    maxBytes: 32 * 1024 * 1024,
    sizeOf: (r) => r.payload.length,
  });
  /**
   * The data version for a request that has just arrived. Concurrent requests share one query,
   * but never one that began before they arrived (it could predate a change they must see):
   * while a query runs, newcomers wait for the next one, which starts when it ends.
   */
  const readVersion = async () =>
    String(rowsOf<{ v: string }>(await db.execute(DATA_VERSION))[0]?.v);
  let runningVersion: Promise<string> | undefined;
  let queuedVersion: Promise<string> | undefined;
  const startVersion = () => {
    const query = readVersion().finally(() => {
      if (runningVersion === query) runningVersion = undefined;
    });
    runningVersion = query;
    return query;
  };
  const dataVersion = (): Promise<string> => {
    if (!runningVersion) return startVersion();
    queuedVersion ??= runningVersion
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queuedVersion = undefined;
        return startVersion();
      });
    return queuedVersion;
  };
  /** Reads being made now, so that concurrent identical ones wait for the first. */
  const inFlight = new Map<string, Promise<CachedReply | undefined>>();
  /** After a change no new request may join a read begun before it, nor get a kept answer. */
  const forgetReads = () => {
    readCache.clear();
    inFlight.clear();
  };
  bus.subscribe((message) => {
    if (message === 'd') {
      forgetReads();
    } else if (message === null) {
      sessionCache.clear();
      countCache.clear();
      forgetReads();
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (UNSAFE.has(request.method)) {
      sessionCache.clear();
      countCache.clear();
      forgetReads();
    }
    const pending = pendingReads.get(request);
    if (!pending) return;
    pendingReads.delete(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string') return pending.done(undefined);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const cached = { version: pending.version, payload: Buffer.from(payload), headers };
    readCache.setIf(pending.key, cached, pending.epoch);
    pending.done(cached);
  });
  // A read that ended without an answer (error, aborted) must not keep others waiting.
  const settle = async (request: FastifyRequest) => {
    const pending = pendingReads.get(request);
    if (!pending) return;
    pendingReads.delete(request);
    pending.done(undefined);
  };
  app.addHook('onResponse', settle);
  app.addHook('onRequestAbort', settle);

  /**
   * The read cache: a GET of a route marked `cacheable`, by the same user with the same URL, is
   * answered from memory until any data change is heard (trigger 'd', or a write here). Only
   * while the bus listens; `refresh` in the query always reads afresh.
   */
  app.addHook('preHandler', async (request, reply) => {
    const user = request.user;
    if (
      request.method !== 'GET' ||
      !user ||
      !request.routeOptions.config?.cacheable ||
      !bus.live ||
      request.url.includes('refresh=')
    ) {
      return;
    }
    const key = `${user.id}|${user.role}|${user.isAdmin}|${request.url}`;
    // One tiny read: a change committed before this request began has moved the sequence even
    // if its NOTIFY is still on the way, so a kept answer is never older than the request.
    const version = await dataVersion();
    let cached = readCache.get(key);
    if (cached?.version !== version) cached = undefined;
    const flightKey = `${version}|${key}`;
    if (!cached) {
      const running = inFlight.get(flightKey);
      if (running) {
        // Past its time limit but of this very data version: only clock-bound fields (overdue,
        // this month) may be a moment old. Serve it rather than queue behind the refresh.
        const old = readCache.peek(key);
        cached = old?.version === version ? old : await running;
      }
    }
    if (cached) {
      for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
      return reply.send(cached.payload);
    }
    if (inFlight.has(flightKey)) return; // the first one failed; this one reads for itself
    let done!: (reply: CachedReply | undefined) => void;
    const running = new Promise<CachedReply | undefined>((resolve) => (done = resolve));
    inFlight.set(flightKey, running);
    void running.then(() => {
      if (inFlight.get(flightKey) === running) inFlight.delete(flightKey);
    });
    pendingReads.set(request, { key, version, epoch: readCache.epochNow(), done });
  });

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
    if (UNSAFE.has(request.method) && !originAllowed(request)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    const found = await sessionOf(request);
    if (found) {
      request.user = found.user;
      request.sessionId = found.sessionId;
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
