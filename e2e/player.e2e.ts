/**
 * The player in the video dialog (issue 18). A real MP4 (e2e/fixtures/clip.mp4: 6 s, 320x180,
 * H.264 baseline, no audio, made with ffmpeg) is served for https://media.example.test/clip.mp4
 * by the browser's own routing: play it, "Comment at" the current time, post, click the
 * timecode, and the <video> element's currentTime moves there; a notified timecoded comment
 * opens the player at its moment. YouTube's and Vimeo's hosts cannot be reached from here, so
 * their embed addresses are answered with small pages written below that speak each player's
 * postMessage protocol from the real embed origins (the app's origin checks stay real). axe with
 * the player open; screenshots at 1280 and 390 px in e2e/artifacts.
 */
import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Frame, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { frameAtTime, frameToTimecode } from '@domain/timecode';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, withApiAs } from './support/api';
import { serveClip } from './support/clip';
import { assign } from './support/lead';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { createVideo, postComment } from './support/notifications';
import { visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';

const ARTIFACTS = 'e2e/artifacts';
const CLIP_URL = 'https://media.example.test/clip.mp4';

let browser: E2EBrowser;
// One client owns every video here; its API context posts the comments others would.
let client: TestUser;
let api: APIRequestContext;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  [client] = await createUsersAsKing(browser, ['client']);
  api = await apiAs(browser, client);
});
afterEach(() => browser.expectNoConsoleErrors());
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

async function openDialog(page: Page, query: string) {
  await page.goto(`/dashboard?${query}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Video Details' });
  // A cold page loads the dashboard's and the dialog's chunks and the video first: on CI's
  // loaded two cores that once took longer than the usual 10 s.
  await dialog.first().waitFor({ state: 'visible', timeout: 30_000 });
  return dialog;
}

/**
 * A video of the client's with `link` (and a comment when given), shown in a fresh page whose
 * requests to `host` the browser answers with `serve`, signed in with the dialog open.
 */
async function openVideo(o: {
  name: string;
  link: string;
  comment?: string;
  viewport: { width: number; height: number };
  host: string;
  serve: (route: Route) => Promise<void>;
}) {
  const video = await createVideo(api, { name: o.name, link: o.link });
  const comment = o.comment ? await postComment(api, video.id, o.comment) : null;
  const page = await browser.newPage(o.viewport);
  await page.route(`${o.host}/**`, o.serve);
  await signIn(browser, page, client);
  const dialog = await openDialog(page, `video=${video.id}`);
  return { page, dialog, video, comment };
}

/** Answers with a page of HTML. */
const html = (body: string) => (route: Route) => route.fulfill({ contentType: 'text/html', body });

const videoTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function waitForVideoTime(page: Page, near: number) {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector('video');
      return v !== null && Math.abs(v.currentTime - t) < 0.25;
    },
    near,
    { timeout: 10_000 },
  );
}

/**
 * An editor of the client's comments at 0:03 on a new video of the client's with `link`; the
 * client, on the dashboard, opens the notice from the bell (issue 37: it used to open the player
 * at 0:00).
 */
async function openFromBell(
  name: string,
  link: string,
  host: string,
  serve: (route: Route) => Promise<void>,
  viewport = DESKTOP,
) {
  const [editor] = await createUsersAsKing(browser, ['editor']);
  await withApiAs(browser, kingCredentials(browser), (king) => assign(king, client.id, editor!.id));
  const video = await createVideo(api, { name, link });
  const page = await browser.newPage(viewport);
  await page.route(`${host}/**`, serve);
  await signIn(browser, page, client);
  await page.goto('/dashboard');
  await withApiAs(browser, editor!, (editorApi) =>
    postComment(editorApi, video.id, '0:03 the logo pops in too early'),
  );
  // Posted before the bell is opened: its list, read on opening, holds it.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const item = page
    .getByRole('dialog', { name: /^Notifications/ })
    .getByRole('button', { name: /New comment/ })
    .filter({ hasText: name });
  await visible(item);
  await item.click();
  await page.getByRole('dialog', { name: 'Edit Video Details' }).waitFor({ timeout: 30_000 });
  return { page, video };
}

describe('a video file plays in the dialog', () => {
  it('comments at the current time and seeks back to it from the timecode', async () => {
    const { page, dialog } = await openVideo({
      name: 'Clip review',
      link: CLIP_URL,
      viewport: DESKTOP,
      host: 'https://media.example.test',
      serve: serveClip,
    });

    const player = dialog.locator('video');
    await visible(player);
    expect(await player.getAttribute('src')).toBe(CLIP_URL);
    // Play (muted: the browser plays without a gesture), then stop past the second second.
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2.2);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    const pausedAt = await videoTime(page);
    // SMPTE timecode of the frame on screen, at the source's rate (30 fps, the agency's default).
    const stamp = frameToTimecode(frameAtTime(pausedAt, '30'), '30');

    // "Comment at" by keyboard: the button shows the time, Enter takes it into an editable field.
    const commentAt = dialog.getByRole('button', { name: `Comment at ${stamp}` });
    await commentAt.focus();
    await page.keyboard.press('Enter');
    const time = dialog.getByRole('textbox', { name: /Comment at/ });
    expect(await time.inputValue()).toBe(stamp);
    await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('Hold this frame longer');
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    const posted = dialog.getByRole('article').filter({ hasText: 'Hold this frame longer' });
    await visible(posted);
    expect(await posted.textContent()).toContain(`${stamp}Hold this frame longer`);

    // The timecode is a button that seeks the player.
    await player.evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
    await waitForVideoTime(page, 5);
    await posted.getByRole('button', { name: `Play from ${stamp}` }).click();
    await waitForVideoTime(page, pausedAt);
  });

  it('takes a typed time, seeks by keyboard, sorts by time; axe and screenshots', async () => {
    const { page, dialog } = await openVideo({
      name: 'Clip notes',
      link: CLIP_URL,
      comment: '0:03 Hold this frame longer',
      viewport: DESKTOP,
      host: 'https://media.example.test',
      serve: serveClip,
    });
    // A time typed by hand: refused until it is one, then posted at that moment.
    await dialog.getByRole('button', { name: 'Comment at 00:00:00:00' }).click();
    const time = dialog.getByRole('textbox', { name: /Comment at/ });
    await time.fill('later');
    await dialog.getByRole('textbox', { name: 'Add a comment' }).fill('Logo too small');
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    await visible(dialog.getByText(/Enter a time in the video like/));
    await time.fill('0:01');
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    await visible(dialog.getByRole('article').filter({ hasText: '00:00:01:00Logo too small' }));

    // Every control by keyboard: the timecode button seeks with Enter.
    const first = dialog.getByRole('button', { name: 'Play from 00:00:01:00' });
    await first.focus();
    await page.keyboard.press('Enter');
    await waitForVideoTime(page, 1);

    // By time in the video: 0:01 comes before 0:03, posted earlier.
    const items = dialog.getByRole('article');
    expect(await items.first().textContent()).toContain('Hold this frame longer');
    await dialog.getByText('By time in video').click();
    expect(await items.first().textContent()).toContain('00:00:01:00Logo too small');

    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${ARTIFACTS}/player-file-1280.png` });
    await page.setViewportSize(PHONE);
    await dialog.locator('video').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/player-file-390.png` });
    await expectNoSeriousA11yViolations(page);
  });

  it("opens a notified timecoded comment's moment (and ?t=)", async () => {
    const { page, video, comment } = await openVideo({
      name: 'Clip moment',
      link: CLIP_URL,
      comment: 'At 0:04 the title flickers',
      viewport: DESKTOP,
      host: 'https://media.example.test',
      serve: serveClip,
    });
    await openDialog(page, `video=${video.id}&comment=${comment!.id}`);
    await waitForVideoTime(page, 4);
    await openDialog(page, `video=${video.id}&t=3`);
    await waitForVideoTime(page, 3);
  });

  it("opens the player at a comment's moment from the bell (issue 37)", async () => {
    const { page } = await openFromBell(
      'Clip from the bell',
      CLIP_URL,
      'https://media.example.test',
      serveClip,
    );
    await waitForVideoTime(page, 3);
  });

  it("opens the player at a comment's moment from the bell on a phone (issue 37)", async () => {
    const { page } = await openFromBell(
      'Clip from the bell, phone',
      CLIP_URL,
      'https://media.example.test',
      serveClip,
      PHONE,
    );
    await waitForVideoTime(page, 3);
  });

  it("seeks a YouTube embed to a comment's moment from the bell (issue 37)", async () => {
    const { page } = await openFromBell(
      'YouTube from the bell',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      EMBEDS.YouTube.host,
      html(EMBEDS.YouTube.page),
    );
    const frame = await embedFrame(page, `${EMBEDS.YouTube.host}/`);
    await expect.poll(() => seeksOf(frame), { timeout: 10_000 }).toEqual([3]);
  });
});

/* A fake YouTube embed: YouTube's iframe protocol as its player speaks it, at a time of 12.5 s. */
const FAKE_YOUTUBE = `<!doctype html><html lang="en"><head><title>Fake YouTube</title></head>
<body><p>fake youtube player</p><script>
  window.seeks = [];
  window.heard = [];
  let time = 12.5;
  let listening = false;
  const send = (m) => parent.postMessage(JSON.stringify(m), '*');
  window.addEventListener('message', (e) => {
    const d = JSON.parse(e.data);
    window.heard.push({ data: d, origin: e.origin });
    if (d.event === 'listening' && !listening) {
      listening = true;
      send({ event: 'onReady', id: d.id, channel: 'widget' });
      setInterval(() => send({ event: 'infoDelivery', info: { currentTime: time } }), 200);
    }
    if (d.event === 'command' && d.func === 'seekTo') {
      time = d.args[0];
      window.seeks.push(time);
    }
  });
</script></body></html>`;

/*
 * A fake Vimeo embed: Vimeo's player.js protocol, at a time of 7.2 s. A seek is the call
 * 'setCurrentTime' (player.js's setCurrentTime posts it); the player answers it and sends
 * 'seeked'. Any other method is ignored, as Vimeo's player ignores methods it lacks.
 */
const FAKE_VIMEO = `<!doctype html><html lang="en"><head><title>Fake Vimeo</title></head>
<body><p>fake vimeo player</p><script>
  window.seeks = [];
  let time = 7.2;
  let listening = false;
  const send = (m) => parent.postMessage(m, '*');
  window.addEventListener('message', (e) => {
    const d = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
    if (d.method === 'addEventListener' && d.value === 'timeupdate') listening = true;
    if (d.method === 'getCurrentTime') send({ method: 'getCurrentTime', value: time });
    if (d.method === 'setCurrentTime') {
      time = d.value;
      window.seeks.push(time);
      send({ method: 'setCurrentTime', value: time });
      send({ event: 'seeked', data: { seconds: time, percent: 0, duration: 60 } });
    }
  });
  send({ event: 'ready' });
  setInterval(() => listening && send({ event: 'timeupdate', data: { seconds: time, percent: 0, duration: 60 } }), 200);
</script></body></html>`;

/** The embed's frame, once its page (the fake player from `host`) has loaded. */
async function embedFrame(page: Page, host: string): Promise<Frame> {
  const element = await page.waitForSelector(`iframe[src^="${host}"]`, { state: 'attached' });
  const frame = await element.contentFrame();
  if (!frame) throw new Error(`no frame from ${host}`);
  await frame.waitForURL((url) => url.href.startsWith(host));
  await frame.waitForLoadState('load');
  return frame;
}

/**
 * Posts `message` from the page's own window, as a stray script would, and returns once the
 * app has handled it: a second message posted after it arrives after it (a window's messages are
 * delivered in order), and two frames later React has drawn what it changed.
 */
async function postFromPage(page: Page, message: string): Promise<void> {
  await page.evaluate(
    (forged) =>
      new Promise<void>((resolve) => {
        const marker = JSON.stringify({ event: 'e2e-marker', id: Math.random() });
        const heard = (event: MessageEvent) => {
          if (event.data !== marker) return;
          window.removeEventListener('message', heard);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        window.addEventListener('message', heard);
        window.postMessage(forged, '*');
        window.postMessage(marker, '*');
      }),
    message,
  );
}

const seeksOf = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { seeks: number[] }).seeks);

/** The two embeds, each answered by its fake page from its real origin. */
const EMBEDS = {
  YouTube: { host: 'https://www.youtube-nocookie.com', page: FAKE_YOUTUBE, at: '00:00:12:15' },
  Vimeo: { host: 'https://player.vimeo.com', page: FAKE_VIMEO, at: '00:00:07:06' },
};

/**
 * A video on `platform` with a comment at `moment`, in a page at `viewport`: "Comment at" shows
 * the fake player's own time, and the comment's timecode makes the player hear a seek.
 */
async function seekThroughEmbed(
  platform: keyof typeof EMBEDS,
  link: string,
  viewport: { width: number; height: number },
) {
  const embed = EMBEDS[platform];
  const opened = await openVideo({
    name: `${platform} cut`,
    link,
    comment: 'Music too loud at 0:42',
    viewport,
    host: embed.host,
    serve: html(embed.page),
  });
  const { page, dialog } = opened;
  const frame = await embedFrame(page, `${embed.host}/`);
  await visible(dialog.getByRole('button', { name: `Comment at ${embed.at}` }));
  // A message from any other window or origin is not the player's: ignored.
  await postFromPage(page, JSON.stringify({ event: 'infoDelivery', info: { currentTime: 999 } }));
  await visible(dialog.getByRole('button', { name: `Comment at ${embed.at}` }));

  await dialog.getByRole('button', { name: 'Play from 0:42' }).click();
  await expect.poll(() => seeksOf(frame)).toEqual([42]);
  // The player's answer moved the time "Comment at" takes.
  await dialog.getByRole('button', { name: 'Comment at 00:00:42:00' }).click();
  expect(await dialog.getByRole('textbox', { name: /Comment at/ }).inputValue()).toBe(
    '00:00:42:00',
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: `${ARTIFACTS}/player-${platform.toLowerCase()}-${viewport.width}.png`,
  });
  return { ...opened, frame };
}

describe('YouTube and Vimeo through their postMessage protocols', () => {
  it('YouTube: the time comes from the player, a timecode sends seekTo', async () => {
    const { dialog, frame } = await seekThroughEmbed(
      'YouTube',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      DESKTOP,
    );
    const iframe = dialog.locator('iframe[title="YouTube video player"]');
    const src = new URL((await iframe.getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(new URL(browser.baseUrl).origin);
    expect(await iframe.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    // The page said it was listening, as YouTube's protocol asks.
    const heard = await frame.evaluate(
      () => (window as unknown as { heard: { data: { event: string } }[] }).heard,
    );
    expect(heard.map((h) => h.data.event)).toContain('listening');
  });

  it('Vimeo: timeupdate gives the time, a timecode sends setCurrentTime', async () => {
    const { dialog } = await seekThroughEmbed('Vimeo', 'https://vimeo.com/76979871', PHONE);
    expect(await dialog.locator('iframe[title="Vimeo video player"]').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871?api=1',
    );
  });
});
