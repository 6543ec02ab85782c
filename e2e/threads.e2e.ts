/**
 * Threads (issue 45 part 4): client A's note on their video; editor B (assigned to A), in a
 * browser of their own, answers it from the video dialog by keyboard (the Reply button, the
 * composer, Ctrl+Enter). A, with the same video open in another browser, sees B's reply arrive
 * and the bell ring without a reload, answers in the thread, and B's bell rings in turn. Past
 * three replies the thread collapses ("Show N more replies") and opens on demand. Screenshots of
 * the thread at 1440 and 390 px land in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '@domain/comments';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, answer, withApiAs } from './support/api';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { assign } from './support/lead';
import { createVideo, postComment } from './support/notifications';
import { seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const WIDE = { width: 1440, height: 900 };

let browserA: E2EBrowser;
let browserB: E2EBrowser;
let client: TestUser;
let editor: TestUser;
let clientApi: APIRequestContext;
let video: { id: string; name: string };
let note: { id: string };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  // Two browsers, two people: each its own cookies, socket and bell.
  [browserA, browserB] = await Promise.all([launchBrowser(), launchBrowser()]);
  [client, editor] = await createUsersAsKing(browserA, ['client', 'editor']);
  await withApiAs(browserA, kingCredentials(browserA), (king) =>
    assign(king, client.id, editor.id),
  );
  clientApi = await apiAs(browserA, client);
  video = await createVideo(clientApi, {
    name: `Thread promo ${client.username.slice(-6)}`,
    link: 'https://youtu.be/dQw4w9WgXcQ',
  });
  note = await postComment(clientApi, video.id, 'The logo is too small in the intro');
  // What came before (the assignment, the video, the note) is read: the bells start quiet.
  for (const [browser, who] of [
    [browserA, client],
    [browserB, editor],
  ] as const) {
    await withApiAs(browser, who, async (api) => {
      expect((await api.post('/api/notifications/mark-all-read')).status()).toBe(200);
    });
  }
});
afterAll(async () => {
  await clientApi?.dispose();
  await Promise.all([browserA?.close(), browserB?.close()]);
});

/** Signs `who` in and opens the video's dialog, its socket open before anything is sent. */
async function openVideo(browser: E2EBrowser, who: TestUser, viewport = DESKTOP) {
  const page = await browser.newPage(viewport);
  await signIn(browser, page, who);
  let connected!: () => void;
  const heard = new Promise<void>((resolve) => (connected = resolve));
  page.on('websocket', (socket) => socket.on('framereceived', () => connected()));
  await page.goto(`/dashboard?video=${video.id}`);
  await visible(threadOf(page, 'The logo is too small'));
  await heard;
  return page;
}

const comments = (page: Page) => page.getByRole('region', { name: 'Comments' });
/** The thread (the list item) whose first comment says `text`. */
const threadOf = (page: Page, text: string) =>
  comments(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('article', { name: /^Comment by/ }).filter({ hasText: text }) });
const replies = (page: Page) => comments(page).getByRole('article', { name: /^Reply by/ });
/** The bell's unread badge (the bell's button may be hidden from the accessibility tree under the dialog). */
const badge = (page: Page) => page.getByTestId('notification-badge');

describe('a thread', () => {
  let pageA: Page;
  let pageB: Page;

  it("B replies by keyboard; A's open dialog shows it and A's bell rings, live", async () => {
    [pageA, pageB] = await Promise.all([openVideo(browserA, client), openVideo(browserB, editor)]);
    await pageA.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // B: Reply, by keyboard.
    const reply = pageB.getByRole('button', { name: `Reply to ${client.name}` });
    await reply.focus();
    await pageB.keyboard.press('Enter');
    const field = pageB.getByRole('textbox', { name: `Reply to ${client.name}` });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await pageB.keyboard.type('Bigger by a third?');
    await pageB.keyboard.press('Control+Enter');
    await seeToast(pageB, COMMENT_MESSAGES.replyAdded);
    await visible(replies(pageB).filter({ hasText: 'Bigger by a third?' }));
    // The composer is put away, the focus back on the Reply button.
    await field.waitFor({ state: 'detached' });
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);

    // A: the bell and the thread, with no reload.
    await expect.poll(() => badge(pageA).textContent()).toBe('1');
    await visible(replies(pageA).filter({ hasText: 'Bigger by a third?' }));
    expect(await pageA.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  it("A answers in the thread and B's bell rings", async () => {
    await pageA.getByRole('button', { name: `Reply to ${client.name}` }).click();
    await pageA.getByRole('textbox', { name: `Reply to ${client.name}` }).fill('Yes, and brighter');
    await pageA.getByRole('button', { name: 'Reply', exact: true }).click();
    await seeToast(pageA, COMMENT_MESSAGES.replyAdded);
    await expect.poll(() => badge(pageB).textContent()).toBe('1');
    await visible(replies(pageB).filter({ hasText: 'Yes, and brighter' }));
    // The notice says it is a reply.
    await withApiAs(browserB, editor, async (api) => {
      const list = await answer<{ type: string; message: string }[]>(
        'GET /api/notifications',
        await api.get('/api/notifications'),
      );
      expect(list[0]).toMatchObject({ type: 'reply' });
      expect(list[0]!.message).toContain('replied in a thread');
    });
  });

  it('collapses past three replies and opens on demand', async () => {
    for (const text of ['Third reply', 'Fourth reply', 'Fifth reply']) {
      await answer(
        'POST reply',
        await clientApi.post(`/api/videos/${video.id}/comments`, {
          data: { content: text, parentId: note.id },
        }),
        201,
      );
    }
    // The newest three show; the two before them wait behind a button.
    const more = pageB.getByRole('button', { name: 'Show 2 more replies' });
    await visible(more);
    await expect.poll(() => replies(pageB).count()).toBe(3);
    await visible(replies(pageB).filter({ hasText: 'Fifth reply' }));
    await pageB.setViewportSize(WIDE);
    await threadOf(pageB, 'The logo is too small').scrollIntoViewIfNeeded();
    await pageB.screenshot({ path: `${ARTIFACTS}/threads-1440.png` });
    await more.click();
    await expect.poll(() => replies(pageB).count()).toBe(5);
    await visible(replies(pageB).filter({ hasText: 'Bigger by a third?' }));
    // The open thread, all five replies shown: axe finds nothing serious or critical.
    await expectNoSeriousA11yViolations(pageB);
  });

  it('marks the thread done as a whole, from its first comment only', async () => {
    const thread = threadOf(pageB, 'The logo is too small');
    await thread.getByRole('button', { name: `Mark note by ${client.name} done` }).click();
    await seeToast(pageB, COMMENT_MESSAGES.markedDone);
    await visible(thread.getByText('Done', { exact: true }));
    // No reply offers a done toggle of its own.
    expect(await thread.getByRole('button', { name: /^Mark note by .* done$/ }).count()).toBe(0);
    expect(await thread.getByRole('button', { name: /^Reopen note by/ }).count()).toBe(1);
  });

  it('reads on a phone', async () => {
    await pageB.setViewportSize(PHONE);
    await pageB.reload();
    await threadOf(pageB, 'The logo is too small').scrollIntoViewIfNeeded();
    await visible(pageB.getByRole('button', { name: 'Show 2 more replies' }));
    await pageB.screenshot({ path: `${ARTIFACTS}/threads-390.png` });
    browserA.expectNoConsoleErrors();
    browserB.expectNoConsoleErrors();
  });
});
