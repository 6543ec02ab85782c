/** Videos and assignments for the dashboard journeys, made through the API as their owners would. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import type { E2EBrowser } from './browser';
import { kingCredentials, type Credentials } from './users';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** A request context signed in as `who`, with the app's Origin on unsafe calls. */
export async function apiAs(browser: E2EBrowser, who: Credentials): Promise<APIRequestContext> {
  const context = await request.newContext({
    baseURL: browser.baseUrl,
    extraHTTPHeaders: { origin: new URL(browser.baseUrl).origin },
  });
  const login = await context.post('/api/auth/login', { data: who });
  if (login.status() !== 200) {
    await context.dispose();
    throw new Error(`POST /api/auth/login answered ${login.status()}: ${await login.text()}`);
  }
  return context;
}

/** The king assigns an editor to a client (POST /api/assignments). */
export async function assignEditor(
  browser: E2EBrowser,
  clientId: string,
  editorId: string,
): Promise<void> {
  const king = await apiAs(browser, kingCredentials(browser));
  try {
    const response = await king.post('/api/assignments', { data: { clientId, editorId } });
    if (response.status() !== 201) {
      throw new Error(
        `POST /api/assignments answered ${response.status()}: ${await response.text()}`,
      );
    }
  } finally {
    await king.dispose();
  }
}

export interface CreatedVideo {
  id: string;
  name: string;
  status: string;
  ordinal: string;
}

/** Creates a video as `who` (POST /api/videos). */
export async function createVideoAs(
  browser: E2EBrowser,
  who: Credentials,
  body: { name: string; link?: string; type?: string; status?: string; targetUserId?: string },
): Promise<CreatedVideo> {
  const api = await apiAs(browser, who);
  try {
    const response = await api.post('/api/videos', {
      data: { link: 'https://vimeo.com/123456', ...body },
    });
    if (response.status() !== 201) {
      throw new Error(`POST /api/videos answered ${response.status()}: ${await response.text()}`);
    }
    return (await response.json()) as CreatedVideo;
  } finally {
    await api.dispose();
  }
}

/**
 * Saves a PNG as e2e/artifacts/{name}.png (git-ignored) and returns its path. Phone-width
 * pictures show the viewport, as a phone does (a full-page shot would draw the fixed bottom
 * bar in the middle of the list).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  // Let entrance animations finish so the picture shows the settled screen.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: file, fullPage: (page.viewportSize()?.width ?? 0) >= 768 });
  return file;
}
