/**
 * Issue 15, finding 1, in the browser: a client with a 2 MB avatar writes 200 comments; a lead
 * editor opens the video. The thread arrives in well under 200 KB (it carries avatar URLs, not
 * images), the browser fetches the picture once, and every comment shows it. Screenshots of the
 * comments panel at 1280 and 390 px land in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { apiAs } from './support/api';
import { createVideo, postComment } from './support/notifications';
import { makeHeavyPng } from './support/png';
import { visible } from './support/screen';
import { createUsersAsKing, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const COMMENTS = 200;

let browser: E2EBrowser;
let page: Page;
let client: TestUser;
let lead: TestUser;
let clientApi: APIRequestContext;
let video: { id: string; name: string };
let avatarBytes: number;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage(DESKTOP);
  [client, lead] = await createUsersAsKing(browser, ['client', 'lead_editor']);
  clientApi = await apiAs(browser, client);
  const png = makeHeavyPng();
  avatarBytes = png.length;
  const upload = await clientApi.post('/api/users/avatar', {
    data: { imageData: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(upload.status()).toBe(200);
  video = await createVideo(clientApi, {
    name: `Long thread ${client.username.slice(-6)}`,
    link: 'https://youtu.be/dQw4w9WgXcQ',
  });
  for (let i = 1; i <= COMMENTS; i++) {
    await postComment(
      clientApi,
      video.id,
      `Note ${i}: the cut at 0:${String(i % 60).padStart(2, '0')}`,
    );
  }
}, 180_000);
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await clientApi?.dispose();
  await browser?.close();
});

/** The lead editor opens the video: its comments panel, expanded. */
async function openThread() {
  await signIn(browser, page, lead);
  await page.goto(`/dashboard?video=${video.id}`);
  const panel = page
    .getByRole('dialog', { name: 'Edit Video Details' })
    .getByRole('region', { name: 'Comments' });
  await visible(panel);
  const toggle = panel.getByRole('button', { name: /^Comments/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return panel;
}

describe('a long thread by someone with a 2 MB avatar', () => {
  it('arrives in under 200 KB and shows the avatar on every comment', async () => {
    expect(avatarBytes).toBeGreaterThan(1.9 * 1024 * 1024);
    const threadSizes: number[] = [];
    const avatarLoads: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === `/api/videos/${video.id}/comments`) {
        void response.body().then((body) => threadSizes.push(body.length));
      }
      // The commenter's picture (the lead's other screens may show other people's).
      if (url.pathname === `/api/users/${client.id}/avatar`) avatarLoads.push(url.href);
    });
    const panel = await openThread();
    const comments = panel.getByRole('article', { name: `Comment by ${client.name}` });
    await visible(comments.first());
    await page.waitForFunction(
      (n) => document.querySelectorAll('section[aria-label="Comments"] article').length >= n,
      COMMENTS,
    );
    expect(threadSizes.length).toBeGreaterThan(0);
    for (const size of threadSizes) expect(size).toBeLessThan(200 * 1024);

    // Every comment's avatar is the picture (loaded and drawn), not the initial letter.
    const avatars = panel.locator('article img');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('section[aria-label="Comments"] article img')]
        .slice(0, 5)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    expect(await avatars.count()).toBe(COMMENTS);
    const drawn = await avatars.first().evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(drawn).toBe(800);
    // The same URL for all 200: the browser fetched the image once.
    expect(new Set(avatarLoads).size).toBe(1);
    expect(avatarLoads.length).toBe(1);

    await comments.last().scrollIntoViewIfNeeded();
    await comments.first().scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${ARTIFACTS}/avatars-comments-desktop.png` });
  });

  it('shows them at 390 px too', async () => {
    await page.setViewportSize(PHONE);
    const panel = await openThread();
    await panel.getByRole('article').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/avatars-comments-phone.png` });
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize(DESKTOP);
  });
});
