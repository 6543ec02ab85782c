/**
 * Versions and review rounds in the video dialog (issue 41): a client's video walks source -> v1
 * -> request changes -> v2 -> approve. The editor adds each cut in the browser (v2 carrying the
 * client's open note over), the client comments on v1 at the player's time; v1's notes stay on
 * v1, the carried one says "from v1" on v2, a note is ticked off and the tick undone; the
 * dialog's history lists both rounds with their deciders; Compare plays v2 and v1 under one
 * control, both <video> elements within one frame of each other. The cuts are the fixture clip
 * (e2e/fixtures/clip.mp4, 6 s) served for three https addresses by the browser's routing, as in
 * player.e2e.ts. Status moves go through the API as each person would make them (their buttons
 * are the workflow journeys'). Screenshots at 1440 and 390 px in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_TEXTS } from '@domain/version-labels';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { serveClip } from './support/clip';
import { answer, apiAs, withApiAs } from './support/api';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { assign } from './support/lead';
import { createVideo, postComment } from './support/notifications';
import { closeToasts, seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const HOST = 'https://media.example.test';
const SOURCE = `${HOST}/source.mp4`;
const V1 = `${HOST}/cut-v1.mp4`;
const V2 = `${HOST}/cut-v2.mp4`;
const WIDE = { width: 1440, height: 1000 };
/** One frame at the app's frame rate (domain/timecode.ts), the most two compared files may drift. */
const FRAME = 1 / 30;

let browser: E2EBrowser;
let client: TestUser;
let editor: TestUser;
let clientApi: APIRequestContext;
let editorApi: APIRequestContext;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [client, editor] = await createUsersAsKing(browser, ['client', 'editor']);
  await withApiAs(browser, kingCredentials(browser), (king) => assign(king, client.id, editor.id));
  clientApi = await apiAs(browser, client);
  editorApi = await apiAs(browser, editor);
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await clientApi?.dispose();
  await editorApi?.dispose();
  await browser?.close();
});

/** A status move through the API, as `api`'s person makes it. */
async function move(api: APIRequestContext, videoId: string, status: string, note?: string) {
  await answer(
    `PATCH /api/videos/{id}/status ${status}`,
    await api.patch(`/api/videos/${videoId}/status`, { data: { status, ...(note && { note }) } }),
  );
}

/**
 * `who` signed in on a fresh page at `viewport`, the video's dialog open from its address. A
 * phone says it is one (Sec-CH-UA-Mobile, as Chromium on a phone does), so the server draws the
 * page for a phone's width and the dialog opens in the phone's layout.
 */
async function openAs(who: TestUser, video: { id: string }, viewport = WIDE) {
  const page = await browser.newPage(viewport);
  if (viewport.width < 768) await page.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
  await page.route(`${HOST}/**`, serveClip);
  await signIn(browser, page, who);
  await page.goto(`/dashboard?video=${video.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  return { page, dialog };
}

const picker = (dialog: Locator) => dialog.getByRole('radiogroup', { name: 'Version' });
/** Picks a version in the dialog's picker (Mantine's SegmentedControl: a label per radio). */
async function pick(dialog: Locator, label: string) {
  await picker(dialog).getByText(label, { exact: true }).click();
  await expect
    .poll(() => picker(dialog).getByRole('radio', { name: label }).isChecked())
    .toBe(true);
}

const note = (dialog: Locator, text: string) =>
  dialog.getByRole('region', { name: 'Comments' }).getByRole('article').filter({ hasText: text });

/** The two compared players' times, read in one go. */
const pairTimes = (page: Page) =>
  page.evaluate(() => {
    const at = (side: string) =>
      document.querySelector<HTMLVideoElement>(`video[data-compare="${side}"]`)!.currentTime;
    return [at('left'), at('right')] as const;
  });

describe("the dialog's first draw (issue 47)", () => {
  it('keeps the room of the open notes and of the comments while they are read: nothing moves', async () => {
    const video = await createVideo(clientApi, { name: 'Steady dialog', link: SOURCE });
    const page = await browser.newPage(PHONE);
    await page.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    await page.route(`${HOST}/**`, serveClip);
    await signIn(browser, page, client);
    // The versions and the comments answer only when the test says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/api/videos/${video.id}/(versions|comments)$`), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/dashboard?video=${video.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    const notes = dialog.getByTestId('open-notes');
    await expect.poll(() => notes.textContent()).toBe(`Source: ${VERSION_TEXTS.countingNotes}`);
    await visible(dialog.getByText('Loading comments...'));
    const composer = dialog.getByRole('textbox', { name: 'Add a comment' });
    const before = (await composer.boundingBox())!.y;
    release();
    await expect.poll(() => notes.textContent()).toBe(`Source: ${VERSION_TEXTS.openNotes(0)}`);
    await visible(dialog.getByText('No comments yet'));
    expect(Math.abs((await composer.boundingBox())!.y - before)).toBeLessThanOrEqual(2);
    await page.close();
  });
});

describe('a video walks source -> v1 -> changes -> v2 -> approve (issue 41)', () => {
  // The whole walk, five sign-ins long: more than the usual minute beside other workers.
  it(
    'keeps each cut with its notes, carries a note, counts the rounds and compares two cuts',
    { timeout: 180_000 },
    async () => {
      const video = await createVideo(clientApi, { name: 'Spring teaser', link: SOURCE });
      await postComment(clientApi, video.id, 'Source: keep the intro at 0:01');
      await move(editorApi, video.id, 'in_progress');

      // The editor adds v1: the source's open note is listed; it is left on the source.
      let { page, dialog } = await openAs(editor, video);
      await dialog.getByRole('button', { name: 'Add version' }).click();
      let add = page.getByRole('dialog', { name: 'Add v1' });
      await visible(add.getByRole('group', { name: /^Note by / }));
      await add.getByRole('textbox', { name: /Link to the new cut/ }).fill(V1);
      await add.getByRole('textbox', { name: /What changed/ }).fill('First cut');
      await add
        .getByRole('group', { name: /^Note by / })
        .getByText('Leave')
        .click();
      await add.getByRole('button', { name: 'Add v1' }).click();
      await seeToast(page, 'Version v1 added');
      await add.waitFor({ state: 'hidden' });
      await expect
        .poll(() => picker(dialog).getByRole('radio', { name: 'v1' }).isChecked())
        .toBe(true);
      expect(await dialog.locator('video').getAttribute('src')).toBe(V1);
      await move(editorApi, video.id, 'review');

      // The client comments on v1 at the player's time, on v1.
      ({ page, dialog } = await openAs(client, video));
      await visible(dialog.getByText('Round 1', { exact: true }));
      await pick(dialog, 'v1');
      const player = dialog.locator('video');
      await player.evaluate((v: HTMLVideoElement) => (v.currentTime = 2));
      await dialog.getByRole('button', { name: 'Comment at 00:00:02:00' }).click();
      await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('Logo too small');
      await dialog.getByRole('button', { name: 'Post comment' }).click();
      await visible(note(dialog, '00:00:02:00Logo too small'));
      await expect
        .poll(() => dialog.getByTestId('open-notes').textContent())
        .toBe('v1: 1 open note');
      // The source keeps its own note, and not v1's.
      await pick(dialog, 'Source');
      await visible(note(dialog, 'keep the intro'));
      expect(await note(dialog, 'Logo too small').count()).toBe(0);
      await move(clientApi, video.id, 'in_progress', 'Make the logo bigger');

      // The editor adds v2 carrying the client's note over.
      ({ page, dialog } = await openAs(editor, video));
      await dialog.getByRole('button', { name: 'Add version' }).click();
      add = page.getByRole('dialog', { name: 'Add v2' });
      const carried = add.getByRole('group', { name: /^Note by / });
      await visible(carried.filter({ hasText: 'Logo too small' }));
      // The request for changes became a note on v1 too: both are carried (the default).
      await visible(carried.filter({ hasText: 'Make the logo bigger' }));
      await add.getByRole('textbox', { name: /Link to the new cut/ }).fill(V2);
      // v2 is a 25 fps cut (v1 took the agency's 30): Compare's clock counts each at its own.
      await add.getByRole('combobox', { name: /Frame rate/ }).selectOption('25');
      await add.getByRole('button', { name: 'Add v2' }).click();
      await seeToast(page, 'Version v2 added');
      await add.waitFor({ state: 'hidden' });
      await expect
        .poll(() => picker(dialog).getByRole('radio', { name: 'v2' }).isChecked())
        .toBe(true);
      const onV2 = note(dialog, 'Logo too small');
      await visible(onV2);
      expect(await onV2.textContent()).toContain('from v1');
      // v1 keeps its note, ticked off by the carry.
      await pick(dialog, 'v1');
      await visible(note(dialog, 'Logo too small'));
      expect(await note(dialog, 'Logo too small').getAttribute('data-done')).toBe('true');
      expect(await note(dialog, 'Logo too small').textContent()).not.toContain('from v1');

      // On v2 the editor ticks the carried note off, and undoes it from the toast.
      await pick(dialog, 'v2');
      await expect
        .poll(() => dialog.getByTestId('open-notes').textContent())
        .toBe('v2: 2 open notes');
      await closeToasts(page);
      await note(dialog, 'Logo too small')
        .getByRole('button', { name: /^Mark note by .* done$/ })
        .click();
      await seeToast(page, 'Marked done');
      await expect
        .poll(() => dialog.getByTestId('open-notes').textContent())
        .toBe('v2: 1 open note');
      await page.getByRole('button', { name: 'Undo: Marked done' }).click();
      await expect
        .poll(() => dialog.getByTestId('open-notes').textContent())
        .toBe('v2: 2 open notes');
      expect(await note(dialog, 'Logo too small').getAttribute('data-done')).toBeNull();

      await move(editorApi, video.id, 'review');
      await move(clientApi, video.id, 'ready_to_post');

      // The rounds, with their versions, deciders and note, in the dialog's history.
      ({ page, dialog } = await openAs(editor, video));
      await visible(dialog.getByText('Round 2', { exact: true }));
      const rounds = dialog.getByRole('region', { name: 'Review rounds' });
      const first = rounds.getByRole('listitem', { name: 'Round 1' });
      const second = rounds.getByRole('listitem', { name: 'Round 2' });
      await visible(second);
      expect(await first.textContent()).toMatch(/Round 1 · v1.*Changes requested/);
      expect(await first.textContent()).toContain(`Sent by ${editor.name}`);
      expect(await first.textContent()).toContain(`Decided by ${client.name}`);
      expect(await first.textContent()).toContain('Make the logo bigger');
      expect(await second.textContent()).toMatch(/Round 2 · v2.*Approved/);
      expect(await second.textContent()).not.toContain('decided for the client');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${ARTIFACTS}/versions-dialog-1440.png` });

      // Compare v2 with v1: one control plays both, within a frame of each other.
      await dialog.getByRole('button', { name: 'Compare' }).click();
      const compare = dialog.getByRole('region', { name: 'Compare v2 with v1' });
      await visible(compare);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLVideoElement>('video[data-compare]')].every(
          (v) => v.readyState >= 2,
        ),
      );
      await compare.getByRole('button', { name: 'Play both' }).click();
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLVideoElement>('video[data-compare="left"]')!.currentTime > 1.5,
      );
      // Playing: both move, and are found within a frame of each other.
      await expect
        .poll(async () => {
          const [a, b] = await pairTimes(page);
          return Math.abs(a - b) <= FRAME && b > 1;
        })
        .toBe(true);
      await compare.getByRole('button', { name: 'Pause both' }).click();
      await expect
        .poll(async () => {
          const [a, b] = await pairTimes(page);
          return Math.abs(a - b) <= FRAME;
        })
        .toBe(true);
      const [pausedLeft] = await pairTimes(page);
      expect(pausedLeft).toBeGreaterThan(1.5);
      // A timecode in the comments seeks both.
      await note(dialog, 'Logo too small')
        .getByRole('button', { name: 'Play from 00:00:02:00' })
        .click();
      await expect
        .poll(async () => {
          const [a, b] = await pairTimes(page);
          return Math.abs(a - 2) < 0.1 && Math.abs(b - 2) < 0.1;
        })
        .toBe(true);
      // The clock is SMPTE at each side's rate: 2.51 s is frame 62 of v2 (25 fps), 75 of v1 (30).
      const clock = compare.getByTestId('compare-clock');
      await expect.poll(() => clock.textContent()).toBe('v2 00:00:02:00v1 00:00:02:00');
      await page.evaluate(() => {
        document.querySelector<HTMLVideoElement>('video[data-compare="left"]')!.currentTime = 2.51;
      });
      await expect.poll(() => clock.textContent()).toBe('v2 00:00:02:12v1 00:00:02:15');
      await compare.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}/versions-compare-1440.png` });
      await expectNoSeriousA11yViolations(page);
    },
  );

  it('on a phone: the picker, the notes, and Compare as a toggle between the two cuts', async () => {
    const video = await createVideo(clientApi, { name: 'Phone teaser', link: SOURCE });
    await move(editorApi, video.id, 'in_progress');
    for (const link of [V1, V2]) {
      await answer(
        'POST /api/videos/{id}/versions',
        await editorApi.post(`/api/videos/${video.id}/versions`, { data: { link } }),
        201,
      );
    }
    await postComment(clientApi, video.id, 'Title card at 0:01 reads late');
    const { page, dialog } = await openAs(client, video, PHONE);
    await expect
      .poll(() => picker(dialog).getByRole('radio', { name: 'v2' }).isChecked())
      .toBe(true);
    await visible(note(dialog, 'Title card'));
    // The shown version's player comes before its notes.
    const player = dialog.locator('video');
    await visible(player);
    expect(await player.getAttribute('src')).toBe(V2);
    await player.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/versions-dialog-390.png` });

    await dialog.getByRole('button', { name: 'Compare' }).click();
    const compare = dialog.getByRole('region', { name: 'Compare v2 with v1' });
    const shown = compare.getByRole('radiogroup', { name: 'Version shown' });
    await visible(shown);
    const left = compare.locator('video[data-compare="left"]');
    const right = compare.locator('video[data-compare="right"]');
    await visible(left);
    expect(await right.isVisible()).toBe(false);
    await shown.getByText('v1', { exact: true }).click();
    await visible(right);
    expect(await left.isVisible()).toBe(false);
    await compare.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/versions-compare-390.png` });
    await expectNoSeriousA11yViolations(page);

    // A notified note on an older version opens that version.
    const onV1 = await answer<{ id: string }>(
      'POST /api/videos/{id}/comments',
      await clientApi.post(`/api/videos/${video.id}/comments`, {
        data: { content: 'v1 had the better ending', version: 1 },
      }),
      201,
    );
    await page.goto(`/dashboard?video=${video.id}&comment=${onV1.id}`);
    await expect
      .poll(() => picker(dialog).getByRole('radio', { name: 'v1' }).isChecked())
      .toBe(true);
    await visible(note(dialog, 'v1 had the better ending'));
  });

  it('a source made at 25 fps in the Add New Video form: its notes are timed at 25', async () => {
    const page = await browser.newPage(WIDE);
    await page.route(`${HOST}/**`, serveClip);
    await signIn(browser, page, client);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Video' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Video' });
    await add.getByLabel('Name').fill('Shot at 25');
    await add.getByLabel('Video link').fill(SOURCE);
    const rate = add.getByRole('combobox', { name: /Frame rate/ });
    expect(await rate.inputValue()).toBe('');
    await rate.selectOption('25');
    await page.screenshot({ path: `${ARTIFACTS}/add-video-frame-rate-1440.png` });
    await page.setViewportSize(PHONE);
    await rate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/add-video-frame-rate-390.png` });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(WIDE);
    await add.getByRole('button', { name: 'Add Video' }).click();
    await seeToast(page, 'Video added');
    await add.waitFor({ state: 'hidden' });
    const mine = await answer<{ id: string; name: string; frameRate: string }[]>(
      'GET /api/videos',
      await clientApi.get('/api/videos'),
    );
    const video = mine.find((v) => v.name === 'Shot at 25')!;
    expect(video.frameRate).toBe('25');
    // 3.5 s is frame 87.5 at 25 fps: frame 88, 00:00:03:13 (it would be 00:00:03:15 at 30).
    await postComment(clientApi, video.id, 'Hold the title at 0:03.5');
    const { dialog } = await openAs(client, video);
    const timed = note(dialog, 'Hold the title');
    await visible(timed);
    expect(await timed.textContent()).toContain('00:00:03:13');
    await visible(timed.getByRole('button', { name: 'Play from 00:00:03:13' }));
  });
});
