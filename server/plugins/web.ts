import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWebPages } from './web-page';

/**
 * Serves the built web app with an SPA fallback: any unknown GET that is not under /api/
 * gets index.html; an unknown /api/* stays a JSON 404.
 */
export const web = fp(async (app: FastifyInstance, opts: { root: string | null }) => {
  const root = opts.root && existsSync(path.join(opts.root, 'index.html')) ? opts.root : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts); they are sent to browsers
      // that accept them, the plain file to the rest.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fetched fresh.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const pages = root ? createWebPages(root) : null;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && pages && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = request.url.split('?')[0] ?? '/';
      return (
        reply
          .header('cache-control', 'no-cache')
          // The page names the signed-in user's dashboard code (web-page.ts).
          .header('vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(pages.pageFor(pathname, request.user?.role ?? null))
      );
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
