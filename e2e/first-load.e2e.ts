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
import { createUsersAsKing, kingCredentials, registerClient } from './support/users';

const MANIFEST = path.resolve(import.meta.dirname, '../dist/web/.vite/manifest.json');
let browser: E2EBrowser;
let manifest: Record<string, { file: string }>;
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
});
