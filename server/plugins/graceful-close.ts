import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often idle keep-alive connections are closed while the app stops. */
const SWEEP_MS = 100;
/** After this, connections still busy (a stalled upload) are cut so a SIGTERM always ends. */
export const CLOSE_DEADLINE_MS = 10_000;
/**
 * How long a stopping app still takes requests, with `Connection: close`, before it closes its
 * port and its idle connections (issue 38, obs 7): a client, or nginx, may have sent a request on
 * a kept-alive connection just as the stop began; closing that connection then is a reset.
 */
export const DRAIN_MS = 1_000;

/**
 * Stopping without waiting on keep-alive clients. Fastify closes the connections that are idle
 * when it starts closing, but a connection whose request was still in flight turns idle only
 * after its answer, and a browser keeps it open: the HTTP server then waited for the 72 s
 * keep-alive timeout, past any process manager's patience (a CI run's SIGTERM ended in SIGKILL).
 * While closing, answers say `Connection: close`; for DRAIN_MS the port stays open and requests
 * are still served (Fastify's own closing 503 is off in app.ts: a stopping instance's 503 would
 * reach clients through nginx, which does not retry a 503: docs/deploy.md). Then the port
 * closes, connections are closed as soon as they are idle, and the ones still busy after
 * CLOSE_DEADLINE_MS are cut. A connection idle through the whole drain can still meet its close
 * with a request in flight: only a proxy that stops sending first avoids that (deploy.md).
 */
export const gracefulClose = fp(
  async (app: FastifyInstance, opts: { deadlineMs?: number; drainMs?: number }) => {
    let closing = false;
    let sweep: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;

    app.addHook('preClose', async () => {
      closing = true;
      // inject()-only apps have a server that never listened: nothing to sweep.
      if (!app.server.listening) return;
      // Fastify closes the port once the preClose hooks are done.
      await new Promise((resolve) => setTimeout(resolve, opts.drainMs ?? DRAIN_MS));
      sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
      deadline = setTimeout(() => {
        app.log.warn('connections still busy at the close deadline: cut');
        app.server.closeAllConnections();
      }, opts.deadlineMs ?? CLOSE_DEADLINE_MS);
      sweep.unref();
      deadline.unref();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
  },
);
