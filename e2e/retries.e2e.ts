/**
 * Issue 38, item 6: a retried create never duplicates. The web app sends one Idempotency-Key per
 * submitted form (web/lib/idempotency.ts). Here the client's first Add Video reaches the server,
 * which creates the video, but the answer is lost on the way back (a proxy's 504 after its
 * timeout, as issue 38 saw under a CPU shortage); the client clicks Add Video again. The retry
 * carries the same key, the server answers with the first answer, and there is one video.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer, withApiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser } from './support/browser';
import { seeToast, visible } from './support/screen';
import { registerClient, signIn, type TestUser } from './support/users';
import { screenshot } from './support/videos';

let browser: E2EBrowser;
let page: Page;
let client: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  client = await registerClient(browser, { name: 'Rita Retry' });
  await signIn(browser, page, client);
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await screenshot(page, `failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('a create whose answer was lost', () => {
  it('clicked again, sends the same Idempotency-Key and makes one video', async () => {
    const name = 'Spring launch retry';
    const keys: (string | undefined)[] = [];
    let lost = 0;
    const creates = (url: URL) => url.pathname === '/api/videos';
    await page.route(creates, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key']);
      if (lost > 0) return route.continue();
      lost++;
      // The server gets the call and creates the video; its answer never reaches the page.
      await route.fetch();
      return route.fulfill({ status: 504, contentType: 'text/html', body: 'Gateway Time-out' });
    });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Video' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Video' });
    await visible(add);
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Video link').fill('youtu.be/abcdefghijk');
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Add failed');
    // The form is still there, as filled: the person tries again.
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await add.waitFor({ state: 'hidden' });
    await page.unroute(creates);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[1]).toBe(keys[0]);
    const mine = await withApiAs(browser, client, async (api) =>
      answer<{ name: string }[]>('GET /api/videos', await api.get('/api/videos')),
    );
    expect(mine.filter((v) => v.name === name)).toHaveLength(1);
    await expect.poll(() => page.getByRole('article', { name, exact: true }).count()).toBe(1);
    browser.expectNoConsoleErrors({ refused: [{ status: 504, pathname: '/api/videos' }] });
  });
});
