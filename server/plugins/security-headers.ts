import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { EMBED_ORIGINS } from '@domain/player';

/** The Content-Security-Policy and the rest of Helmet's defaults, for every response. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // Same-origin sockets only: 'self' covers ws:/wss: to this very host (CSP Level 3).
      connectSrc: ["'self'"],
      // The video dialog's players (domain/player.ts): the four embed hosts and nothing else.
      frameSrc: [...EMBED_ORIGINS],
      /*
       * A direct video file (an MP4 link) may live on any https host (a CDN, a bucket, a
       * client's site), so media-src cannot name them; https: keeps plain http and data: out.
       * Media cannot run script, so this opens nothing to injection.
       */
      mediaSrc: ["'self'", 'https:'],
      upgradeInsecureRequests: null,
    },
  },
} as const;

/**
 * Helmet's headers, worked out once at start-up. They depend on nothing in the request, and
 * @fastify/helmet built Helmet's middleware again for every request (6-8% of the CPU of the
 * hottest reads in `npm run bench`).
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return headers;
}

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders();
  // Helmet removes X-Powered-By; Fastify never sends it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
