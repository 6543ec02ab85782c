/**
 * The pages the server sends name each screen's code from the real build (server/plugins/
 * web-page.ts, web/app/screen-modules.ts): a renamed or moved screen module would otherwise drop
 * out of the page silently and the app would only load slower.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_SOURCES } from '../web/app/screen-modules';
import { type E2EBrowser, launchBrowser } from './support/browser';
import { createUsersAsKing, kingCredentials, registerClient, signIn } from './support/users';

const MANIFEST = path.resolve(import.meta.dirname, '../dist/web/.vite/manifest.json');
let browser: E2EBrowser;
let manifest: Record<string, { file: string; imports?: string[] }>;
const contexts: APIRequestContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as typeof manifest;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.dispose()));
  await browser?.close();
});

/** The scripts a page preloads, as built file names. */
async function preloads(url: string, who?: { username: string; password: string }) {
  const context = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  contexts.push(context);
  if (who) {
    const login = await context.post('/api/auth/login', { data: who });
    expect(login.status()).toBe(200);
  }
  const page = await context.get(url);
  expect(page.status()).toBe(200);
  const html = await page.text();
  // A signed-in dashboard is drawn by the server, any other page is not.
  expect(html.includes('id="vw-boot"')).toBe(Boolean(who) && url === '/dashboard');
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map(
    (m) => m[1],
  );
}

const fileOf = (source: string) => manifest[source]?.file;

describe("each page names its screen's code", () => {
  it('the build has a chunk for every screen module the server and router name', () => {
    for (const source of Object.values(SCREEN_SOURCES)) {
      expect(fileOf(source), source).toMatch(/^assets\/.+\.js$/);
    }
  });

  it("no dashboard's first screen holds the video card's dialogs: they load on first use", () => {
    const loadedFirst = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) loadedFirst(next, seen);
      return seen;
    };
    const dialogs = [
      'components/videos/mark-posted-dialog.tsx',
      'components/videos/send-back-dialog.tsx',
    ];
    for (const dialog of dialogs) expect(fileOf(dialog), dialog).toMatch(/^assets\/.+\.js$/);
    const dashboards = [
      'clientDashboard',
      'editorDashboard',
      'leadDashboard',
      'teamLeadDashboard',
    ] as const;
    for (const screen of dashboards) {
      const source = SCREEN_SOURCES[screen];
      const first = loadedFirst(source);
      expect(first.size, source).toBeGreaterThan(1);
      for (const dialog of dialogs) expect(first.has(dialog), `${source}: ${dialog}`).toBe(false);
    }
  });

  it('the landing page names no screen; the login page names the shell and the login screen', async () => {
    // Only what index.html itself preloads (the entry's own imports), no screen.
    const landing = await preloads('/');
    for (const source of Object.values(SCREEN_SOURCES)) {
      expect(landing).not.toContain(fileOf(source));
    }
    const login = await preloads('/login');
    expect(login).toContain(fileOf(SCREEN_SOURCES.shell));
    expect(login).toContain(fileOf(SCREEN_SOURCES.login));
    expect(login).not.toContain(fileOf(SCREEN_SOURCES.dashboard));
  });

  it('a signed-in /dashboard comes drawn (ADR 0009) and names no screen script: the app asks for them', async () => {
    const client = await registerClient(browser);
    const [teamLead] = await createUsersAsKing(browser, ['client_team_lead']);
    for (const who of [client, teamLead, kingCredentials(browser)]) {
      const named = await preloads('/dashboard', who);
      for (const source of Object.values(SCREEN_SOURCES)) {
        expect(named).not.toContain(fileOf(source));
      }
    }
    // What each dashboard draws: browser suite e2e/first-paint.e2e.ts.
  });

  // Issue 47 (ADR 0009, addendum): the page names the app's and the screen's files, each after
  // its imports; the app appends their preload links a few at a time (all in one task was the
  // longest task after the first paint on a slow phone) and then runs them one a task.
  it('a drawn dashboard fetches each file it names once, a few at a time, and hydrates', async () => {
    const client = await registerClient(browser);
    const page = await browser.newPage();
    await signIn(browser, page, client);
    await page.addInitScript(() => {
      const batches: string[][] = [];
      (window as unknown as { vwBatches: string[][] }).vwBatches = batches;
      new MutationObserver((records) => {
        const links = records
          .flatMap((r) => [...r.addedNodes])
          .filter((n) => n instanceof HTMLLinkElement && n.rel === 'modulepreload')
          .map((link) => (link as HTMLLinkElement).getAttribute('href') ?? '');
        if (links.length > 0) batches.push(links);
      }).observe(document, { childList: true, subtree: true });
    });
    const started: string[] = [];
    page.on('request', (r) => started.push(new URL(r.url()).pathname));
    const response = await page.goto('/dashboard');
    const html = (await response?.text()) ?? '';
    const named = JSON.parse(
      /<script type="application\/json" id="vw-chunks">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]',
    ) as string[];
    expect(named).toContain(`/${fileOf(SCREEN_SOURCES.clientDashboard)}`);
    expect(named).toContain(`/${fileOf(SCREEN_SOURCES.shell)}`);
    await page.locator('html[data-hydrated]').waitFor();
    // Every named file asked for once (the preload and the import share one fetch).
    for (const file of named)
      expect(
        started.filter((url) => url === file),
        file,
      ).toHaveLength(1);
    // The index.html's own preloads, then the app's: none of them all at once.
    const sent = [...html.matchAll(/rel="modulepreload"[^>]*>/g)].length;
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(sent + named.length);
    // index.html's own preload comes with the page; the app's come a few a task.
    const batches = (
      await page.evaluate(() => (window as unknown as { vwBatches: string[][] }).vwBatches)
    ).map((batch) => batch.filter((href) => named.includes(href)));
    expect(batches.flat().sort()).toEqual([...named].sort());
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(8);
    browser.expectNoConsoleErrors();
  });

  // ADR 0009, addendum: neither changes the first screen, and opening them in the effects that
  // hydration runs made those tasks longer on a slow phone: they wait for the browser's idle time.
  it('a drawn dashboard opens its socket and asks for overdue notices in idle time', async () => {
    const client = await registerClient(browser);
    const page = await browser.newPage();
    await signIn(browser, page, client);
    await page.addInitScript(() => {
      const seen: Record<string, string> = {};
      (window as unknown as { vwSeen: typeof seen }).vwSeen = seen;
      let idle = false;
      const realIdle = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (callback, options) =>
        realIdle((deadline) => {
          idle = true;
          try {
            callback(deadline);
          } finally {
            idle = false;
          }
        }, options);
      const when = () => (idle ? 'idle' : 'busy');
      const RealSocket = window.WebSocket;
      window.WebSocket = class extends RealSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          seen.socket ??= when();
        }
      };
      const realFetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input).includes('/api/notifications/check-delayed')) seen.overdue ??= when();
        return realFetch(input, init);
      };
    });
    await page.goto('/dashboard');
    expect(await page.locator('#vw-boot').count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { vwSeen: object }).vwSeen))
      .toEqual({ socket: 'idle', overdue: 'idle' });
    browser.expectNoConsoleErrors();
  });
});
