/**
 * A real video file for the browser to play: e2e/fixtures/clip.mp4 (6 s, 320x180, H.264
 * baseline, no audio, made with ffmpeg), served by the browser's own routing for any address
 * under a host no test can reach, honouring Range requests as a media server does.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Route } from 'playwright-core';

const clip = await readFile(new URL('../fixtures/clip.mp4', import.meta.url));

/** The clip's bytes for a request: 206 with the asked range, else the whole of it. */
export async function serveClip(route: Route) {
  const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
  const headers = { 'content-type': 'video/mp4', 'accept-ranges': 'bytes' };
  if (!range) return route.fulfill({ status: 200, headers, body: clip });
  const start = Number(range[1]);
  const end = range[2] ? Math.min(Number(range[2]), clip.length - 1) : clip.length - 1;
  return route.fulfill({
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${start}-${end}/${clip.length}` },
    body: clip.subarray(start, end + 1),
  });
}

/** Plays the page's first <video> (muted: no gesture needed) past `seconds`, then pauses it. */
export async function playPast(page: Page, seconds: number): Promise<number> {
  const player = page.locator('video').first();
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await page.waitForFunction(
    (s) => (document.querySelector('video')?.currentTime ?? 0) > s,
    seconds,
  );
  return player.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
}
