import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_PREFERENCES,
  DRAWN_PREFERENCES_COOKIE,
  preferencesFromCookie,
} from '@domain/preferences';
import type { PublicUser } from '@domain/user';
import type { drawPage } from '../../web/app/server-render';
import { screenModulesFor } from '../../web/app/screen-modules';
import { createWebPages } from './web-page';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A drawn page compressed as the browser accepts (the built files come compressed already,
 * vite.config.ts): its tens of kilobytes of markup cross a phone's network at a fifth.
 */
async function compressed(request: FastifyRequest, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepts))
    return { body: await gzipAsync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}

/** The addresses whose first screen the server draws for a signed-in user (ADR 0009). */
const DRAWN_PATHS = new Set(['/dashboard', '/dashboard/']);

/**
 * Whether the server draws the address's first screen for anyone, as a guest (no session, no
 * cookie sent to the API): the review page a review link opens (issue 47), as the route table
 * names it.
 */
const drawnForGuests = (pathname: string) => screenModulesFor(pathname).includes('review');

/**
 * The width the server draws for: a phone's when the browser says it is one (the
 * Sec-CH-UA-Mobile hint Chromium sends, or a phone's user agent), a laptop's otherwise. Only
 * Mantine's breakpoints (640 px and up) tell widths apart, so any phone and any laptop draw
 * alike; a wrong guess is put right by the browser just after hydration.
 */
export function drawnWidthOf(request: FastifyRequest): number {
  const mobile =
    request.headers['sec-ch-ua-mobile'] === '?1' ||
    /\b(Mobi|Android|iPhone|iPod)\b/.test(request.headers['user-agent'] ?? '');
  return mobile ? 390 : 1280;
}

/**
 * Serves the built web app with an SPA fallback: any unknown GET that is not under /api/
 * gets index.html; an unknown /api/* stays a JSON 404. A signed-in user's dashboard comes drawn
 * (dist/ssr, built beside dist/web): the server renders its first screen from the API's answers
 * to that user's own session, and the browser hydrates it.
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
  const rendererFile = root ? path.join(path.dirname(root), 'ssr', 'server-render.js') : null;
  let renderer: Promise<typeof drawPage | null> | null = null;
  const loadRenderer = () => {
    renderer ??=
      rendererFile && existsSync(rendererFile)
        ? (import(pathToFileURL(rendererFile).href) as Promise<{ drawPage: typeof drawPage }>)
            .then((m) => m.drawPage)
            .catch((err: unknown) => {
              app.log.error(
                { err },
                'the server renderer could not be loaded; pages are drawn by the browser',
              );
              return null;
            })
        : Promise.resolve(null);
    return renderer;
  };

  /**
   * A GET of this server's API as the page request's session (its cookie, nothing else), or as
   * a guest (no cookie at all).
   */
  const getAs = (request: FastifyRequest) => async (url: string, options?: { guest?: boolean }) => {
    const cookie = options?.guest ? undefined : request.headers.cookie;
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
    });
    return new Response(res.statusCode === 204 ? null : res.payload, {
      status: res.statusCode,
      headers: {
        'content-type': String(res.headers['content-type'] ?? 'application/json'),
        // The answer's tag, handed to the browser with the page (docs/decisions/0013-...).
        ...(res.headers.etag ? { etag: String(res.headers.etag) } : {}),
      },
    });
  };

  /**
   * The drawn page of `pathname` for the session's user (or, on a guest's page, for nobody), or
   * null to send the usual page.
   */
  async function drawn(request: FastifyRequest, pathname: string): Promise<string | null> {
    const guest = drawnForGuests(pathname);
    if (!pages || (!guest && (!request.user || !DRAWN_PATHS.has(pathname)))) return null;
    const draw = await loadRenderer();
    if (!draw) return null;
    try {
      const asSession = getAs(request);
      const get: typeof asSession = guest ? (url) => asSession(url, { guest: true }) : asSession;
      let user: PublicUser | null = null;
      if (!guest) {
        // The user as the API shows it to itself, read with the same cookie as everything drawn.
        const me = await get('/api/auth/me');
        if (!me.ok) return null;
        user = (await me.json()) as PublicUser;
      }
      const page = await draw({
        url: request.url,
        user,
        width: drawnWidthOf(request),
        preferences: user
          ? preferencesFromCookie(request.cookies[DRAWN_PREFERENCES_COOKIE], user.id)
          : DEFAULT_PREFERENCES,
        get,
      });
      return page ? pages.drawnPageFor(pathname, user?.role ?? null, page) : null;
    } catch (err) {
      request.log.error({ err }, 'could not draw the page on the server; the browser draws it');
      return null;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && pages && (request.method === 'GET' || request.method === 'HEAD')) {
      const pathname = request.url.split('?')[0] ?? '/';
      const html = request.method === 'GET' ? await drawn(request, pathname) : null;
      reply.type('text/html; charset=utf-8');
      if (html) {
        const { body, encoding } = await compressed(request, html);
        if (encoding) reply.header('content-encoding', encoding);
        return (
          reply
            // A drawn page shows one user's data: no cache may keep it.
            .header('cache-control', 'private, no-store')
            .header('vary', 'Cookie, Accept-Encoding')
            .send(body)
        );
      }
      return (
        reply
          .header('cache-control', 'no-cache')
          // The page names the signed-in user's dashboard code (web-page.ts).
          .header('vary', 'Cookie')
          .send(pages.pageFor(pathname, request.user?.role ?? null))
      );
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
