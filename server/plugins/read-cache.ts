import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { TtlCache } from '../db/cache-bus';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer depends only on the data, the signed-in user and the URL (and not on the
     * clock beyond READ_CACHE_MS): kept in the read cache (docs/decisions/0004-...).
     */
    cacheable?: boolean;
  }
  interface FastifyInstance {
    /** The answers of `cacheable` GETs, by user and URL (docs/decisions/0004-..., read cache). */
    readCache: TtlCache<CachedReply>;
  }
}

/** How long a cached GET answer may be served; also bounds clock-based fields like overdue. */
const READ_CACHE_MS = 3_000;
/** The answer headers a cached GET keeps besides its body. */
const KEPT_HEADERS = ['content-type', 'x-next-cursor', 'x-total-count'];

export interface CachedReply {
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

const DATA_VERSION = sql`select last_value::text as v from vw_data_version`;

/**
 * The read cache: a GET of a route marked `cacheable`, by the same user with the same URL, is
 * answered from memory until any data change is heard (trigger 'd', or a write here, which the
 * cache bus passes on as "anything may be stale"). Only while the bus listens; `refresh` in the
 * query always reads afresh. Needs the session (plugins/auth.ts) registered before it.
 */
export const readCache = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const bus = app.cacheBus;
    const cache = new TtlCache<CachedReply>(bus, READ_CACHE_MS, {
      maxEntries: 2_000,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (r) => r.payload.length,
    });
    app.decorate('readCache', cache);
    /** The reads of this app that will fill the cache when their answer is sent. */
    const pendingReads = new WeakMap<FastifyRequest, PendingRead>();
    /** Reads being made now, so that concurrent identical ones wait for the first. */
    const inFlight = new Map<string, Promise<CachedReply | undefined>>();
    // After a change no new request may join a read begun before it, nor get a kept answer.
    bus.subscribe((message) => {
      if (message === null || message === 'd') {
        cache.clear();
        inFlight.clear();
      }
    });

    /**
     * The data version for a request that has just arrived. Concurrent requests share one query,
     * but never one that began before they arrived (it could predate a change they must see):
     * while a query runs, newcomers wait for the next one, which starts when it ends.
     */
    const readVersion = async () =>
      String(rowsOf<{ v: string }>(await opts.db.execute(DATA_VERSION))[0]?.v);
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
      let cached = cache.get(key);
      if (cached?.version !== version) cached = undefined;
      const flightKey = `${version}|${key}`;
      if (!cached) {
        const running = inFlight.get(flightKey);
        if (running) {
          // Past its time limit but of this very data version: only clock-bound fields (overdue,
          // this month) may be a moment old. Serve it rather than queue behind the refresh.
          const old = cache.peek(key);
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
      pendingReads.set(request, { key, version, epoch: cache.epochNow(), done });
    });

    // The answer of a read this instance made: kept (if nothing changed meanwhile) and handed
    // to the identical reads that waited for it.
    app.addHook('onSend', async (request, reply, payload) => {
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
      cache.setIf(pending.key, cached, pending.epoch);
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
  },
  { name: 'read-cache', dependencies: ['caches', 'auth'] },
);
