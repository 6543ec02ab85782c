/**
 * The client's and the editor's daily journeys on their dashboards (issue 5): adding, finding,
 * filtering, sorting, opening, editing and deleting videos; moving a video through every
 * status; assigning oneself; the editor's shortcuts; the phone layout; screenshots and axe.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@domain/publishing';
import { STATUS_LABELS } from '@domain/video-status';
import type { VideoView } from '@domain/videos';
import { MOVE_MESSAGES } from '@domain/workflow';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { makePng } from './support/png';
import {
  atPath,
  clickSwitch,
  closeToasts as closeToastsOn,
  seeHeading,
  seeText,
  seeToast,
  tileCount,
  visible,
} from './support/screen';
import { answer, withApiAs } from './support/api';
import { createUsersAsKing, registerClient, signIn, signOut, type TestUser } from './support/users';
import { assignEditor, createVideoAs, screenshot } from './support/videos';

let browser: E2EBrowser;
let page: Page;
let client: TestUser;
let otherClient: TestUser;
let editor: TestUser;

const ALPHA = 'Alpha teaser';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
// Each test has people of its own: a client with an assigned editor, and another client.
beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
  client = await registerClient(browser, { name: 'Dana Client' });
  otherClient = await registerClient(browser, { name: 'Olga Other' });
  [editor] = await createUsersAsKing(browser, ['editor']);
  await assignEditor(browser, client.id, editor!.id);
});
afterEach(async (context) => {
  // A failed step leaves a picture of the screen it failed on.
  if (context.task.result?.state === 'fail') {
    await screenshot(page, `failed-${context.task.name.replace(/[^a-z0-9]+/gi, '-')}`).catch(
      () => undefined,
    );
  }
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await browser?.close();
});

const cards = () => page.getByTestId('video-card');
const card = (name: string) => page.getByRole('article', { name, exact: true });
const dialog = (name: string) => page.getByRole('dialog', { name });
const cardNames = () =>
  cards().evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));

const closeToasts = () => closeToastsOn(page);

describe('a client', () => {
  const product = 'Product demo launch';

  beforeEach(async () => {
    await signOut(browser, page);
    await signIn(browser, page, client);
    await page.goto('/dashboard');
    // 'Welcome' while Dana has no videos (her first visit), 'Welcome back' once she has.
    await visible(page.getByRole('heading', { name: /^Welcome( back)?, Dana Client$/ }));
  });

  it('sees the header, an empty list and the assigned editor', async () => {
    await seeText(page, 'Video Management Dashboard');
    await visible(page.getByText(editor.name, { exact: true }));
    await seeHeading(page, 'No videos yet');
    await expect.poll(() => page.getByTestId('total-videos').textContent()).toBe('0 videos');
  });

  it('adds a video with every field from the header', async () => {
    await page.getByRole('button', { name: 'Add Video' }).click();
    const add = dialog('Add New Video');
    await visible(add);
    await add.getByLabel('Name').fill(product);
    await add.getByLabel('Type').selectOption('other');
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeText(page, 'Please enter a custom video type');
    await add.getByLabel('Custom type').fill('Product Demo');
    // A client's new video starts as draft: the agency moves it from there.
    expect(await add.getByLabel('Status').locator('option').allTextContents()).toEqual(['Draft']);
    await add.getByLabel('Description').fill('Launch video for the spring product.');
    await add.getByLabel('Due date').fill('2030-05-20');
    await add.getByLabel('Due time').fill('09:30');
    await add.getByLabel('Editor').selectOption({ label: editor.name });
    await add.getByLabel('Video link').fill('youtu.be/abcdefghijk');
    await expect
      .poll(() => add.getByTestId('normalized-link').textContent())
      .toBe('YouTube: https://www.youtube.com/watch?v=abcdefghijk');
    await screenshot(page, 'add-dialog-desktop');
    await expectNoSeriousA11yViolations(page);
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await add.waitFor({ state: 'hidden' });
    await visible(card(product));
    await expect.poll(() => page.getByTestId('total-videos').textContent()).toBe('1 video');
    const text = await card(product).textContent();
    expect(text).toContain('Product Demo');
    expect(text).toContain('Draft');
    // The client has no workflow button on a draft: only the details.
    expect(
      await card(product)
        .getByRole('button', { name: /: Product demo launch$/ })
        .count(),
    ).toBe(0);
    expect(text).toContain('YouTube');
    expect(text).toContain(`Editor: ${editor.name}`);
    await closeToasts();
  });

  it('finds it by search, filters and sorts', async () => {
    await createVideoAs(browser, client, { name: product, type: 'product-demo' });
    await createVideoAs(browser, client, { name: ALPHA, type: 'consultation' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await visible(card(ALPHA));
    await expect.poll(cardNames).toEqual([product, ALPHA]);

    const search = page.getByRole('combobox', { name: 'Search videos' });
    await search.click();
    await visible(page.getByRole('listbox', { name: 'Search suggestions' }));
    await search.fill('launch');
    await visible(page.getByRole('option', { name: /Product demo launch/ }));
    await expect.poll(cardNames).toEqual([product]);
    await search.fill('');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'In Progress (0)' }).click();
    await seeHeading(page, 'No videos found');
    await page.getByRole('button', { name: 'All Videos (2)' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('consultation');
    await expect.poll(cardNames).toEqual([ALPHA]);
    await page.getByLabel('Type', { exact: true }).selectOption('all');

    // A built-in preset sets status and type; a starred type becomes a quick filter.
    await page.getByRole('button', { name: 'Presets' }).click();
    await page.getByRole('menuitem', { name: 'Voice Over Queue' }).click();
    await expect
      .poll(() => page.getByLabel('Type', { exact: true }).inputValue())
      .toBe('voice-over');
    await seeHeading(page, 'No videos found');
    await page.getByLabel('Type', { exact: true }).selectOption('consultation');
    await page.getByRole('button', { name: /^All Videos/ }).click();
    await page.getByRole('button', { name: 'Add Consultation to favourite types' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('all');
    await page.getByRole('button', { name: 'Consultation', exact: true }).click();
    await expect.poll(cardNames).toEqual([ALPHA]);
    await page.getByRole('button', { name: 'Consultation', exact: true }).click();
    await expect.poll(cardNames).toEqual([product, ALPHA]);

    await page.getByLabel('Sort by').selectOption('name');
    await expect.poll(cardNames).toEqual([ALPHA, product]);
    await page.getByLabel('Sort by').selectOption('name-desc');
    await expect.poll(cardNames).toEqual([product, ALPHA]);
    await screenshot(page, 'client-dashboard-desktop');
    await expectNoSeriousA11yViolations(page);
  });

  it('opens it with ?video=, edits it and keeps other parameters on close', async () => {
    const { id: productId } = await createVideoAs(browser, client, {
      name: product,
      type: 'product-demo',
      // 09:30 on the machine's clock, which the browser shares.
      dueDate: new Date(2030, 4, 20, 9, 30).toISOString(),
    });
    await page.goto(`/dashboard?video=${productId}&comment=from-a-notification&keep=1`);
    const detail = dialog('Edit Video Details');
    await visible(detail);
    await expect.poll(() => detail.getByLabel('Name').inputValue()).toBe(product);
    expect(await detail.getByLabel('Due time').inputValue()).toBe('09:30');
    await visible(detail.getByText('Status history'));
    await screenshot(page, 'detail-dialog-desktop');
    await expectNoSeriousA11yViolations(page);

    await detail.getByLabel('Add a comment').fill('Looks great, ship it');
    await detail.getByRole('button', { name: 'Post comment' }).click();
    await seeToast(page, 'Comment added');
    await visible(detail.getByText('Looks great, ship it'));
    await closeToasts();

    // Nothing changed: Save just closes, and the other parameter stays.
    await detail.getByRole('button', { name: 'Save' }).click();
    await detail.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('?keep=1');

    await card(product).getByRole('button', { name: 'Details' }).click();
    await visible(detail);
    await detail.getByLabel('Video link').fill('mailto:someone');
    await detail.getByRole('button', { name: 'Open link' }).click();
    await seeToast(page, 'Invalid URL format');
    await detail.getByLabel('Video link').fill('https://vimeo.com/987654');
    await detail.getByLabel('Name').fill('Product demo final');
    await detail.getByLabel('Description').fill('Final cut.');
    // Ctrl+S saves.
    await detail.getByLabel('Description').press('Control+s');
    await seeToast(page, 'Video updated');
    await detail.waitFor({ state: 'hidden' });
    await visible(card('Product demo final'));
    expect(await card('Product demo final').textContent()).toContain('Vimeo');
    await closeToasts();
  });

  it('reports a validation error with the first message', async () => {
    await createVideoAs(browser, client, { name: 'Product demo final' });
    await page.reload();
    await card('Product demo final').getByRole('button', { name: 'Details' }).click();
    const detail = dialog('Edit Video Details');
    await detail.getByLabel('Name').fill('   ');
    await detail.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Validation Error', 'Video name is required');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await closeToasts();
  });

  it('deletes it after confirming', async () => {
    await createVideoAs(browser, client, { name: 'Product demo final' });
    await createVideoAs(browser, client, { name: ALPHA, type: 'consultation' });
    await page.reload();
    await card('Product demo final').getByRole('button', { name: 'Details' }).click();
    const detail = dialog('Edit Video Details');
    await detail.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = dialog('Delete video');
    await seeText(
      page,
      'Are you sure you want to delete this video? This action cannot be undone.',
    );
    await expectNoSeriousA11yViolations(page);
    await confirm.getByLabel('Reason (optional)').fill('Duplicate');
    await confirm.getByRole('button', { name: 'Delete Video' }).click();
    await seeToast(page, 'Video deleted');
    await detail.waitFor({ state: 'hidden' });
    await card('Product demo final').waitFor({ state: 'detached' });
    await expect.poll(cardNames).toEqual([ALPHA]);
    await closeToasts();
  });

  it('uploads an avatar and refreshes the account from the avatar menu', async () => {
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await seeToast(page, 'Invalid file type');
    await closeToasts();
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: makePng(600),
    });
    await seeToast(page, 'Avatar updated!');
    await closeToasts();
    const avatar = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { avatarUrl?: string }).avatarUrl,
    );
    // The stored user keeps the avatar's URL, never the image (issue 15); the server sends webp.
    expect(avatar).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=\w+$/);
    const type = await page.evaluate(
      async (url) => (await fetch(url!)).headers.get('content-type'),
      avatar,
    );
    expect(type).toBe('image/webp');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Refresh Account' }).click();
    await seeToast(page, 'Account refreshed!');
    await closeToasts();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await visible(page.getByRole('menuitem', { name: 'Profile' }));
    expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Invoice' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('works at 390 px: bottom bar, status dropdown, dialogs', async () => {
    await createVideoAs(browser, client, { name: ALPHA, type: 'consultation' });
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await visible(card(ALPHA));
    const status = page.getByLabel('Status filter');
    await status.selectOption('draft');
    await expect.poll(cardNames).toEqual([ALPHA]);
    await status.selectOption('posted');
    await seeHeading(page, 'No videos found');
    await status.selectOption('all');
    await visible(card(ALPHA));
    await screenshot(page, 'client-dashboard-phone');
    await expectNoSeriousA11yViolations(page);

    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await bar.getByRole('button', { name: 'Add' }).click();
    const add = dialog('Add New Video');
    await visible(add);
    await screenshot(page, 'add-dialog-phone');
    await expectNoSeriousA11yViolations(page);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'hidden' });

    await card(ALPHA).getByRole('button', { name: 'Details' }).click();
    await visible(dialog('Edit Video Details'));
    await screenshot(page, 'detail-dialog-phone');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await dialog('Edit Video Details').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('dialog', { name: 'Menu' }));
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
    await atPath(page, '/profile');
    await page.goto('/dashboard');
    await bar.getByRole('link', { name: 'Profile' }).click();
    await atPath(page, '/profile');
    await page.setViewportSize(DESKTOP);
  });
});

describe('an editor', () => {
  let mine: { id: string; name: string };

  beforeEach(async () => {
    mine = await createVideoAs(browser, client, {
      name: 'Client spot',
      status: 'draft',
      type: 'vlog',
    });
    await createVideoAs(browser, client, { name: ALPHA, type: 'consultation' });
    await createVideoAs(browser, otherClient, { name: 'Not for this editor' });
    await signOut(browser, page);
    await signIn(browser, page, editor);
    await page.goto('/dashboard');
    await seeHeading(page, 'Editor Dashboard');
  });

  it("sees only the assigned client's videos, filtered to In Progress first", async () => {
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^In Progress \(/ }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await page.getByRole('button', { name: /^All Videos \(/ }).click();
    await visible(card('Client spot'));
    await visible(card(ALPHA));
    expect(await card('Not for this editor').count()).toBe(0);
    expect(await card('Client spot').textContent()).toContain('Client:Dana Client');
    await screenshot(page, 'editor-dashboard-desktop');
    await expectNoSeriousA11yViolations(page);
  });

  /**
   * "Mark as posted" asks where and when, by keyboard: a bad URL is refused with its message,
   * then a URL and a day are given and the dialog is submitted with Enter.
   */
  async function markPosted() {
    const ask = dialog('Mark as posted');
    const url = ask.getByLabel('Published URL');
    await visible(url);
    await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('not a link');
    await ask.getByLabel('Published on').fill('2026-01-15');
    await url.press('Enter');
    await visible(ask.getByText(PUBLISHING_MESSAGES.urlInvalid));
    await url.fill('instagram.com/p/client-spot');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'posting-dialog-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'posting-dialog-phone');
    await page.setViewportSize(DESKTOP);
    await url.press('Enter');
    await ask.waitFor({ state: 'hidden' });
  }

  it('reads the list again only when it changed (304 while the same)', async () => {
    // Every screen that opens reads its data afresh (docs/product.md#the-api); the list this browser
    // holds is confirmed by its tag (docs/decisions/0013-conditional-reads.md) rather than sent again.
    const lists: number[] = [];
    const onResponse = (response: Response) => {
      if (new URL(response.url()).pathname === '/api/videos') lists.push(response.status());
    };
    const reopen = async () => {
      await page.getByRole('link', { name: /View assigned clients/ }).click();
      await seeHeading(page, 'Assigned Clients');
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await seeHeading(page, 'Editor Dashboard');
      await page.getByRole('button', { name: /^All Videos \(/ }).click();
    };
    page.on('response', onResponse);
    try {
      await reopen();
      await visible(card('Client spot'));
      // (A change pushed meanwhile, such as the client's new videos, may read it whole first.)
      await expect.poll(() => lists).toContain(304);

      // A change: the list comes whole again (pushed to this screen, or read when it reopens).
      const before = lists.length;
      const renamed = await withApiAs(browser, client, (api) =>
        api.patch(`/api/videos/${mine.id}`, { data: { name: 'Client spot, renamed' } }),
      );
      expect(renamed.status()).toBe(200);
      await reopen();
      await visible(card('Client spot, renamed'));
      expect(lists.slice(before)).toContain(200);
    } finally {
      page.off('response', onResponse);
    }
  });

  it('moves a video through every status with the card buttons', async () => {
    await page.getByRole('button', { name: /^All Videos \(/ }).click();
    const spot = card('Client spot');
    for (const [button, to] of [
      ['Start Work', 'in_progress'],
      ['Submit Review', 'review'],
      // In review it is the client's turn (issue 41): the editor's card has no Approve, and
      // the client's approval reaches the editor's card live.
      [null, 'ready_to_post'],
      ['Mark as Posted', 'posted'],
    ] as const) {
      const status = STATUS_LABELS[to];
      if (button === null) {
        expect(await spot.getByRole('button', { name: 'Approve: Client spot' }).count()).toBe(0);
        await withApiAs(browser, client, async (api) =>
          answer(
            'the client approves',
            await api.patch(`/api/videos/${mine.id}/status`, { data: { status: to } }),
          ),
        );
        await expect.poll(() => spot.textContent()).toContain(status);
        continue;
      }
      await spot.getByRole('button', { name: `${button}: Client spot` }).click();
      if (button === 'Mark as Posted') await markPosted();
      await seeToast(page, MOVE_MESSAGES.moved('Client spot', to));
      await expect.poll(() => spot.textContent()).toContain(status);
      await closeToasts();
    }
    // The card shows where and when it went out, the link opening in a new tab.
    await expect.poll(() => spot.textContent()).toContain('Posted 15 Jan 2026');
    const post = spot.getByRole('link', {
      name: 'Published video of Client spot (opens in a new tab)',
    });
    expect(await post.getAttribute('href')).toBe('https://instagram.com/p/client-spot');
    expect(await post.getAttribute('target')).toBe('_blank');
    expect(await post.getAttribute('rel')).toContain('noopener');
    await screenshot(page, 'posting-card-desktop');
    await page.setViewportSize(PHONE);
    await spot.scrollIntoViewIfNeeded();
    await screenshot(page, 'posting-card-phone');
    await page.setViewportSize(DESKTOP);
    // The desktop layout is back (its status buttons) before the card's switch is clicked.
    await visible(page.getByRole('button', { name: /^All Videos \(/ }));
    // A posted video offers only the way back (the agency's side of the table).
    expect(
      await spot
        .getByRole('button', { name: /: Client spot$/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual(['Back to Ready to Post: Client spot']);
    // The confirm toggle takes it back to Ready to Post.
    await clickSwitch(spot.getByRole('switch', { name: 'Posted: Client spot' }));
    await dialog('Mark as ready to post?').getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, MOVE_MESSAGES.moved('Client spot', 'ready_to_post'));
    await expect.poll(() => spot.textContent()).toContain('Ready to Post');
    await closeToasts();
  });

  it('assigns and unassigns itself in the detail dialog', async () => {
    await page.getByRole('button', { name: /^All Videos \(/ }).click();
    await card('Client spot').getByRole('button', { name: 'Details' }).click();
    const detail = dialog('Edit Video Details');
    await visible(detail.getByLabel('Internal notes'));
    await detail.getByRole('button', { name: 'Assign to Me' }).click();
    await seeToast(page, 'Editor assigned successfully');
    await closeToasts();
    await detail.getByRole('button', { name: 'Unassign Me' }).click();
    await seeToast(page, 'Editor unassigned successfully');
    await visible(detail.getByRole('button', { name: 'Assign to Me' }));
    await closeToasts();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it("warns before deleting the client's video, legibly at both widths (axe)", async () => {
    await page.getByRole('button', { name: /^All Videos \(/ }).click();
    await card('Client spot').getByRole('button', { name: 'Details' }).click();
    const detail = dialog('Edit Video Details');
    await detail.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = dialog('Delete video');
    await visible(confirm.getByText('Team deletion warning'));
    await visible(confirm.getByText(/^This video belongs to your client Dana Client\./));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'delete-video-warning-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'delete-video-warning-phone');
    await page.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });

  it('filters with R/P/A, 1-4 and C, and focuses search with /', async () => {
    const pressed = (name: RegExp) =>
      page.getByRole('button', { name }).first().getAttribute('aria-pressed');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('r');
    await expect.poll(() => pressed(/^Review \(/)).toBe('true');
    await page.keyboard.press('p');
    await expect.poll(() => pressed(/^In Progress \(/)).toBe('true');
    await page.keyboard.press('a');
    await expect.poll(() => pressed(/^All Videos \(/)).toBe('true');
    await page.keyboard.press('1');
    await expect
      .poll(() => page.getByLabel('Type', { exact: true }).inputValue())
      .toBe('consultation');
    await expect.poll(cardNames).toEqual([ALPHA]);
    await page.keyboard.press('4');
    await expect
      .poll(() => page.getByLabel('Type', { exact: true }).inputValue())
      .toBe('before-after');
    await page.keyboard.press('c');
    await expect.poll(() => page.getByLabel('Type', { exact: true }).inputValue()).toBe('all');
    await expect.poll(async () => (await cardNames()).length).toBe(2);
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search videos');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    await visible(dialog('Keyboard shortcuts'));
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
  });

  it('lists assigned clients on /assignments and links to their videos', async () => {
    await page.getByRole('link', { name: /^Assigned Clients: 1/ }).click();
    await atPath(page, '/assignments');
    await seeHeading(page, 'Assigned Clients');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'View Videos of Dana Client' }).click();
    await atPath(page, '/dashboard');
    expect(new URL(page.url()).searchParams.get('client')).toBe(client.id);
    await expect
      .poll(() => page.getByLabel('Client', { exact: true }).inputValue())
      .toBe(client.id);
  });

  it("sees a client's new draft arrive one click away, and a suggested video whatever the filter", async () => {
    const fresh = 'Fresh from the client';
    await page.goto('/dashboard');
    await seeHeading(page, 'Editor Dashboard');
    const drafts = page.getByRole('button', { name: /^New Drafts: \d+$/ });
    const draftCount = () => tileCount(page, 'New Drafts');
    // The drafts the editor may see, counted from the list the API gives them: the client's
    // two made in beforeEach (a client's video starts as draft).
    const before = await withApiAs(browser, editor, async (api) => {
      const videos = await answer<VideoView[]>('GET /api/videos', await api.get('/api/videos'));
      return videos.filter((v) => v.status === 'draft').length;
    });
    expect(before).toBe(2);
    await expect.poll(draftCount).toBe(before);
    await createVideoAs(browser, client, { name: fresh, status: 'draft' });
    // It arrives live: the new-video notification refreshes the list; no reload, no hunting.
    await expect.poll(draftCount).toBe(before + 1);
    expect(await card(fresh).count()).toBe(0);
    await drafts.click();
    await visible(card(fresh));
    await screenshot(page, 'editor-dashboard-new-drafts-desktop');
    await closeToasts();

    // Back on In Progress, picking the video from the search suggestions still shows it.
    await page.getByRole('button', { name: /^In Progress \(/ }).click();
    await card(fresh).waitFor({ state: 'detached' });
    const search = page.getByRole('combobox', { name: 'Search videos' });
    await search.fill('fresh from');
    await page.getByRole('option', { name: new RegExp(`^${fresh}`) }).click();
    await visible(card(fresh));
    expect(
      await page.getByRole('button', { name: /^All Videos \(/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await search.fill('');
  });

  it('keeps its tiles on the client filter, as the status buttons are', async () => {
    // A second client, so the filter leaves out a video the editor sees.
    await assignEditor(browser, otherClient.id, editor.id);
    await page.goto(`/dashboard?client=${client.id}`);
    await seeHeading(page, 'Editor Dashboard');
    const count = async (name: RegExp) =>
      Number(/\((\d+)\)$/.exec((await page.getByRole('button', { name }).textContent()) ?? '')![1]);
    const tile = (label: string) => tileCount(page, label);
    // Each tile against the status button of the same videos (Draft has no desktop pill).
    const pairs = [
      ['Total Videos', /^All Videos \(\d+\)$/],
      ['In Progress', /^In Progress \(\d+\)$/],
      ['In Review', /^Review \(\d+\)$/],
      ['Ready to Post', /^Ready to Post \(\d+\)$/],
    ] as const;
    // Draft's count is only in the phone's status menu: read there, then back to the desktop.
    const drafts = async () => {
      await page.setViewportSize(PHONE);
      const option = page.getByLabel('Status filter').locator('option[value="draft"]');
      const n = Number(/\((\d+)\)$/.exec((await option.textContent()) ?? '')![1]);
      await page.setViewportSize(DESKTOP);
      return n;
    };
    const agree = async (total: number) => {
      await expect.poll(() => tile('Total Videos')).toBe(total);
      for (const [label, button] of pairs)
        expect(await tile(label), label).toBe(await count(button));
      expect(await tile('New Drafts')).toBe(await drafts());
    };
    // Dana's two videos, not Olga's.
    await agree(2);
    await page.getByLabel('Client', { exact: true }).selectOption('all');
    await agree(3);
    await page.getByLabel('Client', { exact: true }).selectOption(otherClient.id);
    await agree(1);
  });

  it('works at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await seeHeading(page, 'Editor Dashboard');
    await page.getByLabel('Status filter').selectOption('all');
    await visible(card('Client spot'));
    // Both of the assigned client's videos, not the other client's.
    await expect.poll(async () => (await cardNames()).sort()).toEqual([ALPHA, 'Client spot']);
    await screenshot(page, 'editor-dashboard-phone');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(DESKTOP);
  });
});
