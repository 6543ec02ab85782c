/**
 * The server's drawing of a signed-in screen (ADR 0009): the app's own components, rendered in
 * Node by React's server renderer from the API's answers for the request's own session, so a
 * phone paints the real first screen from the HTML and the browser then hydrates it
 * (web/main.tsx) with the same answers (web/app/boot.ts). Built by `vite build` into
 * dist/ssr/server-render.js and called by server/plugins/web.ts.
 *
 * The screen's reads are found by drawing it: each pass draws the page, fetches the queries the
 * drawing asked for (through `get`, the server's own API with the request's cookie, so the
 * API's rules decide what the user sees), and draws again with their answers, until a drawing
 * asks for nothing new. A read the API refuses or that fails gives no page: the browser then
 * draws the screen itself, as it would without this.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate } from 'node:timers/promises';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Preferences } from '@domain/preferences';
import type { PublicUser } from '@domain/user';
import { setServerTransport, tagOf } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { bootScript } from './boot';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { loadScreen } from './lazy-screen';
import { screenModulesFor } from './screen-modules';

/** A GET of the server's own API, with the page request's cookie unless `guest`. */
type Get = (url: string, options?: { guest?: boolean }) => Promise<Response>;

export interface DrawRequest {
  /** The address as asked, with its query string. */
  url: string;
  /** The session's user, as GET /api/auth/me answers it; null for a guest's page. */
  user: PublicUser | null;
  /** The screen width to draw for, in CSS pixels. */
  width: number;
  /** The user's preferences, as far as the request tells them (domain/preferences.ts). */
  preferences: Preferences;
  /** A GET of the server's own API as the request's session. */
  get: Get;
}

export interface Drawn {
  /** The screen's markup, for inside #root. */
  html: string;
  /** The script element with what the browser hydrates with. */
  boot: string;
}

/** Each render of a page reads through its own request's session, never another's. */
const reads = new AsyncLocalStorage<Get>();
setServerTransport(() => {
  const get = reads.getStore();
  if (!get) return undefined;
  return (url, init) =>
    (init.method ?? 'GET') === 'GET'
      ? get(url, { guest: init.credentials === 'omit' })
      : Promise.reject(new Error('A page drawn on the server only reads'));
});

/**
 * A pass draws what the last one fetched or loaded; a deeper chain than this gives up (the
 * client dashboard takes 3 once the server is warm).
 */
const MAX_PASSES = 8;

/** Draws the page once; null when a part of it was still loading (a fallback in its place). */
function render(request: DrawRequest, client: QueryClient, drawnAt: number): string | null {
  const html = renderToString(
    <StrictMode>
      <AppProvider
        client={client}
        checkedUser={request.user}
        drawnWidth={request.width}
        drawnAt={drawnAt}
        drawnPreferences={request.preferences}
      >
        <StaticRouter location={request.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  // A boundary drawn as its fallback: a lazy part whose code was still being loaded.
  return html.includes('<!--$!-->') || html.includes('<!--$?-->') ? null : html;
}

/** The tags of the answers read so far, by query hash (they do not survive dehydrating). */
function keepTags(client: QueryClient, tags: Record<string, string>) {
  for (const query of client.getQueryCache().getAll()) {
    const tag = tagOf(query.state.data);
    if (tag) tags[query.queryHash] = tag;
  }
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** The page's first screen drawn for `request.user`, or null when it cannot be drawn here. */
export async function drawPage(request: DrawRequest): Promise<Drawn | null> {
  const pathname = new URL(request.url, 'http://page').pathname;
  await Promise.all(screenModulesFor(pathname, request.user?.role ?? null).map(loadScreen));
  let answers: DehydratedState | null = null;
  const tags: Record<string, string> = {};
  // Every pass, and the browser's hydration, tell the time from one moment (web/lib/clock.ts).
  const drawnAt = Date.now();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    // A new client per pass, so each query is made with the options of this drawing (a query's
    // options are those it was first made with: `enabled` may have changed since).
    const client = createQueryClient();
    // Answers fetched for this page are fresh, as in the browser's hydration (main.tsx): drawn
    // without the 'fetching' state (a Refresh button's spinner) a stale answer would show.
    const defaults = client.getDefaultOptions();
    client.setDefaultOptions({
      ...defaults,
      queries: { ...defaults.queries, refetchOnMount: false },
    });
    if (answers) hydrate(client, answers);
    const html = render(request, client, drawnAt);
    const asked = client
      .getQueryCache()
      .getAll()
      .filter(
        (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q),
      );
    if (html !== null && asked.length === 0) {
      const state = bootScript({
        user: request.user,
        queries: dehydrate(client),
        width: request.width,
        drawnAt,
        preferences: request.preferences,
        tags,
      });
      return { html, boot: state };
    }
    await reads.run(request.get, () => Promise.all(asked.map((q) => q.fetch().catch(() => null))));
    if (asked.some((q) => q.state.status !== 'success')) return null;
    keepTags(client, tags);
    // The lazy parts this drawing started load in a moment (their modules are here).
    if (html === null) await setImmediate();
    answers = dehydrate(client);
  }
  return null;
}
