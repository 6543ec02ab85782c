import { describe, expect, it } from 'vitest';
import { Listener } from '../db/listener';
import { titled, unmet } from '../test/conditions';
import { cacheListenerPids } from '../test/helper';
import { setUpPat, until } from './caches.setup';

/*
 * The per-instance caches (caches.test.ts, docs/decisions/0004-session-and-count-cache.md) when
 * their cache bus loses its PostgreSQL connection. PostgreSQL only (PGlite has no backend to
 * kill): this file runs in the api-postgres project alone (vitest.config.ts), so none of its
 * tests is skipped in CI.
 */

const { t, pat, countOn } = setUpPat();

const noServer = unmet({ driver: 'postgres' });

describe.skipIf(noServer !== '')(
  titled(
    'the cache bus losing its connection (PostgreSQL only: PGlite has no backend to kill)',
    noServer,
  ),
  () => {
    const listenerPids = () => cacheListenerPids(t);

    /** A listener of its own on the test's schema, and the payloads it has heard. */
    const startListener = async (prefix: string) => {
      const heard: string[] = [];
      const listener = new Listener(
        t.database,
        prefix,
        { message: (p) => heard.push(p), error: () => {} },
        { firstMs: 100, maxMs: 1_000 },
      );
      await listener.start();
      return { listener, heard };
    };

    it('hears its own writes with every pooled connection busy: the marker has its own', async () => {
      expect(await countOn(t.app)).toBe(0);
      const pool = t.database.pool!;
      // Every connection of the app's pool taken, as under a burst of requests.
      const held = await Promise.all(
        Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()),
      );
      try {
        t.app.cacheBus.localWrite();
        expect(t.app.cacheBus.settled).toBe(false);
        // Heard well before the marker's time limit, which would have emptied the caches.
        await until(() => t.app.cacheBus.settled);
        expect(t.app.sessionCache.get(pat.sessionId)?.user.id).toBe(pat.id);
      } finally {
        for (const connection of held) connection.release();
      }
    });

    it('sends one statement at a time on the listener connection (pg 9 refuses a second)', async () => {
      // pg 8 queues a query sent while another runs, with a DeprecationWarning once per process;
      // pg 9 will throw. Markers and notices go out together under load.
      const { listener, heard } = await startListener('vw_one_');
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.message);
      process.on('warning', onWarning);
      try {
        await Promise.all([
          ...Array.from({ length: 5 }, (_, i) => listener.notify(`x${i}`)),
          listener.send([[listener.channel, 'y']]),
        ]);
        await new Promise((resolve) => setImmediate(resolve));
        await until(() => heard.length === 6);
      } finally {
        process.off('warning', onWarning);
        await listener.close();
      }
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    });

    it('sends the NOTIFYs given while a statement runs together in the next one, in order', async () => {
      // Under load every write's marker (CacheBus.localWrite) comes while the one before it is
      // on its way: each used to be a statement (a commit for the notification queue) of its own.
      const { listener, heard } = await startListener('vw_together_');
      // The listener's own connection, to count the statements it is sent.
      const client = (listener as unknown as { client: { query: (...args: unknown[]) => unknown } })
        .client;
      const query = client.query.bind(client);
      let statements = 0;
      client.query = (...args) => {
        statements++;
        return query(...args);
      };
      const payloads = Array.from({ length: 50 }, (_, i) => `m${i}`);
      try {
        const first = listener.notify('first');
        // Given while the first is on its way, as the writes' markers under load.
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.all([first, ...payloads.map((p) => listener.notify(p))]);
        await until(() => heard.length === 51);
      } finally {
        await listener.close();
      }
      expect(heard).toEqual(['first', ...payloads]);
      expect(statements).toBe(2);
    });

    it('keeps nothing while it is away, and caches again once it has reconnected', async () => {
      const [pid, ...others] = await listenerPids();
      expect(others).toEqual([]);
      expect(await countOn(t.app)).toBe(0);
      expect(t.app.notices.get(pat.id)).toBe(0);

      await t.database.pool!.query('select pg_terminate_backend($1)', [pid]);
      await until(() => !t.app.cacheBus.live);
      expect(t.app.notices.get(pat.id)).toBeUndefined();
      expect(t.app.sessionCache.get(pat.sessionId)).toBeUndefined();

      await until(() => t.app.cacheBus.live);
      expect(await listenerPids()).not.toContain(pid);
      expect(await countOn(t.app)).toBe(0);
      expect(t.app.notices.get(pat.id)).toBe(0);
    });
  },
);
