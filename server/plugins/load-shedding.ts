import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_BUSY } from '@domain/health';

/** How often the event loop's pauses are measured. */
const TICK_MS = 20;
/** What a shed request is told: try again after this many seconds. */
const RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Never shed: the health checks, which must say how the process is (a busy instance is
     * alive; shedding them would make a proxy or orchestrator restart it under load).
     */
    neverShed?: boolean;
  }
  interface FastifyRequest {
    /** When the request is taken to have arrived (load shedding's estimate). */
    arrivedAt: number;
  }
}

/**
 * Load shedding (issue 38, item 7): a request that waited longer than `boundMs` before the
 * server could start on it is answered 503 with Retry-After instead of being worked on, since its
 * client has probably given up and a retry would do the work twice; a short shortage then stays
 * short instead of turning into minutes of timeouts.
 *
 * Node does not see a request until its event loop reads the socket, so the waiting is measured
 * two ways. (1) The event loop's pauses: a timer ticks every TICK_MS, and a request read in the
 * turn of the loop that ends a pause longer than the bound was sitting in its socket during it
 * (the pause's start is taken as its arrival, erring toward shedding under overload). (2) The time from its start to the reading of its body: the session lookup
 * queued behind other statements (the embedded database runs one at a time). The body's upload
 * is not counted: a slow connection is not a busy server.
 */
export const loadShedding = fp(async (app: FastifyInstance, opts: { boundMs: number }) => {
  let lastTick = performance.now();
  /** The start of a long pause whose waiting requests are being read now, if any. */
  let pausedSince: number | undefined;
  const paused = (from: number) => {
    pausedSince = from;
    // The sockets that filled during the pause are read in this turn of the loop (its poll
    // phase); the turn ends with the immediates, and so does the pause's window.
    setImmediate(() => (pausedSince = undefined));
  };
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - lastTick > opts.boundMs) paused(lastTick);
    lastTick = now;
  }, TICK_MS);
  ticker.unref();
  app.addHook('onClose', async () => clearInterval(ticker));
  // A connection accepted in that turn waited too; its request is read in a later turn.
  const acceptedDuringPause = new WeakMap<object, number>();
  app.server.on('connection', (socket: object) => {
    if (pausedSince !== undefined) acceptedDuringPause.set(socket, pausedSince);
  });

  app.decorateRequest('arrivedAt', 0);
  const shed = (request: FastifyRequest, reply: FastifyReply, waited: number) => {
    request.log.warn({ waitedMs: Math.round(waited) }, 'request waited too long to start: shed');
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_S))
      .send({ message: SERVER_BUSY });
  };

  app.addHook('onRequest', async (request, reply) => {
    const now = performance.now();
    if (request.routeOptions.config?.neverShed) return;
    // The loop may not have ticked since the pause ended (the timers run after the sockets).
    if (pausedSince === undefined && now - lastTick > opts.boundMs) paused(lastTick);
    const socket = request.raw.socket;
    request.arrivedAt = pausedSince ?? acceptedDuringPause.get(socket) ?? now;
    acceptedDuringPause.delete(socket); // only its first request waited for it

    const waited = now - request.arrivedAt;
    if (waited > opts.boundMs) return shed(request, reply, waited);
  });
  // After the session lookup, before the body is read: a slow upload is not a wait to shed.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.routeOptions.config?.neverShed) return payload;
    const waited = performance.now() - request.arrivedAt;
    if (waited > opts.boundMs) return shed(request, reply, waited);
    return payload;
  });
});
