/**
 * Delivery held until paid (issue 44 part 3, docs/rules.md#delivery): the king makes a client
 * "deliver when paid"; the editor sets the delivery link in the video dialog (toast, Undo); the
 * client opens the video and reads the lock, and the page the server draws for it holds no link;
 * the king marks the video paid; the client's bell rings over the socket with no reload and the
 * dialog shows "Download / open delivery" with the link. Screenshots at 1440 and 390 px land in
 * e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@domain/delivery';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, withApiAs } from './support/api';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { booksApi, type BooksApi } from './support/invoicing';
import { assign } from './support/lead';
import { seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const WIDE = { width: 1440, height: 900 };
const LINK = `https://drive.example.com/masters/final-${Date.now()}`;

let browser: E2EBrowser;
let books: BooksApi;
let client: TestUser;
let editor: TestUser;
let videoId: string;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  books = await booksApi(browser);
  [client, editor] = await createUsersAsKing(browser, ['client', 'editor']);
  await withApiAs(browser, kingCredentials(browser), async (king) => {
    await assign(king, client.id, editor.id);
    await answer(
      'PUT /api/admin/clients/{id}/billing',
      await king.put(`/api/admin/clients/${client.id}/billing`, {
        data: { deliveryMode: 'when_paid' },
      }),
    );
  });
  videoId = (
    await books.createVideo(client.id, {
      name: `Launch film ${client.username.slice(-6)}`,
      type: 'action-reel',
      status: 'ready_to_post',
    })
  ).id;
  await books.setStatus(videoId, 'posted');
});
afterAll(async () => {
  await books?.dispose();
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${ARTIFACTS}/delivery-${name}.png`, fullPage: false });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Video Details' });

describe('a "deliver when paid" client', () => {
  it('the editor sets the delivery link in the video dialog, with Undo', async () => {
    const page = await browser.newPage(WIDE);
    await signIn(browser, page, editor);
    await page.goto(`/dashboard?video=${videoId}`);
    const field = dialog(page).getByRole('textbox', { name: 'Delivery link' });
    await visible(field);
    await field.fill(LINK);
    await dialog(page).getByRole('button', { name: 'Set delivery link' }).click();
    await seeToast(page, DELIVERY_MESSAGES.saved, LINK);
    await shot(page, 'editor-1440');
    await page.getByRole('alert').getByRole('button', { name: 'Undo' }).click();
    await seeToast(page, DELIVERY_MESSAGES.restored);
    await expect.poll(() => field.inputValue()).toBe('');
    await field.fill(LINK);
    await dialog(page).getByRole('button', { name: 'Set delivery link' }).click();
    await seeToast(page, DELIVERY_MESSAGES.saved, LINK);
    browser.expectNoConsoleErrors();
  });

  it('sees the lock until the king marks the video paid; the bell rings and the link appears', async () => {
    // A quiet bell: the notices of the video's moves are read, so it counts only the unlock.
    await withApiAs(browser, client, async (api) => {
      expect((await api.post('/api/notifications/mark-all-read')).status()).toBe(200);
    });
    const page = await browser.newPage(WIDE);
    await signIn(browser, page, client);
    // The page the server draws for the client holds no link.
    const drawn = await page.request.get('/dashboard');
    expect(drawn.status()).toBe(200);
    expect(await drawn.text()).not.toContain(LINK);
    let connected!: () => void;
    const heard = new Promise<void>((resolve) => (connected = resolve));
    page.on('websocket', (socket) => socket.on('framereceived', () => connected()));
    await page.goto(`/dashboard?video=${videoId}`);
    const lock = dialog(page).getByText(DELIVERY_MESSAGES.lockedUntilPaid);
    await visible(lock);
    expect(await page.content()).not.toContain(LINK);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'client-locked-1440');
    await heard;

    await books.markPaid([videoId]);
    // Well inside the two-minute poll: only the socket brings it this fast.
    await page
      .getByRole('button', { name: 'Notifications, 1 unread', exact: true })
      .waitFor({ state: 'visible', timeout: 10_000 });
    const open = dialog(page).getByRole('link', { name: DELIVERY_MESSAGES.openButton });
    await visible(open);
    expect(await open.getAttribute('href')).toBe(LINK);
    await shot(page, 'client-unlocked-1440');
    const after = await page.request.get('/dashboard');
    expect(await after.text()).toContain(LINK);

    const phone = await browser.newPage(PHONE);
    await phone.goto(`/dashboard?video=${videoId}`);
    await visible(dialog(phone).getByRole('link', { name: DELIVERY_MESSAGES.openButton }));
    await shot(phone, 'client-unlocked-390');
    browser.expectNoConsoleErrors();
  });
});
