import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RETAINER_CLOSE_EVERY_MS } from '@domain/retainers';
import type { Db } from '../../db/client';
import { closeRetainerMonths } from './retainers.repository';

/**
 * The retainer close (docs/rules.md "Money"): a loop in each server process closes the retainer
 * months that have ended, once when the app is ready and then every RETAINER_CLOSE_EVERY_MS.
 * Instances sharing PostgreSQL may close at once: a month is closed once (closeRetainerMonths).
 */
export interface RetainerCloser {
  /** One pass at `now` (the loop's tick; tests call it with a time of their own). */
  close(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createRetainerCloser(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = RETAINER_CLOSE_EVERY_MS,
): RetainerCloser {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const close = (now?: Date) => closeRetainerMonths(db, now);
  function tick() {
    running = close()
      .then((n) => {
        if (n) log.info({ months: n }, 'retainer months closed');
      })
      .catch((err: unknown) => log.warn({ err }, 'retainer close failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  }
  return {
    close,
    start() {
      if (!timer && !running && !stopped) timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's retainer close (its loop runs only when started: main.ts). */
    retainerCloser: RetainerCloser;
  }
}

/** Decorates the app with the retainer close, its loop stopped with the app. */
export const retainerCloser = fp(
  async (app: FastifyInstance, opts: { db: Db; loop: boolean }) => {
    const closer = createRetainerCloser(opts.db, app.log);
    app.decorate('retainerCloser', closer);
    if (opts.loop) app.addHook('onReady', async () => closer.start());
    app.addHook('onClose', async () => closer.stop());
  },
  { name: 'retainer-closer' },
);
