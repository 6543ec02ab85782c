import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often idle keep-alive connections are closed while the app stops. */
const SWEEP_MS = 100;
/** After this, connections still busy (a stalled upload) are cut so a SIGTERM always ends. */
export const CLOSE_DEADLINE_MS = 10_000;

/**
 * Stopping without waiting on keep-alive clients. Fastify closes the connections that are idle
 * when it starts closing, but a connection whose request was still in flight turns idle only
 * after its answer, and a browser keeps it open: the HTTP server then waited for the 72 s
 * keep-alive timeout, past any process manager's patience (a CI run's SIGTERM ended in SIGKILL).
 * While closing, answers say `Connection: close`, connections are closed as soon as they are
 * idle, and the ones still busy after CLOSE_DEADLINE_MS are cut.
 */
export const gracefulClose = fp(async (app: FastifyInstance, opts: { deadlineMs?: number }) => {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;

  app.addHook('preClose', async () => {
    closing = true;
    // inject()-only apps have a server that never listened: nothing to sweep.
    if (!app.server.listening) return;
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
});
