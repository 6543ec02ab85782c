/**
 * Drawing on the frame (issue 43): on a paused direct file (e2e/fixtures/clip.mp4, served by the
 * browser's routing as in versions.e2e.ts), a client draws a red rectangle from the comment
 * composer's Draw control with the mouse at 1440 px, and with touch on a 390 px phone; a
 * review link's guest draws a yellow stroke after pressing D (and first cancels one with
 * Escape). Each saves the comment, reloads, and finds the drawing over the picture at the
 * comment's moment by the pixels of a screenshot: the shape's colour on its outline, absent
 * before playback reaches the moment. Screenshots at 1440 and 390 px in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, apiAs } from './support/api';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { serveClip } from './support/clip';
import { createVideo } from './support/notifications';
import { readPng } from './support/png';
import { visible } from './support/screen';
import { createUsersAsKing, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const HOST = 'https://media.example.test';
const WIDE = { width: 1440, height: 1000 };

let browser: E2EBrowser;
let client: TestUser;
let clientApi: APIRequestContext;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [client] = await createUsersAsKing(browser, ['client']);
  clientApi = await apiAs(browser, client);
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await clientApi?.dispose();
  await browser?.close();
});

type Rgb = readonly number[];
const RED = ([r = 0, g = 0, b = 0]: Rgb) => r > 180 && g < 110 && b < 110;
const YELLOW = ([r = 0, g = 0, b = 0]: Rgb) => r > 190 && g > 160 && b < 100;

/** The picture's box on the screen: the overlay's own rectangle, which sits on the picture. */
async function pictureBox(scope: Locator) {
  const box = await scope.getByTestId('drawing-picture').boundingBox();
  if (!box || box.width < 100) throw new Error('the picture is not laid out');
  return box;
}

/**
 * Whether the colour is seen within 3 px of each of `points` (0..1 across and down the picture)
 * in a screenshot of the picture, read back pixel by pixel.
 */
async function colourAt(
  page: Page,
  scope: Locator,
  points: readonly (readonly [number, number])[],
  is: (c: Rgb) => boolean,
): Promise<boolean[]> {
  const box = await pictureBox(scope);
  const png = readPng(await page.screenshot({ clip: box }));
  const sx = png.width / box.width;
  const sy = png.height / box.height;
  return points.map(([x, y]) => {
    for (let dx = -3; dx <= 3; dx++) {
      for (let dy = -3; dy <= 3; dy++) {
        const px = Math.min(png.width - 1, Math.max(0, x * box.width * sx + dx));
        const py = Math.min(png.height - 1, Math.max(0, y * box.height * sy + dy));
        if (is(png.at(px, py))) return true;
      }
    }
    return false;
  });
}

/** The first <video> in `scope` paused at `seconds`, its frame drawn. */
async function pauseAt(scope: Locator, seconds: number) {
  const video = scope.locator('video').first();
  await video.evaluate(async (v: HTMLVideoElement, s) => {
    v.pause();
    if (v.readyState < 1)
      await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    const seeked = new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    v.currentTime = s;
    await seeked;
  }, seconds);
}

/** A drag across the picture from `a` to `b` (0..1), with the mouse or, on a phone, a finger. */
async function drag(
  page: Page,
  scope: Locator,
  points: readonly (readonly [number, number])[],
  touch = false,
) {
  const box = await pictureBox(scope);
  const at = ([x, y]: readonly [number, number]) => ({
    x: box.x + x * box.width,
    y: box.y + y * box.height,
  });
  if (!touch) {
    const [first, ...rest] = points.map(at);
    await page.mouse.move(first!.x, first!.y);
    await page.mouse.down();
    for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.mouse.up();
    return;
  }
  // A finger: pointer events of type touch, as a phone's browser sends them.
  const surface = scope.getByRole('application', { name: /Drawing on the frame/ });
  const send = (type: string, p: { x: number; y: number }) =>
    surface.dispatchEvent(type, {
      pointerType: 'touch',
      pointerId: 11,
      isPrimary: true,
      button: type === 'pointermove' ? -1 : 0,
      buttons: type === 'pointerup' ? 0 : 1,
      clientX: p.x,
      clientY: p.y,
    });
  const [first, ...rest] = points.map(at);
  await send('pointerdown', first!);
  for (const p of rest) await send('pointermove', p);
  await send('pointerup', rest.at(-1) ?? first!);
}

/** The rectangle drawn in the app: its outline's left and top edges, and its empty middle. */
const RECT = [
  [0.3, 0.3],
  [0.7, 0.7],
] as const;
const RECT_EDGES = [
  [0.3, 0.5],
  [0.5, 0.3],
  [0.7, 0.5],
] as const;

describe('drawing on the frame in the video dialog (issue 43)', () => {
  for (const phone of [false, true]) {
    it(
      phone
        ? 'on a phone: draws with a finger, saves, and shows it at its moment after a reload'
        : 'draws a rectangle on the paused frame, saves, and shows it at its moment after a reload',
      { timeout: 120_000 },
      async () => {
        const width = phone ? 390 : 1440;
        const video = await createVideo(clientApi, {
          name: `Drawn teaser ${width}`,
          link: `${HOST}/drawn-${width}.mp4`,
        });
        const page = await browser.newPage(phone ? PHONE : WIDE);
        if (phone) await page.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
        await page.route(`${HOST}/**`, serveClip);
        await signIn(browser, page, client);
        await page.goto(`/dashboard?video=${video.id}`);
        const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        const comments = dialog.getByRole('region', { name: 'Comments' });
        await visible(dialog.locator('video'));
        await pauseAt(dialog, 2.2);

        await comments.getByRole('button', { name: 'Draw' }).click();
        const tools = dialog.getByRole('toolbar', { name: 'Drawing tools' });
        await visible(tools);
        // Drawing took the player's moment for the note: 2.2 s is frame 66 at the agency's 30 fps.
        expect(await comments.getByRole('textbox', { name: /Comment at/ }).inputValue()).toBe(
          '00:00:02:06',
        );
        if (!phone) {
          // Escape cancels the drawing, and only it: the dialog around stays open.
          await drag(page, dialog, [
            [0.1, 0.1],
            [0.2, 0.2],
          ]);
          await visible(tools.getByText('1 shape'));
          await page.keyboard.press('Escape');
          await tools.waitFor({ state: 'hidden' });
          await visible(dialog);
          expect(await comments.getByTestId('drawing-attached').count()).toBe(0);
          await comments.getByRole('button', { name: 'Draw' }).click();
          await visible(tools);
        }
        await tools.getByRole('button', { name: 'Rectangle' }).click();
        await tools.getByRole('button', { name: 'Red' }).click();
        await drag(page, dialog, RECT, phone);
        await visible(tools.getByText('1 shape'));
        await tools.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${ARTIFACTS}/drawing-tools-${width}.png` });
        await expectNoSeriousA11yViolations(page);
        await tools.getByRole('button', { name: 'Done' }).click();
        await visible(comments.getByTestId('drawing-attached'));
        await expectNoSeriousA11yViolations(page);
        await comments.getByRole('textbox', { name: 'Add a comment' }).fill('Logo too small');
        await comments.getByRole('button', { name: 'Post comment' }).click();
        const note = comments.getByRole('article').filter({ hasText: 'Logo too small' });
        await visible(note.getByRole('button', { name: 'Show drawing' }));
        await visible(note.getByRole('button', { name: 'Play from 00:00:02:06' }));

        // After a reload, at the start: no drawing over the picture.
        await page.reload();
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        await visible(note);
        await pauseAt(dialog, 0.2);
        expect(await dialog.getByTestId('drawing-shown').count()).toBe(0);
        expect(await colourAt(page, dialog, RECT_EDGES, RED)).toEqual([false, false, false]);

        // Its timecode seeks the player to the moment: the rectangle shows over the picture.
        await note.getByRole('button', { name: 'Play from 00:00:02:06' }).click();
        await expect
          .poll(() => colourAt(page, dialog, RECT_EDGES, RED))
          .toEqual([true, true, true]);
        // An outline, not a filled box.
        expect(await colourAt(page, dialog, [[0.5, 0.5]], RED)).toEqual([false]);
        await dialog.locator('video').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${ARTIFACTS}/drawing-shown-${width}.png` });

        // Selected, it shows at any moment; hidden again on a second press.
        await pauseAt(dialog, 5);
        await expect
          .poll(() => colourAt(page, dialog, RECT_EDGES, RED))
          .toEqual([false, false, false]);
        await note.getByRole('button', { name: 'Show drawing' }).click();
        await visible(note.getByRole('button', { name: 'Hide drawing' }));
        await expectNoSeriousA11yViolations(page);
        await expect
          .poll(() => colourAt(page, dialog, RECT_EDGES, RED))
          .toEqual([true, true, true]);
        await note.getByRole('button', { name: 'Hide drawing' }).click();
        await pauseAt(dialog, 5);
        await expect
          .poll(() => colourAt(page, dialog, RECT_EDGES, RED))
          .toEqual([false, false, false]);
      },
    );
  }
});

describe("drawing on the frame on a review link's page (issue 43)", () => {
  for (const phone of [false, true]) {
    it(
      phone
        ? "on a phone, a guest's stroke is saved and shown at its moment"
        : 'a guest presses D, cancels with Escape, draws again, saves, and sees it at its moment',
      { timeout: 120_000 },
      async () => {
        const width = phone ? 390 : 1440;
        const video = await createVideo(clientApi, {
          name: `Guest drawn ${width}`,
          link: `${HOST}/guest-${width}.mp4`,
        });
        const link = await answer<{ token: string }>(
          'POST /api/review-links',
          await clientApi.post('/api/review-links', {
            data: { videoIds: [video.id], expiresInDays: 7 },
          }),
          201,
        );
        const guest = await launchBrowser();
        try {
          const page = await guest.newPage(phone ? PHONE : WIDE);
          await page.route(`${HOST}/**`, serveClip);
          await page.goto(`/review/${link.token}`);
          const section = page.getByRole('region', { name: video.name });
          await page.getByRole('textbox', { name: 'Your name' }).fill('Alex Guest');
          await visible(section.locator('video'));
          await pauseAt(section, 1.3);
          const tools = section.getByRole('toolbar', { name: 'Drawing tools' });
          const STROKE = [
            [0.2, 0.6],
            [0.4, 0.62],
            [0.6, 0.64],
            [0.8, 0.66],
          ] as const;

          if (!phone) {
            // D (outside a field) draws; Escape cancels the drawing, not the page's work.
            await section.getByRole('heading', { name: video.name }).click();
            await page.keyboard.press('d');
            await visible(tools);
            await drag(page, section, STROKE);
            await visible(tools.getByText('1 shape'));
            await page.keyboard.press('Escape');
            await tools.waitFor({ state: 'hidden' });
            expect(await section.getByTestId('drawing-attached').count()).toBe(0);
            await page.keyboard.press('d');
          } else {
            await section.getByRole('button', { name: 'Draw' }).click();
          }
          await visible(tools);
          await tools.getByRole('button', { name: 'Yellow' }).click();
          await drag(page, section, STROKE, phone);
          await tools.getByRole('button', { name: 'Done' }).click();
          await section.getByRole('textbox', { name: 'Add a comment' }).fill('Brighter here');
          await section.getByRole('button', { name: 'Post comment' }).click();
          const note = section.getByRole('article', { name: 'Comment by Alex Guest' });
          await visible(note.getByRole('button', { name: 'Show drawing' }));
          // Its moment (1.3 s, frame 39 at 30 fps) beside its words.
          await visible(note.getByRole('button', { name: 'Play from 00:00:01:09' }));
          expect(await note.textContent()).toContain('Brighter here');

          await page.reload();
          await visible(note);
          await pauseAt(section, 4);
          const onStroke = [
            [0.3, 0.61],
            [0.7, 0.65],
          ] as const;
          expect(await colourAt(page, section, onStroke, YELLOW)).toEqual([false, false]);
          await note.getByRole('button', { name: 'Play from 00:00:01:09' }).click();
          await expect.poll(() => colourAt(page, section, onStroke, YELLOW)).toEqual([true, true]);
          await section.locator('video').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${ARTIFACTS}/drawing-guest-${width}.png` });
          await expectNoSeriousA11yViolations(page);
          guest.expectNoConsoleErrors();
        } finally {
          await guest.close();
        }
      },
    );
  }
});
