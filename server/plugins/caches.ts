import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CacheBus } from '../db/cache-bus';
import type { Database } from '../db/client';
import { UNSAFE_METHODS } from '../lib/http';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The invalidation feed of this instance's caches (docs/decisions/0004-session-and-count-
     * cache.md). Each cache is made by its owner, which subscribes for its own messages: the
     * session cache (plugins/auth.ts), the read cache (plugins/read-cache.ts) and the unread
     * counts (modules/notifications/notifier.ts). With READ_CACHE=off (`keeps` false) none keeps
     * anything (server/env.ts).
     */
    cacheBus: CacheBus;
  }
}

/**
 * Starts the cache bus with the app and closes it with the app. A write on this instance may end
 * sessions or change counts and answers; the bus says which, but its message can arrive after
 * the client's next request. So before answering any write, this instance tells the bus, which
 * keeps its caches from serving until the write's messages have been heard, and the answer waits
 * until every other instance has heard them too (CacheBus.localWrite).
 */
export const caches = fp(
  async (app: FastifyInstance, opts: { database: Database; keep: boolean }) => {
    const bus = new CacheBus(
      opts.database,
      (err) => app.log.warn({ err }, 'cache bus error'),
      opts.keep,
    );
    await bus.start();
    app.decorate('cacheBus', bus);
    app.addHook('onClose', async () => bus.close());
    // The answer leaves once every instance has heard the write (CacheBus.localWrite).
    app.addHook('onSend', async (request) => {
      if (UNSAFE_METHODS.has(request.method)) await bus.localWrite();
    });
  },
  { name: 'caches' },
);
