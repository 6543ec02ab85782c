/** Videos and assignments for the dashboard journeys, made through the API as their owners would. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { answer, type Credentials, withApiAs } from './api';
import type { E2EBrowser } from './browser';
import { kingCredentials } from './users';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** The king assigns an editor to a client (POST /api/assignments). */
export async function assignEditor(
  browser: E2EBrowser,
  clientId: string,
  editorId: string,
): Promise<void> {
  await withApiAs(browser, kingCredentials(browser), async (king) =>
    answer(
      'POST /api/assignments',
      await king.post('/api/assignments', { data: { clientId, editorId } }),
      201,
    ),
  );
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
  body: {
    name: string;
    link?: string;
    type?: string;
    status?: string;
    targetUserId?: string;
    assignedEditorId?: string;
    dueDate?: string;
  },
): Promise<CreatedVideo> {
  return withApiAs(browser, who, async (api) =>
    answer<CreatedVideo>(
      'POST /api/videos',
      await api.post('/api/videos', { data: { link: 'https://vimeo.com/123456', ...body } }),
      201,
    ),
  );
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
